// Every NaN of a Float or a Double through every way a session is written and read again, at depth,
// and recordings edited by hand whose NaN is spelled wrongly.

import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

enum NaNShape: Codable, Sendable, Equatable {
    case plain
    case carrying(Float, Double?)
    case deeper([NaNShape])
}

struct NaNBox: Codable, Sendable {
    var payloadFloat: Float
    var payloadDouble: Double
    var optional: Double?
    var doubleOptional: Float??
    var floats: [Float]
    var table: [String: Double]
    var byNumber: [Int: Float]
    var shape: NaNShape
}

/// A payload JSONEncoder alone writes (a `Data` and a `URL`), beside NaNs.
struct NaNWithData: Codable, Sendable {
    var blob: Data
    var link: URL
    var payloadFloat: Float
    var doubles: [Double]
}

/// Every floating-point bit pattern of a value, in a fixed order: NaNs compared by their bits.
func floatBits(_ value: NaNShape) -> [UInt64] {
    switch value {
    case .plain: return []
    case .carrying(let float, let double): return [UInt64(float.bitPattern), double.map(\.bitPattern) ?? 1]
    case .deeper(let shapes): return shapes.flatMap(floatBits)
    }
}

func floatBits(_ box: NaNBox) -> [UInt64] {
    var bits: [UInt64] = [UInt64(box.payloadFloat.bitPattern), box.payloadDouble.bitPattern]
    bits.append(box.optional.map(\.bitPattern) ?? 1)
    switch box.doubleOptional {
    case .none: bits.append(2)
    case .some(.none): bits.append(3)
    case .some(.some(let float)): bits.append(UInt64(float.bitPattern))
    }
    bits += box.floats.map { UInt64($0.bitPattern) }
    bits += box.table.sorted { $0.key < $1.key }.map(\.value.bitPattern)
    bits += box.byNumber.sorted { $0.key < $1.key }.map { UInt64($0.value.bitPattern) }
    bits += floatBits(box.shape)
    return bits
}

@MainActor
final class NaNScope: Scope {
    var received: [[UInt64]] = []
    var lastDouble = 0.0

    enum When: Codable, Sendable {
        case double(Double)
        case float(Float)
        case box(NaNBox)
        case shape(NaNShape)
        case withData(NaNWithData)
    }

    func update(_ when: When) throws {
        switch when {
        case .double(let value):
            lastDouble = value
            received.append([value.bitPattern])
        case .float(let value): received.append([UInt64(value.bitPattern)])
        case .box(let box): received.append(floatBits(box))
        case .shape(let shape): received.append(floatBits(shape))
        case .withData(let payload):
            received.append(
                [UInt64(payload.payloadFloat.bitPattern)] + payload.doubles.map(\.bitPattern)
                    + [UInt64(payload.blob.count)])
        }
    }
}

/// Double NaNs: quiet with a payload, negative, signalling (smallest and with a payload), all ones.
let doubleNaNs: [UInt64] = [
    0x7FF8_0000_0000_0001, 0xFFF8_0000_0000_0000, 0x7FF0_0000_0000_0001, 0xFFF0_0000_0000_0001,
    0x7FF4_0000_0000_00AB, 0xFFFF_FFFF_FFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF,
]
/// Float NaNs: the same kinds.
let floatNaNs: [UInt32] = [0x7FC0_0001, 0xFFC0_0000, 0x7F80_0001, 0xFF80_0001, 0x7FA0_00AB, 0xFFFF_FFFF]

func double(_ bits: UInt64) -> Double { Double(bitPattern: bits) }
func float(_ bits: UInt32) -> Float { Float(bitPattern: bits) }

/// Sends every NaN, alone and at every depth the docs name.
@MainActor
func sendEveryNaN(to scope: NaNScope) {
    for bits in doubleNaNs { scope.send(.double(double(bits))) }
    for bits in floatNaNs { scope.send(.float(float(bits))) }
    for (index, bits) in doubleNaNs.enumerated() {
        let floatBitsHere = floatNaNs[index % floatNaNs.count]
        let nested = NaNShape.deeper([
            .carrying(float(floatBitsHere), double(bits)), .deeper([.carrying(float(floatBitsHere), nil)]),
        ])
        scope.send(
            .box(
                NaNBox(
                    payloadFloat: float(floatBitsHere), payloadDouble: double(bits), optional: double(bits),
                    doubleOptional: .some(.some(float(floatBitsHere))),
                    floats: [1, float(floatBitsHere), -.infinity, .nan, float(floatBitsHere)],
                    table: ["a": double(bits), "b": .nan, "c": -0.0], byNumber: [7: float(floatBitsHere)],
                    shape: nested)))
        scope.send(.shape(.deeper([nested, .plain])))
    }
    scope.send(
        .withData(
            NaNWithData(
                blob: Data([0, 1, 2]), link: URL(string: "https://example.com/a?b=c")!,
                payloadFloat: float(0x7F80_0001), doubles: doubleNaNs.map(double))))
}

func hex(_ rows: [[UInt64]]) -> String {
    rows.map { $0.map { String($0, radix: 16) }.joined(separator: ",") }.joined(separator: " | ")
}

@Suite(.isolatedInstruments)
@MainActor
struct NaNAndFloatTests {
    // Recording and replay, "What a recording keeps": "Float and Double to the bit (negative zero, the
    // smallest subnormal, infinities, and every NaN with its sign and payload, signalling ones included)";
    // Guarantees, "Views, logs and recordings": "whichever way the recorder writes the event and the replay
    // reads it". Through a file, NaNs nested in optionals, arrays, dictionaries (text and number keys)
    // and enums, and beside a `Data` and a `URL`, which JSONEncoder and JSONDecoder handle.
    @Test func everyNaNAtEveryDepthReplaysFromAFileToTheBit() throws {
        let live = NaNScope()
        let url = try makeTemporaryFolder("nan-file").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: url)
        sendEveryNaN(to: live)
        recorder.stop()
        #expect(recorder.refusals.isEmpty, "\(recorder.refusals)")
        let replayed = try Recording(contentsOf: url).reproduce { NaNScope() }
        #expect(
            replayed.received == live.received,
            "live: \(hex(live.received))\nreplayed: \(hex(replayed.received))")
    }

    // Same promise, through a flight recorder's record and a `Replay` stepped one event at a time.
    @Test func everyNaNReplaysToTheBitFromAFlightRecordingSteppedOneEventAtATime() throws {
        let live = NaNScope()
        let flight = FlightRecorder(recording: live, keepingLast: 10_000)
        sendEveryNaN(to: live)
        let replay = try Replay(try Recording(jsonLines: flight.jsonLines()), into: NaNScope())
        var index = 0
        while try replay.step() != nil {
            #expect(
                replay.root.received.last == live.received[index],
                "event \(index): \(hex([live.received[index]])) replayed as \(hex([replay.root.received.last ?? []]))"
            )
            index += 1
        }
        #expect(index == live.received.count)
        flight.stop()
    }

    // Same promise, through a test plan's `REPLAY`, checked by the plan's own `THEN`.
    @Test func everyNaNReplaysToTheBitInATestPlansReplay() throws {
        let live = NaNScope()
        let flight = FlightRecorder(recording: live, keepingLast: 10_000)
        sendEveryNaN(to: live)
        let expected = live.received
        try NaNScope.GIVEN { NaNScope() }
            .REPLAY(try Recording(jsonLines: flight.jsonLines()))
            .THEN(\.received, equals: expected)
            .runTest()
        flight.stop()
    }

    // Recording and replay, "What a recording keeps": a NaN other than the standard one "with its bits in
    // hexadecimal, as wide as its type: `"NaN(0x7ff8000000000123)"` for a Double, `"NaN(0x7fc00123)"` for
    // a Float", and "`"NaN"` for the standard NaN".
    @Test func theSpellingIsAsWideAsItsTypeAndTheStandardNaNIsPlain() throws {
        let live = NaNScope()
        var lines: [String] = []
        let recorder = Recorder(recording: live) { lines.append($0) }
        live.send(.double(double(0x7FF8_0000_0000_0123)))
        live.send(.float(float(0x7FC0_0123)))
        live.send(.double(.nan))
        live.send(.float(.nan))
        live.send(.double(double(0x0000_0000_0000_0001)))
        recorder.stop()
        let text = lines.joined()
        #expect(text.contains("\"NaN(0x7ff8000000000123)\""), "\(text)")
        #expect(text.contains("\"NaN(0x7fc00123)\""), "\(text)")
        #expect(
            !text.contains("NaN(0x7ff8000000000000)"),
            "the standard Double NaN was spelled with bits: \(text)")
        #expect(!text.contains("NaN(0x7fc00000)"), "the standard Float NaN was spelled with bits: \(text)")
        #expect(text.components(separatedBy: "\"NaN\"").count - 1 == 2, "\(text)")
    }

    // Recording and replay, "From a recording to a test plan": "the plan passes against the app that
    // recorded the session"; "Values are written as literals where one says them exactly (numbers ...);
    // others, if Codable, as their JSON"; "What a recording keeps": every NaN "with its sign and payload".
    // A plan written from a session that sent NaNs of other bits than the standard one sends those bits.
    @Test func aPlanWrittenFromARecordingSendsTheNaNsTheSessionSent() throws {
        let live = NaNScope()
        let flight = FlightRecorder(recording: live, keepingLast: 100)
        live.send(.double(double(0x7FF8_0000_0000_0123)))
        live.send(.float(float(0x7FC0_0123)))
        live.send(.double(double(0xFFF8_0000_0000_0000)))
        live.send(.double(.nan))
        let source = try TestPlanSource(recording: Recording(jsonLines: flight.jsonLines())) { NaNScope() }
            .swiftSource(testName: "nanSession", checks: .afterEachStep)
        flight.stop()
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func whenOf(line number: Int) -> String {
            guard let comment = lines.firstIndex(where: { $0.hasPrefix("// line \(number):") }) else {
                return "none"
            }
            return lines[(comment + 1)...].first { $0.hasPrefix(".WHEN") || $0.hasPrefix("//") } ?? "none"
        }
        // Lines 2 to 4 sent NaNs of other bits than the standard one: `.nan` would send the standard one,
        // and the plan's own `THEN(\.received, ...)` of the recorded bits would fail.
        for (line, lossy) in [
            (2, ".WHEN(.double(.nan))"), (3, ".WHEN(.float(.nan))"), (4, ".WHEN(.double(.nan))"),
        ] {
            #expect(whenOf(line: line) != lossy, "line \(line) is sent as the standard NaN:\n\(source)")
        }
        #expect(whenOf(line: 5) == ".WHEN(.double(.nan))", "\(whenOf(line: 5))")
    }
}

/// Recordings edited by hand: a NaN spelled wrongly, in a Float and in a Double, at depth.
@Suite(.isolatedInstruments)
@MainActor
struct MalformedNaNTests {
    /// A recording whose line 3 holds a box with `payloadFloat` and `payloadDouble` NaNs of known bits.
    private func recordingText() -> String {
        let live = NaNScope()
        var lines: [String] = []
        let recorder = Recorder(recording: live) { lines.append($0) }
        live.send(.double(1))
        live.send(
            .box(
                NaNBox(
                    payloadFloat: float(0x7FC0_0123), payloadDouble: double(0x7FF8_0000_0000_0456),
                    optional: nil,
                    doubleOptional: nil, floats: [], table: [:], byNumber: [:], shape: .plain)))
        live.send(.double(2))
        recorder.stop()
        return lines.joined()
    }

    private func expectRefused(_ text: String, place: String, spelling: String) {
        var reasons: [String] = []
        do {
            let recording = try Recording(jsonLines: text)
            let replayed = try recording.reproduce { NaNScope() }
            Issue.record(
                "\(spelling) at \(place) replayed, as \(hex(replayed.received)), instead of being refused")
        } catch let error as RecordingError {
            reasons.append("\(error)")
            #expect(error.line == 3, "\(spelling): refused at line \(error.line): \(error)")
            #expect("\(error)".hasPrefix("line 3"), "\(spelling): \(error)")
            #expect("\(error)".contains(place), "\(spelling): the refusal does not say where: \(error)")
        } catch {
            Issue.record("\(spelling): refused with an error that is not a RecordingError: \(error)")
        }
        // "TestPlanSource(jsonLines:root:) reads a recording's text up to its first line that cannot be
        // replayed"; "an event that does not decode ... is said in a comment at its line, where the plan
        // stops".
        do {
            let source = try TestPlanSource(jsonLines: text) { NaNScope() }
            let plan = try source.swiftSource(testName: "edited")
            let stop = plan.split(separator: "\n").first { $0.contains("// line 3:") } ?? ""
            #expect(
                source.fault?.line == 3 || (stop.contains("plan stops") && stop.contains(place)),
                "\(spelling): the plan does not stop at line 3 saying where: \(stop)")
            #expect(!plan.contains(".WHEN(.double(2.0))"), "\(spelling): the plan goes on past line 3")
        } catch {
            #expect("\(error)".contains("line 3"), "\(spelling): \(error)")
        }
    }

    // Guarantees, "Views, logs and recordings": "a NaN spelled wrongly is refused with its line and where in
    // the event"; Recording and replay, "Damaged recordings": "Each of these is refused with a
    // RecordingError that names the line and the reason". A Float's NaN.
    @Test(arguments: [
        "NaN(0x7fc0012)", "NaN(0x7fc001234)", "NaN(0x7fc0012g)", "NaN(0x7ff8000000000123)", "NaN(0x)",
        "NaN()",
        "NaN(7fc00123)", "NaN(0x+7fc0012)", "NaN(0x-7fc0012)", "NaN(0x3f800000)", "NaN(0x7f800000)",
        "NaN(0x00000000)", "NaN(0x7fc00123", "NaN(0x 7fc0012)", "NaN(0x７fc00123)", "NaN(0x7fc00123) ",
        "NaN(0x7fc00123)\\u0000",
    ])
    func aFloatsNaNSpelledWronglyIsRefusedWithItsLineAndPlace(_ spelling: String) {
        let text = recordingText()
        #expect(text.contains("\"NaN(0x7fc00123)\""), "the recording spells it otherwise: \(text)")
        expectRefused(
            text.replacingOccurrences(of: "\"NaN(0x7fc00123)\"", with: "\"\(spelling)\""),
            place: "payloadFloat",
            spelling: spelling)
    }

    // The same promise, a Double's NaN.
    @Test(arguments: [
        "NaN(0x7fc00123)", "NaN(0x7ff80000000004567)", "NaN(0x7ff800000000045)", "NaN(0x7ff0000000000000)",
        "NaN(0x0000000000000000)", "NaN(0x+7ff80000000045)", "NaN(0xffffffffffffffffff)",
        "NaN(0x7ff8000000000zzz)",
        "NaN(0x7FF8000000000456)x", "NaN(0x0x7ff800000000045)", "NaN(0x3ff0000000000000)",
    ])
    func aDoublesNaNSpelledWronglyIsRefusedWithItsLineAndPlace(_ spelling: String) {
        let text = recordingText()
        #expect(text.contains("\"NaN(0x7ff8000000000456)\""), "the recording spells it otherwise: \(text)")
        expectRefused(
            text.replacingOccurrences(of: "\"NaN(0x7ff8000000000456)\"", with: "\"\(spelling)\""),
            place: "payloadDouble", spelling: spelling)
    }

    // Recording and replay, "What a recording keeps": spellings other than the documented lowercase one
    // either replay the very bits they name or are refused with their line; never another value.
    @Test(arguments: ["NaN(0x7FC00123)", "nan(0x7fc00123)", "NAN(0x7fc00123)", "NaN(0X7fc00123)"])
    func anotherCaseOfTheSpellingReplaysItsBitsOrIsRefused(_ spelling: String) {
        let text = recordingText().replacingOccurrences(of: "\"NaN(0x7fc00123)\"", with: "\"\(spelling)\"")
        do {
            let replayed = try Recording(jsonLines: text).reproduce { NaNScope() }
            #expect(
                replayed.received.dropFirst().first?.first == 0x7FC0_0123,
                "\(spelling) replayed as \(hex(replayed.received))")
        } catch let error as RecordingError {
            #expect(error.line == 3, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    // Recording and replay, "What a recording keeps": "Recordings made before NaNs kept their bits wrote
    // every NaN "NaN": they replay as they did". A hand-edited "NaN" in a Float field nested in an
    // optional of an optional and in a dictionary.
    @Test func aPlainNaNAnywhereReplaysAsTheStandardNaN() throws {
        let text = recordingText().replacingOccurrences(of: "\"NaN(0x7fc00123)\"", with: "\"NaN\"")
            .replacingOccurrences(of: "\"NaN(0x7ff8000000000456)\"", with: "\"NaN\"")
        let replayed = try Recording(jsonLines: text).reproduce { NaNScope() }
        let row = replayed.received.dropFirst().first ?? []
        #expect(row.prefix(2) == [UInt64(Float.nan.bitPattern), Double.nan.bitPattern], "\(hex([row]))")
    }
}
