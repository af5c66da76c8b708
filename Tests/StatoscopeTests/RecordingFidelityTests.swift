import Foundation
import Statoscope
import Testing

/// A scope that keeps every value it receives as text, to compare a replay with the original bit for
/// bit.
@MainActor
protocol ReceivingScope: Scope {
    init()
    var received: [String] { get }
}

/// Records `events` sent to a new scope, replays the recording into another, and returns both with the
/// recording's text, having checked that each event was received and nothing refused.
@MainActor
func roundTrip<S: ReceivingScope>(_ events: [S.When], sourceLocation: SourceLocation = #_sourceLocation)
    throws
    -> (original: S, replayed: S, text: String)
{
    let original = S()
    var text = ""
    let recorder = Recorder(recording: original) { text += $0 }
    for event in events { original.send(event) }
    recorder.stop()
    #expect(recorder.refusals.isEmpty, "\(recorder.refusals)", sourceLocation: sourceLocation)
    let replayed = try Recording(jsonLines: text).reproduce { S() }
    #expect(original.received.count == events.count, sourceLocation: sourceLocation)
    return (original, replayed, text)
}

/// A scope that keeps every value it receives, to compare a replay with the original bit for bit.
@MainActor
final class Ledger: ReceivingScope {
    /// Each received value, written so that two values read the same only if they are the same bits.
    var received: [String] = []

    enum When: Codable, Sendable {
        case integers(Int, Int8, Int16, Int32, Int64, UInt, UInt8, UInt16, UInt32, UInt64)
        case floats(Float, Double, CGFloat)
        case decimal(Decimal)
        case text(String, key: [String: String])
        case optionals(Int??, [Int??], Int???)
        case date(Date)
    }

    func update(_ when: When) throws {
        switch when {
        case .integers(let a, let b, let c, let d, let e, let f, let g, let h, let i, let j):
            received.append("\(a) \(b) \(c) \(d) \(e) \(f) \(g) \(h) \(i) \(j)")
        case .floats(let float, let double, let cgFloat):
            received.append("\(float.bitPattern) \(double.bitPattern) \(Double(cgFloat).bitPattern)")
        case .decimal(let value):
            // Exponent and significand: two decimals with the same value and other digits differ.
            received.append("\(value.exponent) \(value.significand) \(value.sign) \(value)")
        case .text(let text, let key):
            let scalars = { (text: String) in text.unicodeScalars.map { String($0.value, radix: 16) } }
            received.append("\(scalars(text)) \(key.map { (scalars($0.key), scalars($0.value)) })")
        case .optionals(let a, let b, let c):
            received.append(String(reflecting: (a, b, c)))
        case .date(let date):
            received.append("\(date.timeIntervalSinceReferenceDate.bitPattern)")
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
@MainActor
final class WideLedger: Scope {
    var received: [String] = []

    enum When: Codable, Sendable {
        case wide(Int128, UInt128)
    }

    func update(_ when: When) throws {
        guard case .wide(let a, let b) = when else { return }
        received.append("\(a) \(b)")
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RecordingFidelityTests {
    private func roundTrip(_ events: [Ledger.When], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (original: Ledger, replayed: Ledger, text: String)
    {
        try StatoscopeTests.roundTrip(events, sourceLocation: sourceLocation)
    }

    @Test func everyIntegerTypeReplaysExactlyAtItsExtremes() throws {
        let (original, replayed, text) = try roundTrip([
            .integers(.min, .min, .min, .min, .min, .min, .min, .min, .min, .min),
            .integers(.max, .max, .max, .max, .max, .max, .max, .max, .max, .max),
            .integers(-1, -1, -1, -1, -1, 1 << 63, 1, 1, 1, UInt64(Int.max) + 1),
        ])
        #expect(text.contains("18446744073709551615"), "UInt64.max is written as its digits")
        #expect(text.contains("9223372036854775808"))
        #expect(text.contains("-9223372036854775808"))
        #expect(replayed.received == original.received)
    }

    @Test func integersWiderThan64BitsReplayExactly() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let ledger = WideLedger()
        var text = ""
        let recorder = Recorder(recording: ledger) { text += $0 }
        ledger.send(.wide(.min, .max))
        ledger.send(.wide(.max, 0))
        recorder.stop()
        let replayed = try Recording(jsonLines: text).reproduce { WideLedger() }
        #expect(
            replayed.received == [
                "-170141183460469231731687303715884105728 340282366920938463463374607431768211455",
                "170141183460469231731687303715884105727 0",
            ])
    }

    @Test func floatingPointValuesReplayBitForBit() throws {
        let (original, replayed, _) = try roundTrip([
            .floats(.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude),
            .floats(.leastNonzeroMagnitude, .leastNonzeroMagnitude, .leastNonzeroMagnitude),
            .floats(.leastNormalMagnitude, -.leastNormalMagnitude, .pi),
            .floats(-0.0, -0.0, -0.0),
            .floats(.infinity, -.infinity, .infinity),
            .floats(.nan, .nan, .nan),
            .floats(0.1, 0.1, 1e16),
            .floats(.ulpOfOne, 1 + .ulpOfOne, 123_456_789),
        ])
        #expect(replayed.received == original.received)
        #expect(
            original.received[3] == "\((-0.0 as Float).bitPattern) \((-0.0).bitPattern) \((-0.0).bitPattern)")
    }

    @Test func decimalsKeepEveryDigit() throws {
        let (original, replayed, text) = try roundTrip([
            .decimal(Decimal(string: "12.34")!),
            .decimal(Decimal(string: "-0.01")!),
            .decimal(Decimal(string: "1234567890123456789012345678901234567.89")!),
            .decimal(.greatestFiniteMagnitude),
            .decimal(-.greatestFiniteMagnitude),
            .decimal(.leastNonzeroMagnitude),
        ])
        #expect(text.contains(#"{"decimal":{"_0":12.34}}"#))
        #expect(replayed.received == original.received)
    }

    @Test func textOfEveryUnicodePlaneReplaysAsItsScalars() throws {
        // A character of each of the 17 planes, the controls JSON escapes, and a decomposed "é",
        // which `==` on strings would not tell from the composed one.
        let planes = (0...16).map { plane in String(UnicodeScalar(UInt32(plane) << 16 | 0xFFFD)!) }
        let text = planes.joined() + "\u{0}\u{1F}\"\\/\n\r\t\u{7F}\u{2028}\u{FEFF}e\u{301}\u{E9}"
        let (original, replayed, recorded) = try roundTrip([
            .text(text, key: [text: "\u{10FFFF}"]), .text("", key: [:]),
        ])
        #expect(!recorded.dropLast().contains("\n\n"), "newlines inside values are escaped")
        #expect(replayed.received == original.received)
    }

    @Test func nestedOptionalsReplayEqual() throws {
        let (original, replayed, _) = try roundTrip([
            .optionals(nil, [nil, .some(.some(1))], nil),
            .optionals(.some(.some(3)), [], .some(.some(.some(4)))),
        ])
        #expect(replayed.received == original.received)
    }

    @Test func datesReplayExactly() throws {
        let (original, replayed, _) = try roundTrip([
            .date(Date(timeIntervalSinceReferenceDate: 786_297_600.123_456_7)), .date(.distantPast),
        ])
        #expect(replayed.received == original.received)
    }

    @Test func valuesJSONWouldChangeAreRefusedWhenRecorded() throws {
        let ledger = Ledger()
        var text = ""
        let recorder = Recorder(recording: ledger) { text += $0 }
        ledger.send(.decimal(12))
        ledger.send(.optionals(.some(nil), [], nil))
        ledger.send(.optionals(nil, [.some(nil)], nil))
        ledger.send(.decimal(.nan))
        recorder.stop()
        #expect(
            recorder.refusals.map(\.description) == [
                "line 3: the event of Ledger was not recorded: it cannot be recorded exactly: a nested optional holding nil (Optional<Int>?.some(nil)) reads back from JSON as nil",
                "line 4: the event of Ledger was not recorded: it cannot be recorded exactly: a nested optional holding nil (Optional<Optional<Int>>.some(nil)) reads back from JSON as nil",
                "line 5: the event of Ledger was not recorded: it cannot be recorded exactly: a Decimal NaN has no JSON form",
            ])
        // The lines before a refused one are kept, and the recording says where it cannot be replayed.
        #expect(text.split(separator: "\n")[1].hasSuffix(#""event":{"decimal":{"_0":12}}}"#))
        #expect {
            try Recording(jsonLines: text)
        } throws: { error in
            "\(error)"
                == "line 3: the event of Ledger at Ledger was not recorded: it cannot be recorded exactly: a nested optional holding nil (Optional<Int>?.some(nil)) reads back from JSON as nil"
        }
    }

    @Test func anEventOverTheLineLimitIsRefusedWhenRecordedAndTheRecordingGoesOn() throws {
        let ledger = Ledger()
        var text = ""
        let recorder = Recorder(recording: ledger) { text += $0 }
        ledger.send(.text("before", key: [:]))
        ledger.send(.text(String(repeating: "x", count: 2 << 20), key: [:]))
        ledger.send(.text("after", key: [:]))
        recorder.stop()
        #expect(text.utf8.count < 1 << 20, "the oversized event was not written")
        #expect(recorder.recordedEventCount == 3)
        #expect(
            recorder.refusals.map(\.description) == [
                "line 3: the event of Ledger was not recorded: its line would be 2097222 bytes long; a recording's lines hold at most 1048576"
            ])
        #expect {
            try Recording(jsonLines: text)
        } throws: { error in
            "\(error)"
                == "line 3: the event of Ledger at Ledger was not recorded: its line would be 2097222 bytes long; a recording's lines hold at most 1048576"
        }
        // Every line the recorder wrote is one its reader takes: only the refusal stops the replay.
        let lines = text.split(separator: "\n")
        let withoutRefusal = [lines[0], lines[1]] + [#"{"n":3,"end":{"events":1}}"#]
        let replayed = try Recording(jsonLines: withoutRefusal.joined(separator: "\n") + "\n").reproduce {
            Ledger()
        }
        #expect(replayed.received == [ledger.received[0]])
    }

    @Test func aRecorderReleasedWithoutStopEndsItsRecording() throws {
        let ledger = Ledger()
        var text = ""
        do {
            let recorder = Recorder(recording: ledger) { text += $0 }
            ledger.send(.decimal(1))
            _ = recorder
        }
        ledger.send(.decimal(2))
        let replayed = try Recording(jsonLines: text).reproduce { Ledger() }
        #expect(replayed.received.count == 1)
    }
}
