import Foundation

/// The file a surviving flight recorder writes, mapped into memory so that what it holds outlives the
/// process however it ends (see ``SurvivingLogLayout``). The kernel keeps the mapped pages when the
/// process dies; only the machine stopping (power lost, the system crashing) may lose what it had not
/// yet written out.
///
/// Its writer thread fills the slots; the recorder, on the main actor, only notes in the header how
/// many entries it has handed over, and closes the file once the writer has ended.
// SAFETY (`@unchecked Sendable`): Sound because each part of the mapping has one writer at a
// time: the header's hand-over count the recorder (on the main actor), the slots and the rest of
// the header the writer thread, and the state and hand-over count again the recorder once the
// writer has ended (which the hand-over's lock orders before it). The fatal-signal handler only
// reads and notes the signal.
final class SurvivingLogFile: @unchecked Sendable {
    let url: URL
    let slotCount: Int
    let slotSize: Int
    let base: UnsafeMutableRawPointer
    private let fileSize: Int
    /// Open while the file is: it holds the lock that keeps other recorders out.
    private let descriptor: Int32

    /// Creates or replaces the file at `url`, of a fixed size, maps it and writes its header.
    init(url: URL, capacity: Int, maximumLineLength: Int, rootTypeName: String, appVersion: String) throws {
        self.url = url
        (slotCount, slotSize) = SurvivingLogLayout.geometry(
            capacity: capacity, maximumLineLength: maximumLineLength)
        fileSize = SurvivingLogLayout.headerSize + slotCount * slotSize
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError(
                line: 0, reason: "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        // The lock says the file is being written: another recorder, of this process or another,
        // refuses it rather than write over it. The descriptor holds it until the file closes, and the
        // system lets it go when the process dies.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason =
                errno == EWOULDBLOCK
                ? "another surviving flight recorder writes it (of this process or another)"
                : String(cString: strerror(errno))
            close(descriptor)
            throw RecordingError(
                line: 0, reason: "cannot keep a surviving flight recording in \(url.path): \(reason)")
        }
        self.descriptor = descriptor
        // A device (not a regular file) cannot be emptied, and needs not be: the writes below say
        // whether it takes the file.
        guard ftruncate(descriptor, 0) == 0 || errno == EINVAL else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw RecordingError(line: 0, reason: "cannot empty \(url.path): \(reason)")
        }
        do {
            try Self.reserve(fileSize, in: descriptor, path: url.path)
        } catch {
            close(descriptor)
            throw error
        }
        // SAFETY: Sound because the mapping is as long as the file just written, shared so that
        // the kernel writes it back, and unmapped only in `deinit`, when nothing uses it any more.
        let mapped = mmap(nil, fileSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        // SAFETY: Sound because the address is only compared with what `mmap` returns on failure
        // (`MAP_FAILED`, all bits set), never read through.
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            close(descriptor)
            throw RecordingError(
                line: 0, reason: "cannot map \(url.path): \(String(cString: strerror(errno)))")
        }
        base = mapped
        writeHeader(rootTypeName: rootTypeName, appVersion: appVersion)
    }

    deinit {
        munmap(base, fileSize)
        close(descriptor)
    }

    /// Writes `size` zero bytes into the empty file: every slot reads as empty, and the disk holds
    /// the whole file before anything is mapped. A file grown by `ftruncate` alone would be sparse,
    /// and a store into a page the disk then had no room for would end the process (`SIGBUS`); the
    /// pages written are also in memory already, so that the first entries do not wait for them.
    private static func reserve(_ size: Int, in descriptor: Int32, path: String) throws {
        let zeros = [UInt8](repeating: 0, count: 1 << 16)
        var written = 0
        while written < size {
            // SAFETY: Sound because `write` reads at most `zeros.count` bytes from the buffer, and
            // the pointer is used only inside the closure.
            let count = zeros.withUnsafeBytes {
                write(descriptor, $0.baseAddress, min($0.count, size - written))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw RecordingError(
                    line: 0,
                    reason:
                        "cannot reserve \(size) bytes for \(path): \(count < 0 ? String(cString: strerror(errno)) : "nothing written")"
                )
            }
            written += count
        }
    }

    private func writeHeader(rootTypeName: String, appVersion: String) {
        typealias Header = SurvivingLogLayout.Header
        // SAFETY: Sound because the mapping is `fileSize` bytes long, more than the header.
        let header = UnsafeMutableRawBufferPointer(start: base, count: SurvivingLogLayout.headerSize)
        header.copyBytes(from: SurvivingLogLayout.magic)
        base.storeLittleEndian(SurvivingLogLayout.version, at: Header.version)
        base.storeLittleEndian(UInt32(SurvivingLogLayout.headerSize), at: Header.headerSize)
        base.storeLittleEndian(UInt32(slotCount), at: Header.slotCount)
        base.storeLittleEndian(UInt32(slotSize), at: Header.slotSize)
        base.storeLittleEndian(SurvivingLogLayout.State.open, at: Header.state)
        let version = Self.prefix(of: appVersion, fitting: Header.appVersionCapacity)
        base.storeLittleEndian(UInt32(version.count), at: Header.appVersionLength)
        (base + Header.appVersion).copyMemory(from: version, byteCount: version.count)
        let root = Self.prefix(of: rootTypeName, fitting: Header.rootTypeCapacity)
        base.storeLittleEndian(UInt32(root.count), at: Header.rootTypeLength)
        (base + Header.rootType).copyMemory(from: root, byteCount: root.count)
    }

    /// The longest start of `text` that fits `capacity` bytes of UTF-8, cut between characters.
    private static func prefix(of text: String, fitting capacity: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for character in text {
            let utf8 = character.utf8
            guard bytes.count + utf8.count <= capacity else { break }
            bytes.append(contentsOf: utf8)
        }
        return bytes
    }

    /// Notes that the entry numbered `sequence` is handed to the writer.
    func noteHandedOver(_ sequence: UInt64) {
        base.storeLittleEndian(sequence, at: SurvivingLogLayout.Header.handedOver)
    }

    /// Writes `entry`'s line, its terminator the last of `line`, into its slot: the header first says
    /// which entry is being written, then the slot is filled, its checksum written last, and the
    /// header says the entry is written whole.
    func store(_ entry: SurvivingLogPending.Entry, line: [UInt8]) {
        typealias Slot = SurvivingLogLayout.Slot
        typealias Header = SurvivingLogLayout.Header
        let isEvent: Bool
        if case .event = entry.content { isEvent = true } else { isEvent = false }
        let kind = isEvent ? SurvivingLogLayout.Kind.event : SurvivingLogLayout.Kind.step
        base.storeLittleEndian(entry.sequence, at: Header.lastSequence)
        base.storeLittleEndian(
            isEvent ? entry.eventNumber - 1 : entry.eventNumber, at: Header.eventsBeforeLast)
        base.storeLittleEndian(entry.time, at: Header.lastTime)
        let slot =
            base + SurvivingLogLayout.headerSize + Int((entry.sequence - 1) % UInt64(slotCount)) * slotSize
        // A line that still does not fit (a step of a type whose name is longer than a slot, an
        // unrecordable line with a path that long) is written as one that says so, without its path.
        var length = line.count - 1
        if length > slotSize - Slot.line {
            let stand =
                isEvent
                ? #"{"n":1,"path":[],"scope":"","unrecordable":"its line would be \#(length) bytes long, more than a slot of this file holds, even without its event"}"#
                : #"{"n":1,"path":[],"scope":"","effect":"(its line would be \#(length) bytes long, more than a slot of this file holds)","step":"unknown"}"#
            length = writeLine(Array(stand.utf8)[...], into: slot)
        } else {
            // Without its terminator, which a slot does not keep.
            length = writeLine(line[..<length], into: slot)
        }
        slot.storeLittleEndian(UInt32(length), at: Slot.length)
        slot.storeLittleEndian(UInt32(kind), at: Slot.kind)
        slot.storeLittleEndian(entry.sequence, at: Slot.sequence)
        slot.storeLittleEndian(entry.eventNumber, at: Slot.eventNumber)
        slot.storeLittleEndian(entry.time, at: Slot.time)
        // SAFETY: Sound because both buffers lie inside the slot: its head, and the `length` bytes
        // of its line, which fit it.
        let checksum = SurvivingLogLayout.checksum(
            slotHead: UnsafeRawBufferPointer(start: slot, count: Slot.checksum),
            line: UnsafeRawBufferPointer(start: slot + Slot.line, count: length))
        slot.storeLittleEndian(checksum, at: Slot.checksum)
        base.storeLittleEndian(entry.sequence, at: Header.lastWritten)
    }

    /// Copies a line into a slot, as much of it as the slot holds; returns the length copied.
    private func writeLine(_ line: ArraySlice<UInt8>, into slot: UnsafeMutableRawPointer) -> Int {
        let length = min(line.count, slotSize - SurvivingLogLayout.Slot.line)
        // SAFETY: Sound because `length` is at most the line's count and the room after the head.
        line.withUnsafeBytes {
            (slot + SurvivingLogLayout.Slot.line).copyMemory(from: $0.baseAddress!, byteCount: length)
        }
        return length
    }

    /// Marks the file closed cleanly: its run stopped recording rather than ended.
    func markClosed() {
        base.storeLittleEndian(SurvivingLogLayout.State.closed, at: SurvivingLogLayout.Header.state)
        msync(base, SurvivingLogLayout.headerSize, MS_ASYNC)
    }
}
