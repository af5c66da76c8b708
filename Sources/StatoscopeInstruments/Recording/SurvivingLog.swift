import Foundation

/// The file a surviving flight recorder writes each entry into as it keeps it, mapped into memory so
/// that what it holds outlives the process however it ends (see ``SurvivingLogLayout``).
///
/// Each entry is encoded at once, with a recording's redaction, into its slot: the main actor's work
/// per entry is encoding the line and copying it, no system call and, once the encoder's buffer has
/// grown to the longest line, no allocation. The kernel keeps the mapped pages when the process dies;
/// only the machine stopping (power lost, the system crashing) may lose what it had not yet written
/// out.
final class SurvivingLog {
    let url: URL
    let slotCount: Int
    let slotSize: Int
    private let base: UnsafeMutableRawPointer
    private let fileSize: Int
    private var sequence: UInt64 = 0
    private var eventCount: UInt64 = 0
    private var writer = RecordingWriter()
    private(set) var isClosed = false

    /// Creates or replaces the file at `url`, of a fixed size, and maps it.
    init(
        url: URL, capacity: Int, maximumLineLength: Int, rootTypeName: String, appVersion: String
    ) throws {
        self.url = url
        (slotCount, slotSize) = SurvivingLogLayout.geometry(
            capacity: capacity, maximumLineLength: maximumLineLength)
        fileSize = SurvivingLogLayout.headerSize + slotCount * slotSize
        writer.maximumLineLength = slotSize - SurvivingLogLayout.Slot.line
        writer.lineLimitHolder = "a surviving flight recording"
        writer.keepsRefusals = false
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError(
                line: 0, reason: "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        // The mapping keeps the file; the descriptor is not needed once it is made.
        defer { close(descriptor) }
        try Self.reserve(fileSize, in: descriptor, path: url.path)
        let mapped = mmap(nil, fileSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw RecordingError(
                line: 0, reason: "cannot map \(url.path): \(String(cString: strerror(errno)))")
        }
        base = mapped
        writeHeader(rootTypeName: rootTypeName, appVersion: appVersion)
        Self.noteFatalSignals(in: base)
    }

    deinit {
        if !isClosed { Self.stopNotingFatalSignals(in: base) }
        munmap(base, fileSize)
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

    /// Writes an event's line into the next slot.
    func keepEvent(path: [String], scopeTypeName: String, event: any Sendable) {
        guard !isClosed else { return }
        eventCount += 1
        let line = writer.eventLineBytes(path: path, scopeTypeName: scopeTypeName, event: event)
        store(line, kind: SurvivingLogLayout.Kind.event)
    }

    /// Writes a step of an effect's life into the next slot.
    func keepStep(path: [String], scopeTypeName: String, effectTypeName: String, step: String) {
        guard !isClosed else { return }
        let line = writer.stepLineBytes(
            path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName, step: step)
        store(line, kind: SurvivingLogLayout.Kind.step)
    }

    /// Writes one line, its terminator the last of `line`, into the slot of the next sequence number:
    /// the header first says which entry is being written, then the slot is filled and its checksum
    /// written last.
    private func store(_ line: [UInt8], kind: UInt8) {
        typealias Slot = SurvivingLogLayout.Slot
        sequence += 1
        let time = SurvivingLogLayout.now()
        base.storeLittleEndian(sequence, at: SurvivingLogLayout.Header.lastSequence)
        let eventsBefore = kind == SurvivingLogLayout.Kind.event ? eventCount - 1 : eventCount
        base.storeLittleEndian(eventsBefore, at: SurvivingLogLayout.Header.eventsBeforeLast)
        base.storeLittleEndian(time, at: SurvivingLogLayout.Header.lastTime)
        let slot = base + SurvivingLogLayout.headerSize + Int((sequence - 1) % UInt64(slotCount)) * slotSize
        // A line that still does not fit (a step of a type whose name is longer than a slot, an
        // unrecordable line with a path that long) is written as one that says so, without its path.
        var length = line.count - 1
        if length > slotSize - Slot.line {
            let stand =
                kind == SurvivingLogLayout.Kind.event
                ? #"{"n":1,"path":[],"scope":"","unrecordable":"its line would be \#(length) bytes long, more than a slot of this file holds, even without its event"}"#
                : #"{"n":1,"path":[],"scope":"","effect":"(its line would be \#(length) bytes long, more than a slot of this file holds)","step":"unknown"}"#
            length = writeLine(Array(stand.utf8), into: slot)
        } else {
            // SAFETY: Sound because the slot has room for `length` bytes after its head (checked just
            // above), and `line` holds `length + 1` bytes.
            line.withUnsafeBytes { (slot + Slot.line).copyMemory(from: $0.baseAddress!, byteCount: length) }
        }
        slot.storeLittleEndian(UInt32(length), at: Slot.length)
        slot.storeLittleEndian(UInt32(kind), at: Slot.kind)
        slot.storeLittleEndian(sequence, at: Slot.sequence)
        slot.storeLittleEndian(eventCount, at: Slot.eventNumber)
        slot.storeLittleEndian(time, at: Slot.time)
        // SAFETY: Sound because both buffers lie inside the slot: its head, and the `length` bytes
        // of its line, which fit it.
        let checksum = SurvivingLogLayout.checksum(
            slotHead: UnsafeRawBufferPointer(start: slot, count: Slot.checksum),
            line: UnsafeRawBufferPointer(start: slot + Slot.line, count: length))
        slot.storeLittleEndian(checksum, at: Slot.checksum)
    }

    /// Copies a line that fits a slot into it; returns its length.
    private func writeLine(_ line: [UInt8], into slot: UnsafeMutableRawPointer) -> Int {
        let length = min(line.count, slotSize - SurvivingLogLayout.Slot.line)
        // SAFETY: Sound because `length` is at most the line's count and the room after the head.
        line.withUnsafeBytes {
            (slot + SurvivingLogLayout.Slot.line).copyMemory(from: $0.baseAddress!, byteCount: length)
        }
        return length
    }

    /// Marks the file closed cleanly: its run stopped recording rather than ended. Nothing is written
    /// after this.
    func markClosed() {
        guard !isClosed else { return }
        isClosed = true
        Self.stopNotingFatalSignals(in: base)
        base.storeLittleEndian(SurvivingLogLayout.State.closed, at: SurvivingLogLayout.Header.state)
        msync(base, SurvivingLogLayout.headerSize, MS_ASYNC)
    }
}
