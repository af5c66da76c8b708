import Statoscope
import Testing

/// The numbers a recording's text carries (each line's number, the header's version and count of
/// dropped events, the end line's count of events), at the ends of `Int` and beyond: a recording
/// with one is read or refused with its line and reason, never trapped on.
struct RecordingNumberExtremesTests {
    private static let event = #""path":[],"scope":"Tape","event":{"play":{}}"#

    /// A recording of one event, with `header`'s fields, the event line numbered `number` and an
    /// end line that counts `events`.
    private static func recording(
        header: String = #""version":2"#, number: String = "2", events: String = "1"
    ) -> String {
        """
        {"format":"statoscope-recording","root":"Tape",\(header)}
        {"n":\(number),\(event)}
        {"n":3,"end":{"events":\(events)}}

        """
    }

    private static func outcome(_ text: String) -> String {
        do {
            let recording = try Recording(jsonLines: text)
            return "read \(recording.events.count) event"
        } catch {
            return "\(error)"
        }
    }

    private static let beyondInt = "9223372036854775808"

    @Test func theRecordingTheseAreMadeFromIsRead() {
        #expect(Self.outcome(Self.recording()) == "read 1 event")
        #expect(Self.outcome(Self.recording(header: #""version":2,"dropped":0"#)) == "read 1 event")
    }

    @Test(arguments: ["\(Int.min)", "-1", "0"])
    func aLineNumberedBelowOneIsRefusedAsNoLinesNumber(number: String) {
        #expect(
            Self.outcome(Self.recording(number: number))
                == "line 2: numbered \(number), which no line is: lines count from 1 (expected 2)")
    }

    @Test func aLineNumberedAsTheHeaderIsADuplicate() {
        #expect(
            Self.outcome(Self.recording(number: "1"))
                == "line 2: a duplicate: numbered 1, like line 1 (expected 2)")
    }

    @Test func aLineNumberedTheLargestIntLacksEveryLineBefore() {
        #expect(
            Self.outcome(Self.recording(number: "\(Int.max)"))
                == "line 2: the lines numbered 2 to \(Int.max - 1) are missing (this line is numbered \(Int.max))"
        )
    }

    @Test(arguments: [beyondInt, "1e400"])
    func aLineNumberBeyondIntIsRefused(number: String) {
        #expect(Self.outcome(Self.recording(number: number)) == "line 2: not valid JSON")
    }

    @Test(arguments: ["\(Int.min)", "-1", "0", "\(Int.max)"])
    func anEndLineCountingAnythingButItsEventsIsRefused(events: String) {
        #expect(
            Self.outcome(Self.recording(events: events))
                == "line 3: the end line counts \(events) events; the recording holds 1")
        #expect(Self.outcome(Self.recording(events: Self.beyondInt)) == "line 3: not valid JSON")
    }

    @Test(arguments: ["\(Int.min)", "-1", "0", "\(Int.max)"])
    func aVersionOtherThanTheLibrarysIsRefused(version: String) {
        #expect(
            Self.outcome(Self.recording(header: #""version":\#(version)"#))
                == "line 1: version \(version) is not supported; this library reads version 2")
    }

    @Test(arguments: ["\(Int.min)", "-1"])
    func aNegativeCountOfDroppedEventsIsRefusedNamingIt(dropped: String) {
        #expect(
            Self.outcome(Self.recording(header: #""version":2,"dropped":\#(dropped)"#))
                == #"line 1: "dropped" is \#(dropped): a count of dropped events is zero or more"#)
    }

    @Test(arguments: ["1", "\(Int.max)"])
    func aRecordingThatDroppedEventsIsRefusedSayingHowMany(dropped: String) {
        #expect(
            Self.outcome(Self.recording(header: #""version":2,"dropped":\#(dropped)"#))
                == "line 1: a flight recording that kept only its last events: the \(dropped) before them are lost, so it cannot be replayed into a new tree"
        )
    }
}
