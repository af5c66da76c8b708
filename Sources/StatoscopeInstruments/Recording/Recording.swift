import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A recorded session: the events that reached a tree of scopes, in order, ready to replay.
///
/// Reading a recording checks all of it before anything is replayed: a recording that is empty,
/// cut short (in a line, or at a line boundary before its end line), corrupt, of another version, has
/// a line repeated, lost or moved, or has an event that could not be recorded is refused with a
/// ``RecordingError`` naming the line and the reason. Lines may end with LF or CRLF.
public struct Recording: Sendable {
    /// The type name of the scope the recording started from.
    public let rootTypeName: String
    /// The events, oldest first.
    public let events: [RecordedEvent]
    /// Whether the recording's run ended without stopping its recorder, after its last event: if it
    /// ended in an update, the last event's update is where. A test plan writes that event without
    /// sending it.
    package let lastEventEndedItsRun: Bool

    /// Reads a recording from a file.
    ///
    /// The file is read in pieces: a line longer than a recording's lines may be (1 MiB) is refused
    /// as soon as it is met, without reading the rest.
    public init(contentsOf url: URL) throws {
        let file: FileHandle
        do {
            file = try FileHandle(forReadingFrom: url)
        } catch {
            throw RecordingError(line: 0, reason: "cannot read \(url.path): \(error.localizedDescription)")
        }
        defer { try? file.close() }
        var splitter = RecordingLineSplitter()
        // `read(2)` rather than `FileHandle.read(upToCount:)`, which may wait to fill its count: what
        // has arrived is checked at once, so an over-long line is refused before the rest comes.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // SAFETY: Sound because `read` writes at most the buffer's own count into it, and the
            // pointer is used only inside the closure.
            let count = buffer.withUnsafeMutableBytes { read(file.fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                guard errno == EINTR else {
                    throw RecordingError(
                        line: 0, reason: "cannot read \(url.path): \(String(cString: strerror(errno)))")
                }
                continue
            }
            guard count > 0 else { break }
            try buffer.withUnsafeBytes {
                // SAFETY: Sound because `count` is what `read` returned, at most the buffer's size,
                // and the splitter copies what it keeps before the closure returns.
                try splitter.consume(UnsafeRawBufferPointer(rebasing: $0[..<count]))
            }
        }
        try self.init(splitter)
    }

    /// Reads a recording from its text.
    public init(jsonLines text: String) throws {
        var splitter = RecordingLineSplitter()
        var text = text
        // SAFETY: Sound because the splitter copies what it keeps before the closure returns.
        try text.withUTF8 { try splitter.consume(UnsafeRawBufferPointer($0)) }
        try self.init(splitter)
    }

    private init(_ splitter: consuming RecordingLineSplitter) throws {
        let (lines, lastIsUnterminated) = splitter.finish()
        (rootTypeName, events, lastEventEndedItsRun) = try RecordingReader(
            lines: lines, lastIsUnterminated: lastIsUnterminated
        )
        .read()
    }

    private init(rootTypeName: String, events: [RecordedEvent], lastEventEndedItsRun: Bool) {
        self.rootTypeName = rootTypeName
        self.events = events
        self.lastEventEndedItsRun = lastEventEndedItsRun
    }

    /// Reads a recording's text as far as it can: the events before the first damaged or
    /// unrecordable line, and that line's fault (nil when there is none). A fault in the header is
    /// thrown: nothing can be read without it.
    ///
    /// For tools that show what a session did up to where its recording stops being replayable.
    package static func upToFirstFault(jsonLines text: String) throws -> (Recording, fault: RecordingError?) {
        var splitter = RecordingLineSplitter()
        var text = text
        // SAFETY: Sound because the splitter copies what it keeps before the closure returns.
        try text.withUTF8 { try splitter.consume(UnsafeRawBufferPointer($0)) }
        let (lines, lastIsUnterminated) = splitter.finish()
        let read = try RecordingReader(lines: lines, lastIsUnterminated: lastIsUnterminated)
            .read(stoppingAtFault: true)
        let recording = Recording(
            rootTypeName: read.rootTypeName, events: read.events,
            lastEventEndedItsRun: read.endedWithoutStopping)
        return (recording, read.fault)
    }

    /// Builds a fresh tree and replays every event into it, with effects off; returns the tree.
    ///
    /// If an event cannot be replayed, the error names its line and the tree is discarded: nothing
    /// half-replayed is handed back. Called from inside an update, it is refused (see
    /// ``Replay/step()``).
    @MainActor
    public func reproduce<Root: Scope>(_ build: () throws -> Root) throws -> Root {
        let root = try build()
        try Replay(self, into: root).playToEnd()
        return root
    }
}

/// One recorded event: which scope received it and what it was.
public struct RecordedEvent: Sendable, Equatable {
    /// Its line in the recording.
    public let line: Int
    /// The names from the recorded root down to the scope: `["rows[1]", "detail"]`.
    public let path: [String]
    /// The type name of the scope that received it.
    public let scopeTypeName: String
    /// The event, as recorded (sensitive values redacted), as JSON models it: for display, read from
    /// the recorded line each time it is asked for. Replaying decodes the recorded text itself, so
    /// numbers beyond `Int` and `Double` replay exactly.
    public var event: EventValue {
        if let storedEvent { return storedEvent }
        // The reader checked that these bytes read as an `EventValue`: the fallback is never taken.
        guard let eventSpan, let parsed = RecordingJSON(json, in: eventSpan),
            let event = EventValue(parsed: parsed, at: 0)
        else { return .null }
        return event
    }
    /// In a flight recording, which tells each effect's end, the type of the effect that delivered
    /// this event; nil when the recording does not say.
    package internal(set) var deliveringEffect: String?
    /// The event, when the reader read it with `JSONDecoder`; nil when it left it in the line.
    let storedEvent: EventValue?
    /// The event's line, as recorded.
    let json: [UInt8]
    /// Where the event's value lies in ``json``, when the reader parsed the line itself: replay
    /// parses those bytes only.
    let eventSpan: Range<Int>?
}
