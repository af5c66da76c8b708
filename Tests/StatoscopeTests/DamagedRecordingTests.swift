import Foundation
import Statoscope
import Testing

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct DamagedRecordingTests {
    private let header = #"{"format":"statoscope-recording","root":"Shop","version":2}"#
    private let openShelves = #""path":[],"scope":"Shop","event":{"openShelves":{"_0":1}}"#
    private let addToCart = #""path":[],"scope":"Shop","event":{"addToCart":{"_0":"tea","quantity":2}}"#

    /// A recording of these event lines (their fields, without the line number), numbered as the
    /// recorder numbers them, with its end line.
    private func recording(_ fields: [String], ended: Bool = true) -> String {
        var lines = [header]
        for (index, field) in fields.enumerated() {
            lines.append(#"{"n":\#(index + 2),"# + field + "}")
        }
        if ended { lines.append(#"{"n":\#(fields.count + 2),"end":{"events":\#(fields.count)}}"#) }
        return lines.map { $0 + "\n" }.joined()
    }

    private func refusal(_ text: String) -> String {
        do {
            _ = try Recording(jsonLines: text).reproduce { Shop() }
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func aWellFormedRecordingReplays() throws {
        let shop = try Recording(jsonLines: recording([openShelves, addToCart])).reproduce { Shop() }
        #expect(shop.shelves.count == 1)
        #expect(shop.cart == ["tea": 2])
    }

    @Test func emptyRecordingIsRefused() {
        #expect(refusal("") == "line 1: the recording is empty")
        #expect(refusal("\n") == "line 1: the recording is empty")
    }

    @Test func recordingCutInALineIsRefused() {
        let text = String(recording([openShelves, addToCart], ended: false).dropLast(20))
        #expect(refusal(text) == "line 3: truncated: the recording ends in the middle of this line")
    }

    @Test func recordingCutAtALineBoundaryIsToldFromACompleteOne() {
        #expect(
            refusal(recording([openShelves, addToCart], ended: false))
                == "line 4: cut: the recording ends after line 3 without its end line (lines were lost, or its recorder never stopped)"
        )
        #expect(
            refusal(header + "\n")
                == "line 2: cut: the recording ends after line 1 without its end line (lines were lost, or its recorder never stopped)"
        )
        #expect(refusal(recording([openShelves, addToCart])) == "accepted")
    }

    @Test func duplicatedLineIsRefusedWithItsNumber() {
        var lines = recording([openShelves, addToCart, addToCart]).split(separator: "\n").map(String.init)
        lines.insert(lines[2], at: 3)
        #expect(
            refusal(lines.joined(separator: "\n") + "\n")
                == "line 4: a duplicate: numbered 3, like line 3 (expected 4)")
    }

    @Test func missingLineIsRefusedWithItsNumber() {
        var lines = recording([openShelves, addToCart, addToCart, addToCart]).split(separator: "\n").map(
            String.init)
        lines.remove(at: 2)
        #expect(
            refusal(lines.joined(separator: "\n") + "\n")
                == "line 3: the line numbered 3 is missing (this line is numbered 4)")
        lines.remove(at: 2)
        #expect(
            refusal(lines.joined(separator: "\n") + "\n")
                == "line 3: the lines numbered 3 to 4 are missing (this line is numbered 5)")
    }

    @Test func reorderedLineIsRefusedWithItsNumber() {
        var lines = recording([openShelves, addToCart, addToCart, addToCart]).split(separator: "\n").map(
            String.init)
        lines.swapAt(2, 4)
        #expect(
            refusal(lines.joined(separator: "\n") + "\n")
                == "line 3: out of order: numbered 5, and the line numbered 3 is line 5")
    }

    @Test func linesAfterTheEndOrAMiscountedEndAreRefused() {
        #expect(
            refusal(recording([openShelves]) + #"{"n":4,"# + addToCart + "}\n")
                == "line 4: a line after the end line")
        let miscounted =
            header + "\n" + #"{"n":2,"# + openShelves + "}\n" + #"{"n":3,"end":{"events":2}}"# + "\n"
        #expect(refusal(miscounted) == "line 3: the end line counts 2 events; the recording holds 1")
    }

    @Test func crlfLineEndingsAreRead() throws {
        let text = recording([openShelves, addToCart]).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(text.utf8.filter { $0 == 0x0D }.count == 4)
        let shop = try Recording(jsonLines: text).reproduce { Shop() }
        #expect(shop.cart == ["tea": 2])
    }

    @Test func carriageReturnsAloneAreRefusedWithTheReason() {
        let text = recording([openShelves, addToCart]).replacingOccurrences(of: "\n", with: "\r")
        #expect(
            refusal(text)
                == "line 1: a carriage return (CR) inside the line: a recording's lines end with LF or CRLF, not CR alone"
        )
    }

    @Test func corruptLineIsRefused() {
        var lines = recording([openShelves, addToCart]).split(separator: "\n").map(String.init)
        lines[1] = "{not json}"
        #expect(refusal(lines.joined(separator: "\n") + "\n") == "line 2: not valid JSON")
        #expect(refusal(recording([#""event":{},"scope":"Shop""#])) == #"line 2: missing "path""#)
        lines[1] = #"{"path":[],"scope":"Shop","event":{"openShelves":{"_0":1}}}"#
        #expect(refusal(lines.joined(separator: "\n") + "\n") == #"line 2: missing "n""#)
    }

    @Test func otherFormatsAndVersionsAreRefused() {
        #expect(
            refusal(#"{"format":"statoscope-recording","root":"Shop","version":1}"# + "\n")
                == "line 1: version 1 is not supported; this library reads version 2")
        #expect(
            refusal(#"{"format":"other","root":"Shop","version":2}"# + "\n")
                == #"line 1: not a Statoscope recording (format "other")"#)
        #expect(refusal("hello\n") == "line 1: not valid JSON")
    }

    @Test func recordingOfAnotherRootIsRefused() {
        let text = recording([]).replacingOccurrences(of: #""root":"Shop""#, with: #""root":"Cafe""#)
        #expect(refusal(text) == "line 1: recorded from a Cafe; cannot replay into a Shop")
    }

    @Test func eventForAMissingScopeIsRefusedWithItsPath() {
        let text = recording([openShelves, #""path":["shelves[4]"],"scope":"Shelf","event":{"load":{}}"#])
        #expect(refusal(text) == "line 3: no scope at Shop.shelves[4]")
    }

    @Test func eventForAScopeOfAnotherTypeIsRefused() {
        let text = recording([openShelves, #""path":["shelves[0]"],"scope":"Cart","event":{"load":{}}"#])
        #expect(refusal(text) == "line 3: expected a Cart at Shop.shelves[0], found a Shelf")
    }

    @Test func eventThatDoesNotDecodeIsRefused() {
        let text = recording([#""path":[],"scope":"Shop","event":{"dance":{}}"#])
        #expect(refusal(text).hasPrefix("line 2: cannot decode Shop.When: "))
    }

    @Test func unrecordableEventIsRefusedBeforeAnythingIsReplayed() {
        let text = recording([
            openShelves, #""path":["shelves[0]"],"scope":"Shelf","unrecordable":"Shelf.When is not Codable""#,
        ])
        #expect(
            refusal(text)
                == "line 3: the event of Shelf at Shop.shelves[0] was not recorded: Shelf.When is not Codable"
        )
    }

    @Test func oversizedLineIsRefusedUnread() {
        let huge =
            #""path":[],"scope":"Shop","event":{"leaveNote":{"_0":""# + String(repeating: "x", count: 1 << 20)
            + #""}}"#
        #expect(refusal(recording([huge])) == "line 2: longer than 1048576 bytes")
    }

    @Test func oversizedLineInAFileIsRefusedBeforeTheRestIsRead() throws {
        // A pipe whose writer stays open: a reader that waited for the end of the file would never
        // return. The writer writes the header and a line one byte over the limit, then waits.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("statoscope-\(UUID()).fifo")
        guard mkfifo(url.path, 0o600) == 0 else {
            Issue.record("cannot make a pipe at \(url.path)")
            return
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let readerDone = DispatchSemaphore(value: 0)
        let writerDone = DispatchSemaphore(value: 0)
        let text =
            header + "\n" + #"{"n":2,"path":[],"scope":"Shop","event":""#
            + String(repeating: "x", count: 1 << 20)
        Thread.detachNewThread { [header = text] in
            if let file = FileHandle(forWritingAtPath: url.path) {
                file.write(Data(header.utf8))
                readerDone.wait()
                try? file.close()
            }
            writerDone.signal()
        }
        #expect {
            _ = try Recording(contentsOf: url)
        } throws: { error in
            "\(error)" == "line 2: longer than 1048576 bytes"
        }
        readerDone.signal()
        writerDone.wait()
    }

    @Test func unreadableFileIsRefusedWithItsPath() {
        do {
            _ = try Recording(contentsOf: URL(fileURLWithPath: "/nonexistent/session.jsonl"))
            Issue.record("a missing file was read")
        } catch {
            #expect("\(error)".hasPrefix("cannot read /nonexistent/session.jsonl: "))
        }
    }

    @Test func nonCodableEventIsRecordedAsUnrecordable() async throws {
        let journal = Journal()
        var text = ""
        let recorder = Recorder(recording: journal) { text += $0 }
        journal.send(.add(1))
        recorder.stop()
        #expect(
            recorder.refusals.map(\.description) == [
                "line 2: the event of Journal was not recorded: Journal.When is not Codable"
            ])
        #expect {
            try Recording(jsonLines: text)
        } throws: { error in
            "\(error)"
                == "line 2: the event of Journal at Journal was not recorded: Journal.When is not Codable"
        }
    }
}
