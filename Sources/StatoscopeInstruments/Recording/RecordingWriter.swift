import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Writes the lines of one recording: numbers them, encodes each event once, straight into its line,
/// and refuses, when writing, any line its reader would refuse.
///
/// Plain data: the ``Recorder``, the ``FlightRecorder`` and the inspector hand it what to write and
/// send its text where they write.
package struct RecordingWriter {
    /// The number of the next line; the header is line 1.
    private(set) var nextLine = 1
    /// How many event lines were written, unrecordable ones included.
    package private(set) var eventCount = 0
    /// The events that could not be recorded, with their lines.
    package private(set) var refusals: [RecordingError] = []
    /// Whether the end line was written: nothing may follow it.
    private(set) var isEnded = false
    /// The longest line this writer writes, terminator excluded.
    var maximumLineLength = RecordingFormat.maximumLineLength
    /// What holds lines of at most ``maximumLineLength`` bytes, as an unrecordable line names it.
    var lineLimitHolder = "a recording"
    /// Whether the events that could not be recorded are kept in ``refusals``: a writer that runs
    /// for the app's whole life keeps none, so that its memory stays bounded.
    var keepsRefusals = true

    private let encoder = JSONLineEncoder(redactingSensitiveValues: true)

    package init() {}

    /// The header, line 1; `endedWithoutStopping` for the recording a run left without stopping its
    /// recorder.
    package mutating func header(
        rootTypeName: String, droppedEvents: Int = 0, endedWithoutStopping: Bool = false
    )
        -> String
    {
        nextLine = 2
        var line = #"{"format":"# + "\"\(RecordingFormat.name)\""
        if droppedEvents > 0 { line += #","dropped":\#(droppedEvents)"# }
        line += #","root":"#
        encoder.bytes.removeAll(keepingCapacity: true)
        encoder.writeString(rootTypeName)
        line += String(decoding: encoder.bytes, as: UTF8.self)
        if endedWithoutStopping { line += #","stopped":false"# }
        line += #","version":\#(RecordingFormat.version)}"# + "\n"
        return line
    }

    /// The line of an event sent to the scope at `path`: the event encoded with its sensitive values
    /// and cases redacted, at any depth, or, if it cannot be recorded exactly, the reason in its place.
    package mutating func eventLine(path: [String], scopeTypeName: String, event: any Sendable) -> String {
        String(
            decoding: eventLineBytes(path: path, scopeTypeName: scopeTypeName, event: event), as: UTF8.self)
    }

    /// The bytes of an event's line, as ``eventLine(path:scopeTypeName:event:)`` writes it: the
    /// writer's own buffer, valid until it writes the next line, so that a caller copying them
    /// elsewhere allocates nothing.
    mutating func eventLineBytes(path: [String], scopeTypeName: String, event: any Sendable) -> [UInt8] {
        let number = nextLine
        nextLine += 1
        eventCount += 1
        return encodedLine(number: number, path: path, scopeTypeName: scopeTypeName, event: event)
    }

    /// The line of a step of an effect's life: its type and the step, never its values.
    mutating func stepLine(path: [String], scopeTypeName: String, effectTypeName: String, step: String)
        -> String
    {
        String(
            decoding: stepLineBytes(
                path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName, step: step),
            as: UTF8.self)
    }

    /// The bytes of a step's line, as ``eventLineBytes(path:scopeTypeName:event:)`` gives an event's.
    mutating func stepLineBytes(path: [String], scopeTypeName: String, effectTypeName: String, step: String)
        -> [UInt8]
    {
        let number = nextLine
        nextLine += 1
        writePrefix(number: number, path: path, scopeTypeName: scopeTypeName)
        encoder.bytes.append(contentsOf: #","effect":"#.utf8)
        encoder.writeString(effectTypeName)
        encoder.bytes.append(contentsOf: #","step":"#.utf8)
        encoder.writeString(step)
        encoder.bytes.append(contentsOf: "}\n".utf8)
        return encoder.bytes
    }

    /// The end line, which counts the events; nothing is written after it.
    mutating func endLine() -> String {
        isEnded = true
        defer { nextLine += 1 }
        return Self.endLine(number: nextLine, events: eventCount)
    }

    /// The end line of a recording of `events` events, as line `number`; by default the line after a
    /// header and those events.
    package static func endLine(number: Int? = nil, events: Int) -> String {
        #"{"n":\#(number ?? events + 2),"end":{"events":\#(events)}}"# + "\n"
    }

    private mutating func encodedLine(
        number: Int, path: [String], scopeTypeName: String, event: any Sendable
    ) -> [UInt8] {
        writePrefix(number: number, path: path, scopeTypeName: scopeTypeName)
        let prefixLength = encoder.bytes.count
        encoder.bytes.append(contentsOf: #","event":"#.utf8)
        let reason: String
        do {
            try appendEvent(event, scopeTypeName: scopeTypeName)
            encoder.bytes.append(contentsOf: "}\n".utf8)
            let length = encoder.bytes.count - 1
            guard length > maximumLineLength else { return encoder.bytes }
            reason =
                "its line would be \(length) bytes long; \(lineLimitHolder)'s lines hold at most \(maximumLineLength)"
        } catch {
            reason = Self.reason(error, scopeTypeName: scopeTypeName)
        }
        encoder.bytes.removeSubrange(prefixLength...)
        encoder.bytes.append(contentsOf: #","unrecordable":"#.utf8)
        encoder.writeString(reason)
        encoder.bytes.append(contentsOf: "}\n".utf8)
        if keepsRefusals {
            refusals.append(
                RecordingError(
                    line: number, reason: "the event of \(scopeTypeName) was not recorded: \(reason)"))
        }
        return encoder.bytes
    }

    private func writePrefix(number: Int, path: [String], scopeTypeName: String) {
        encoder.bytes.removeAll(keepingCapacity: true)
        encoder.bytes.append(contentsOf: #"{"n":"#.utf8)
        encoder.write(number)
        encoder.bytes.append(contentsOf: #","path":["#.utf8)
        for (index, name) in path.enumerated() {
            if index > 0 { encoder.bytes.append(UInt8(ascii: ",")) }
            encoder.writeString(name)
        }
        encoder.bytes.append(contentsOf: #"],"scope":"#.utf8)
        encoder.writeString(scopeTypeName)
    }

    private func appendEvent(_ event: any Sendable, scopeTypeName: String) throws {
        guard let encodable = event as? any Encodable else { throw NotCodable() }
        let start = encoder.bytes.count
        do {
            try encoder.append(encodable)
            guard encoder.needsFallback else { return }
        } catch is JSONLineEncoder.FallbackNeeded {}
        // Rare: a value that writes into a container after moving on, or encodes its superclass
        // apart. `JSONEncoder` takes any order; what it wrote is checked to be JSON the reader takes.
        encoder.bytes.removeSubrange(start...)
        let data = try RecordingFormat.fallbackEncoder(redactingSensitiveValues: true).encode(
            SensitiveCasesRedacted(encodable, spellingFloatsAs: RecordingFormat.self))
        _ = try JSONDecoder().decode(EventValue.self, from: data)
        encoder.bytes.append(contentsOf: data)
    }

    private struct NotCodable: Error {}

    private static func reason(_ error: any Error, scopeTypeName: String) -> String {
        switch error {
        case is NotCodable:
            return "\(scopeTypeName).When is not Codable"
        case EncodingError.invalidValue(_, let context):
            return "it cannot be recorded exactly: \(context.debugDescription)"
        default:
            return "it failed to encode: \(error)"
        }
    }
}
