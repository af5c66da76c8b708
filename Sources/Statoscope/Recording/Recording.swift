import Foundation

/// A recorded session: the events that reached a tree of scopes, in order, ready to replay.
///
/// Reading a recording checks all of it before anything is replayed: a recording that is empty,
/// truncated, corrupt, of another version, or has an event that could not be recorded is refused
/// with a ``RecordingError`` naming the line and the reason.
public struct Recording: Sendable {
    /// The type name of the scope the recording started from.
    public let rootTypeName: String
    /// The events, oldest first.
    public let events: [RecordedEvent]

    /// Reads a recording from a file.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RecordingError(line: 0, reason: "cannot read \(url.path): \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RecordingError(line: 0, reason: "\(url.path) is not UTF-8 text")
        }
        try self.init(jsonLines: text)
    }

    /// Reads a recording from its text.
    public init(jsonLines text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsWithNewline = text.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        guard let headerLine = lines.first, !headerLine.allSatisfy(\.isWhitespace) else {
            throw RecordingError(line: 1, reason: "the recording is empty")
        }
        let decoder = JSONDecoder()
        func decodeLine<T: Decodable>(_ type: T.Type, _ line: Substring, number: Int) throws -> T {
            guard line.utf8.count <= RecordingFormat.maximumLineLength else {
                throw RecordingError(
                    line: number, reason: "longer than \(RecordingFormat.maximumLineLength) bytes")
            }
            do {
                return try decoder.decode(type, from: Data(line.utf8))
            } catch {
                let isLast = number == lines.count && !endsWithNewline
                throw RecordingError(
                    line: number,
                    reason: isLast
                        ? "truncated: the recording ends in the middle of this line"
                        : RecordingError.reason(decoding: error))
            }
        }
        let header = try decodeLine(RecordingFormat.Header.self, headerLine, number: 1)
        guard header.format == RecordingFormat.name else {
            throw RecordingError(line: 1, reason: "not a Statoscope recording (format \"\(header.format)\")")
        }
        guard header.version == RecordingFormat.version else {
            throw RecordingError(
                line: 1,
                reason:
                    "version \(header.version) is not supported; this library reads version \(RecordingFormat.version)"
            )
        }
        rootTypeName = header.root
        events = try lines.enumerated().dropFirst().map { index, text in
            let number = index + 1
            let line = try decodeLine(RecordingFormat.Line.self, text, number: number)
            let path = ([header.root] + line.path).joined(separator: ".")
            if let reason = line.unrecordable {
                throw RecordingError(
                    line: number, reason: "the event of \(line.scope) at \(path) was not recorded: \(reason)")
            }
            guard let event = line.event else {
                throw RecordingError(line: number, reason: "missing \"event\"")
            }
            return RecordedEvent(line: number, path: line.path, scopeTypeName: line.scope, event: event)
        }
    }

    /// Builds a fresh tree and replays every event into it, with effects off; returns the tree.
    ///
    /// If an event cannot be replayed, the error names its line and the tree is discarded: nothing
    /// half-replayed is handed back.
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
    /// The event, as recorded (sensitive values redacted).
    public let event: EventValue
}
