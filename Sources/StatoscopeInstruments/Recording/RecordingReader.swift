import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Checks a recording's lines, all of them, before anything is replayed: the header, each line's
/// number, each event line, the end line. Plain data in, a ``Recording`` or the first fault out.
struct RecordingReader {
    let lines: [[UInt8]]
    /// Whether the last line lacks its terminator: if it does not decode, it was cut short.
    let lastIsUnterminated: Bool
    private let decoder = JSONDecoder()

    init(lines: [[UInt8]], lastIsUnterminated: Bool) {
        self.lines = lines
        self.lastIsUnterminated = lastIsUnterminated
    }

    /// The root's type, the events, and whether the recording's run ended without stopping its
    /// recorder, after its last event (a surviving flight recording's header says so).
    func read() throws -> (rootTypeName: String, events: [RecordedEvent], endedWithoutStopping: Bool) {
        let read = try read(stoppingAtFault: false)
        return (read.rootTypeName, read.events, read.endedWithoutStopping)
    }

    /// Reads every line; with `stoppingAtFault`, a fault after the header ends the reading instead
    /// of being thrown, and is returned with the events before it.
    func read(
        stoppingAtFault: Bool
    ) throws -> (
        rootTypeName: String, events: [RecordedEvent], fault: RecordingError?, endedWithoutStopping: Bool
    ) {
        guard let headerLine = lines.first, !headerLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
            throw RecordingError(line: 1, reason: "the recording is empty")
        }
        let header = try decode(RecordingFormat.Header.self, at: 1)
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
        if let dropped = header.dropped, dropped < 0 {
            throw RecordingError(
                line: 1, reason: "\"dropped\" is \(dropped): a count of dropped events is zero or more")
        }
        if let dropped = header.dropped, dropped > 0 {
            throw RecordingError(
                line: 1,
                reason:
                    "a flight recording that kept only its last events: the \(dropped) before them are lost, so it cannot be replayed into a new tree"
            )
        }
        var events: [RecordedEvent] = []
        do {
            try readEvents(into: &events, root: header.root)
        } catch let fault as RecordingError where stoppingAtFault {
            // Its events stop before the run's last one.
            return (header.root, events, fault, false)
        }
        return (header.root, events, nil, header.stopped == false)
    }

    private func readEvents(into events: inout [RecordedEvent], root: String) throws {
        // In a flight recording, the effect whose end was told last since the previous event: the
        // next event to its scope is what it delivered.
        var lastEnded: (path: [String], effect: String)?
        for number in 2...max(2, lines.count + 1) {
            guard number <= lines.count else {
                throw RecordingError(
                    line: number,
                    reason:
                        "cut: the recording ends after line \(number - 1) without its end line (lines were lost, or its recorder never stopped)"
                )
            }
            // Most lines read without `JSONDecoder`; it reads the rest, and names their faults.
            let parsed = RecordingJSON(lines[number - 1])
            let line =
                try parsed.flatMap(RecordingFormat.Line.init(parsed:))
                ?? decode(RecordingFormat.Line.self, at: number)
            try checkNumber(line.n, at: number)
            if let end = line.end {
                guard number == lines.count else {
                    throw RecordingError(line: number + 1, reason: "a line after the end line")
                }
                guard end.events == events.count else {
                    throw RecordingError(
                        line: number,
                        reason:
                            "the end line counts \(end.events) events; the recording holds \(events.count)")
                }
                break
            }
            // A step of an effect's life, in a flight recording: told, not replayed.
            if let step = line.step, line.event == nil, line.eventIndex == nil, line.unrecordable == nil {
                if step == "completed" || step == "failed", let effect = line.effect, let path = line.path {
                    lastEnded = (path, effect)
                }
                continue
            }
            let eventSpan = parsed.flatMap { json in
                (line.eventIndex ?? json.member("event", of: 0)).map { json.span(of: $0) }
            }
            var recorded = try event(line, at: number, root: root, eventSpan: eventSpan)
            if let ended = lastEnded, ended.path == recorded.path { recorded.deliveringEffect = ended.effect }
            lastEnded = nil
            events.append(recorded)
        }
    }

    private func event(
        _ line: RecordingFormat.Line, at number: Int, root: String, eventSpan: Range<Int>?
    ) throws -> RecordedEvent {
        guard let path = line.path else { throw RecordingError(line: number, reason: "missing \"path\"") }
        guard let scope = line.scope else { throw RecordingError(line: number, reason: "missing \"scope\"") }
        if let reason = line.unrecordable {
            let fullPath = ([root] + path).joined(separator: ".")
            throw RecordingError(
                line: number, reason: "the event of \(scope) at \(fullPath) was not recorded: \(reason)")
        }
        guard line.event != nil || line.eventIndex != nil else {
            throw RecordingError(line: number, reason: "missing \"event\"")
        }
        return RecordedEvent(
            line: number, path: path, scopeTypeName: scope, storedEvent: line.event, json: lines[number - 1],
            eventSpan: eventSpan)
    }

    /// A line's number must be its place: anything else is a line repeated, lost or moved.
    private func checkNumber(_ found: Int, at number: Int) throws {
        guard found != number else { return }
        if found < 1 {
            throw RecordingError(
                line: number,
                reason: "numbered \(found), which no line is: lines count from 1 (expected \(number))")
        }
        if found < number {
            throw RecordingError(
                line: number,
                reason: "a duplicate: numbered \(found), like line \(found) (expected \(number))")
        }
        if let later = ((number + 1)..<(lines.count + 1)).first(where: { lineNumber(at: $0) == number }) {
            throw RecordingError(
                line: number,
                reason: "out of order: numbered \(found), and the line numbered \(number) is line \(later)")
        }
        let missing =
            found == number + 1
            ? "the line numbered \(number) is" : "the lines numbered \(number) to \(found - 1) are"
        throw RecordingError(line: number, reason: "\(missing) missing (this line is numbered \(found))")
    }

    private struct Numbered: Decodable { let n: Int }

    private func lineNumber(at number: Int) -> Int? {
        (try? decoder.decode(Numbered.self, from: Data(lines[number - 1])))?.n
    }

    private func decode<T: Decodable>(_ type: T.Type, at number: Int) throws -> T {
        let bytes = lines[number - 1]
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            let reason: String
            if bytes.contains(0x0D) {
                reason =
                    "a carriage return (CR) inside the line: a recording's lines end with LF or CRLF, not CR alone"
            } else if number == lines.count && lastIsUnterminated {
                reason = "truncated: the recording ends in the middle of this line"
            } else {
                reason = RecordingError.reason(decoding: error)
            }
            throw RecordingError(line: number, reason: reason)
        }
    }
}
