import Foundation

/// Reads the bytes of a surviving flight recorder's file (see ``SurvivingLogLayout``): checks its
/// header and every slot, drops the entry the process was writing when it died, and refuses anything
/// else out of place, naming the byte where it is. Plain data in, the entries kept out.
struct SurvivingLogReader {
    struct Entry {
        let kind: UInt8
        let sequence: UInt64
        /// Events up to this entry, itself included.
        let eventNumber: UInt64
        /// Nanoseconds since 1970.
        let time: Int64
        let line: [UInt8]
    }

    let isClosed: Bool
    /// The fatal signal noted, 0 when none was.
    let signal: Int32
    let appVersion: String
    let rootTypeName: String
    /// The entries kept, oldest first.
    let entries: [Entry]
    /// Whether an entry was being written when the file was left: it is not among ``entries``.
    let droppedTornEntry: Bool
    /// How many events came before the first entry kept.
    let droppedEventCount: Int
    /// Entries handed to the writer after the newest one the file holds whole: the process ended
    /// before they were written, or while one was.
    let unwrittenEntryCount: Int

    private typealias Header = SurvivingLogLayout.Header
    private typealias Slot = SurvivingLogLayout.Slot

    /// Reads `bytes`, the whole file; `name` names it in errors.
    init(_ bytes: [UInt8], name: String) throws {
        func fault(_ offset: Int, _ reason: String) -> RecordingError {
            RecordingError(line: 0, reason: "\(name): at byte \(offset): \(reason)")
        }
        guard bytes.count >= Header.appVersion else {
            if bytes.count >= 8, Array(bytes[0..<8]) == SurvivingLogLayout.magic {
                throw fault(bytes.count, "cut short: the file ends inside its header")
            }
            throw fault(0, "not a surviving flight recording: it is \(bytes.count) bytes long")
        }
        guard Array(bytes[0..<8]) == SurvivingLogLayout.magic else {
            throw fault(0, "not a surviving flight recording: it does not start with \"STSFLREC\"")
        }
        // SAFETY: Sound because every read below is checked to lie within `bytes` first, and none
        // outlives the closure.
        let parsed = try bytes.withUnsafeBytes { file -> Self in
            let version = file.littleEndian(at: Header.version, as: UInt32.self)
            guard version == SurvivingLogLayout.version else {
                let which = version > SurvivingLogLayout.version ? "a newer" : "an unknown"
                throw fault(
                    Header.version,
                    "format version \(version) is \(which) one; this library reads version \(SurvivingLogLayout.version)"
                )
            }
            let headerSize = Int(file.littleEndian(at: Header.headerSize, as: UInt32.self))
            guard headerSize == SurvivingLogLayout.headerSize else {
                throw fault(
                    Header.headerSize,
                    "a header of \(headerSize) bytes; version 1 has \(SurvivingLogLayout.headerSize)")
            }
            let slotCount = Int(file.littleEndian(at: Header.slotCount, as: UInt32.self))
            let slotSize = Int(file.littleEndian(at: Header.slotSize, as: UInt32.self))
            guard slotCount >= 1 else { throw fault(Header.slotCount, "no slots") }
            let lineLength = slotSize - Slot.line
            guard SurvivingLogLayout.lineLengths.contains(lineLength) else {
                throw fault(
                    Header.slotSize,
                    "slots of \(slotSize) bytes; a slot is \(Slot.line + SurvivingLogLayout.lineLengths.lowerBound) to \(Slot.line + SurvivingLogLayout.lineLengths.upperBound)"
                )
            }
            // Multiplied with care: on a 32-bit platform a damaged header's product overflows `Int`.
            let (slotsSize, overflow) = slotCount.multipliedReportingOverflow(by: slotSize)
            guard !overflow, slotsSize <= Int.max - headerSize else {
                throw fault(
                    Header.slotCount, "\(slotCount) slots of \(slotSize) bytes: more than a file holds")
            }
            let expectedSize = headerSize + slotsSize
            guard file.count == expectedSize else {
                throw fault(
                    min(file.count, expectedSize),
                    file.count < expectedSize
                        ? "cut short: the file is \(file.count) bytes long; its header says \(expectedSize)"
                        : "\(file.count - expectedSize) bytes more than its header says (\(expectedSize))")
            }
            let state = file.littleEndian(at: Header.state, as: UInt32.self)
            guard state == SurvivingLogLayout.State.open || state == SurvivingLogLayout.State.closed else {
                throw fault(Header.state, "state \(state), which is neither open (1) nor closed (2)")
            }
            let appVersion = try Self.text(
                in: file, lengthAt: Header.appVersionLength, at: Header.appVersion,
                capacity: Header.appVersionCapacity, fault: fault)
            let rootTypeName = try Self.text(
                in: file, lengthAt: Header.rootTypeLength, at: Header.rootType,
                capacity: Header.rootTypeCapacity, fault: fault)
            let slots = try (0..<slotCount).map { index in
                try Self.slot(
                    in: file, at: headerSize + index * slotSize, index: index, slotCount: slotCount,
                    fault: fault)
            }
            let signal = file.littleEndian(at: Header.signal, as: Int32.self)
            let lastSequence = file.littleEndian(at: Header.lastSequence, as: UInt64.self)
            let handedOver = file.littleEndian(at: Header.handedOver, as: UInt64.self)
            let eventsBeforeLast = file.littleEndian(at: Header.eventsBeforeLast, as: UInt64.self)
            return try Self(
                slots: slots, slotCount: slotCount, slotSize: slotSize, signal: signal,
                lastSequence: lastSequence, handedOver: handedOver,
                eventsBeforeLast: eventsBeforeLast, isClosed: state == SurvivingLogLayout.State.closed,
                appVersion: appVersion, rootTypeName: rootTypeName, fault: fault)
        }
        self = parsed
    }

    /// What a slot holds.
    private enum SlotContent {
        case empty
        case entry(Entry)
        /// Written in part, or damaged: why it does not read.
        case unreadable(String)
    }

    private init(
        slots: [SlotContent], slotCount: Int, slotSize: Int, signal: Int32, lastSequence: UInt64,
        handedOver: UInt64, eventsBeforeLast: UInt64,
        isClosed: Bool, appVersion: String, rootTypeName: String, fault: (Int, String) -> RecordingError
    ) throws {
        self.isClosed = isClosed
        self.signal = signal
        self.appVersion = appVersion
        self.rootTypeName = rootTypeName
        func offset(ofSlot index: Int) -> Int { SurvivingLogLayout.headerSize + index * slotSize }
        // The newest entry that reads. The header names the entry begun last before its slot is
        // filled: the newest, or a later one left unfinished (later by more than one when the writer
        // had fallen behind and gave up entries that newer ones would overwrite).
        var newest: UInt64 = 0
        for case .entry(let entry) in slots { newest = max(newest, entry.sequence) }
        guard newest <= lastSequence || newest - lastSequence == 1 else {
            throw fault(
                Header.lastSequence,
                "the header says entry \(lastSequence) was written last, but the newest entry in the slots is \(newest)"
            )
        }
        guard lastSequence <= handedOver else {
            throw fault(
                Header.lastSequence,
                "the header says entry \(lastSequence) was written last, but the recorder kept \(handedOver)")
        }
        let torn = lastSequence > newest
        let writing = torn ? Int((lastSequence - 1) % UInt64(slotCount)) : -1
        var kept: [Entry] = []
        // The newest entry that belongs in the slots but is not there: entries up to it are not
        // kept, so that what is kept runs without a gap up to the newest.
        var newestMissing = 0
        for (index, content) in slots.enumerated() {
            // The entry this slot holds if every entry was written: the newest one that goes in it.
            let distance = (Int(clamping: newest) - 1 - index) % slotCount
            let expected = Int(clamping: newest) - (distance < 0 ? distance + slotCount : distance)
            switch content {
            case .unreadable(let reason):
                guard index == writing else {
                    throw fault(offset(ofSlot: index), "slot \(index) is damaged: \(reason)")
                }
                newestMissing = max(newestMissing, expected)
            case .empty:
                newestMissing = max(newestMissing, expected)
            case .entry(let entry):
                // An older entry: the one that belongs here was given up, or is the one left
                // unfinished.
                guard Int(clamping: entry.sequence) == expected else {
                    newestMissing = max(newestMissing, expected)
                    continue
                }
                kept.append(entry)
            }
        }
        kept.removeAll { Int(clamping: $0.sequence) <= newestMissing }
        unwrittenEntryCount = Int(clamping: handedOver > newest ? handedOver - newest : 0)
        // A file closed cleanly was not being written: an entry that does not read is damage.
        if torn, isClosed {
            throw fault(
                offset(ofSlot: writing),
                "slot \(writing) is damaged: entry \(lastSequence), written last, does not read whole, though the file was closed cleanly"
            )
        }
        entries = kept.sorted { $0.sequence < $1.sequence }
        droppedTornEntry = torn
        if let first = entries.first {
            let isEvent = first.kind == SurvivingLogLayout.Kind.event
            droppedEventCount = Int(
                clamping: isEvent && first.eventNumber > 0 ? first.eventNumber - 1 : first.eventNumber)
        } else {
            // Nothing kept: the one entry begun was left unfinished, or none was begun.
            droppedEventCount = torn ? Int(clamping: eventsBeforeLast) : 0
        }
    }

    /// The text of a header field: its length, then its UTF-8.
    private static func text(
        in file: UnsafeRawBufferPointer, lengthAt lengthOffset: Int, at offset: Int, capacity: Int,
        fault: (Int, String) -> RecordingError
    ) throws -> String {
        let length = Int(file.littleEndian(at: lengthOffset, as: UInt32.self))
        guard length <= capacity else {
            throw fault(lengthOffset, "a text of \(length) bytes, in a field of \(capacity)")
        }
        guard let text = String(validating: file[offset..<(offset + length)], as: UTF8.self) else {
            throw fault(offset, "not UTF-8")
        }
        return text
    }

    /// What the slot at `offset` holds.
    private static func slot(
        in file: UnsafeRawBufferPointer, at offset: Int, index: Int, slotCount: Int,
        fault: (Int, String) -> RecordingError
    ) throws -> SlotContent {
        // SAFETY: Sound because the file's size was checked to hold every slot whole.
        let head = UnsafeRawBufferPointer(rebasing: file[offset..<(offset + Slot.line)])
        if head.allSatisfy({ $0 == 0 }) { return .empty }
        let length = Int(head.littleEndian(at: Slot.length, as: UInt32.self))
        let slotSize = (file.count - SurvivingLogLayout.headerSize) / slotCount
        guard length <= slotSize - Slot.line else {
            return .unreadable("a line of \(length) bytes, longer than the slot")
        }
        // SAFETY: Sound because the line lies within the slot, checked just above.
        let line = UnsafeRawBufferPointer(
            rebasing: file[(offset + Slot.line)..<(offset + Slot.line + length)])
        let stored = head.littleEndian(at: Slot.checksum, as: UInt64.self)
        // SAFETY: Sound because the head's first `Slot.checksum` bytes are within it.
        let computed = SurvivingLogLayout.checksum(
            slotHead: UnsafeRawBufferPointer(rebasing: head[0..<Slot.checksum]), line: line)
        guard stored == computed else {
            return .unreadable("its checksum does not match what it holds")
        }
        let kind = head[Slot.kind]
        guard kind == SurvivingLogLayout.Kind.event || kind == SurvivingLogLayout.Kind.step else {
            return .unreadable(
                "an entry of kind \(kind), which is neither an event (1) nor an effect's step (2)")
        }
        let sequence = head.littleEndian(at: Slot.sequence, as: UInt64.self)
        guard sequence >= 1, Int((sequence - 1) % UInt64(slotCount)) == index else {
            return .unreadable(
                "it holds entry \(sequence), which goes in slot \((sequence &- 1) % UInt64(slotCount))")
        }
        return .entry(
            Entry(
                kind: kind, sequence: sequence,
                eventNumber: head.littleEndian(at: Slot.eventNumber, as: UInt64.self),
                time: head.littleEndian(at: Slot.time, as: Int64.self), line: Array(line)))
    }
}
