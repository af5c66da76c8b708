// Subclasses of scopes, re-entrant sends, values at their extremes, and objects dropped mid-work.

import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

enum HierKeys {
    static var total: SharedKey<Int> { .persisted("adv-hier-total", default: 0) }
    static var dupInt: SharedKey<Int> { SharedKey("adv-dup", default: 1) }
    static var dupString: SharedKey<String> { SharedKey("adv-dup", default: "x") }
    static var dupPersistedInt: SharedKey<Int> { .persisted("adv-dup-persisted", default: 1) }
    static var dupPersistedString: SharedKey<String> { .persisted("adv-dup-persisted", default: "x") }
}

@MainActor
final class HierCart: Scope {
    var lines = 0

    enum When: Codable, Sendable { case addLine }

    func update(_ when: When) throws {
        lines += 1
    }
}

@MainActor
class ShopBase: Scope {
    @Shared(HierKeys.total) var total: Int
    var items: [String] = []
    @Subscope var cart: HierCart? = nil

    enum When: Codable, Sendable {
        case add(String)
        case openCart
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let item):
            items.append(item)
            total += 1
        case .openCart:
            cart = HierCart()
        }
    }
}

@MainActor
final class ShopSub: ShopBase {
    var subOnly = 0

    override func update(_ when: When) throws {
        try super.update(when)
        subOnly += 1
    }
}

@MainActor
final class Chain: Scope {
    var steps = 0
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    enum When: Sendable { case step }

    func update(_ when: When) throws {
        steps += 1
        if steps < limit { send(.step) }
    }
}

struct Extremes: Codable, Sendable, Equatable {
    var intMax = Int.max
    var intMin = Int.min
    var uintMax = UInt64.max
    var negativeZero = -0.0
    var tiny = Double.leastNonzeroMagnitude
    var infinity = Double.infinity
    var text = "\u{0}\u{7}\u{1F600}e\u{301}\u{10FFFF}"
    var nested: Int?? = .some(.some(3))
}

@MainActor
final class ExtremeScope: Scope {
    var kept: Extremes?
    var nanBits: UInt64?
    var huge: [Int] = []

    enum When: Codable, Sendable {
        case keep(Extremes)
        case nan(Double)
        case huge([Int])
        case small
    }

    func update(_ when: When) throws {
        switch when {
        case .keep(let value): kept = value
        case .nan(let value): nanBits = value.bitPattern
        case .huge(let values): huge = values
        case .small: huge = [1]
        }
    }
}

struct NeverEnds: Effect, Equatable {
    func runEffect() async throws -> Int {
        try await Task.sleep(for: .seconds(3600))
        return 0
    }
}

struct EndsAtOnce: Effect, Equatable {
    func runEffect() async throws -> Int { 1 }
}

@MainActor
final class Waiter: Scope {
    var done = 0

    enum When: Sendable {
        case startNever
        case startQuick
        case finished(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .startNever: effectsState.enqueue(NeverEnds().map(When.finished), key: "never")
        case .startQuick: effectsState.enqueue(EndsAtOnce().map(When.finished))
        case .finished(let value): done = value
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct HierarchyAndExtremesTests {
    // Guarantees, "Lifetimes": "Class hierarchies work. A subclass of a non-final scope, used through a
    // base-class reference or its own, gets effects, middleware, subscopes and state declared in the base
    // class, paths and reports naming its own type, recording, replay and test plans"; "A replay shares
    // nothing with the live app".
    @Test func aSubclassRecordedThroughItsBaseClassReplaysWithItsSharedValuesFromTheDefault() async throws {
        let folder = try makeTemporaryFolder("hier-store")
        let session = try makeTemporaryFolder("hier-session").appendingPathComponent("s.jsonl")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let sub = ShopSub()
        sub.inject(store)
        sub.send(.add("before"))
        let base: ShopBase = sub
        let recorder = try Recorder(recording: base, toFile: session)
        base.send(.add("a"))
        base.send(.openCart)
        base.cart?.send(.addLine)
        recorder.stop()
        await store.flush()
        let saved = try Data(contentsOf: folder.appendingPathComponent("adv-hier-total.json"))

        let recording = try Recording(contentsOf: session)
        #expect(recording.rootTypeName.contains("ShopSub"), "the recording names \(recording.rootTypeName)")
        let replayed = try recording.reproduce { ShopSub() as ShopBase }
        #expect(replayed.items == ["a"])
        #expect(replayed.total == 1)
        #expect((replayed as? ShopSub)?.subOnly == 2)
        #expect(replayed.cart?.lines == 1)
        #expect(
            replayed.cart?.scopePath.contains("ShopSub") == true,
            "\(String(describing: replayed.cart?.scopePath))")
        #expect(sub.total == 2)
        await store.flush()
        #expect(try Data(contentsOf: folder.appendingPathComponent("adv-hier-total.json")) == saved)
    }

    // Guarantees, "Lifetimes": "Class hierarchies work ... recording, replay and test plans"; Writing test
    // plans: THEN_Shared "checks a value through the scope".
    @Test func aSubclassInATestPlanSeesItsBaseClassesSharedValueAndSubscope() throws {
        try ShopSub.GIVEN { ShopSub() }
            .GIVEN_Stored(HierKeys.total, 40)
            .WHEN(.add("x"))
            .THEN(\.subOnly, equals: 1)
            .THEN_Shared(HierKeys.total, equals: 41)
            .WHEN(.openCart)
            .WHEN(\.cart, .addLine)
            .THEN(\.cart?.lines, equals: 1)
            .THEN_Saved(HierKeys.total, equals: 41, writes: 1)
            .runTest()
    }

    // Guarantees, "Events": "No update interleaves with another. An event sent while an update runs is
    // queued and handled after it"; "Every event is handled, once, in the order sent".
    @Test func anUpdateThatSendsItselfTheNextEventAHundredThousandTimesNeverOverflows() {
        let chain = Chain(limit: 100_000)
        chain.send(.step)
        #expect(chain.steps == 100_000)
    }

    // Recording and replay, "What a recording keeps": "Every value replays exactly as it was sent:
    // integers of every width at their extremes ..., Float and Double to the bit (negative zero, the
    // smallest subnormal, infinities and NaN included) ..., text as its Unicode scalars ..., and nested
    // optionals."
    @Test func valuesAtTheirExtremesReplayExactly() throws {
        let live = ExtremeScope()
        let url = try makeTemporaryFolder("extremes").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: url)
        live.send(.keep(Extremes()))
        live.send(.nan(.nan))
        recorder.stop()
        #expect(recorder.refusals.isEmpty, "\(recorder.refusals)")
        let replayed = try Recording(contentsOf: url).reproduce { ExtremeScope() }
        #expect(replayed.kept == Extremes())
        #expect(replayed.kept?.negativeZero.sign == .minus)
        #expect(replayed.kept?.text.unicodeScalars.elementsEqual(Extremes().text.unicodeScalars) == true)
        #expect(replayed.nanBits == Double.nan.bitPattern)
    }

    // Recording and replay, "What a recording keeps": "Float and Double to the bit (negative zero, the
    // smallest subnormal, infinities and NaN included)". A NaN is more than one bit pattern: a negative
    // one, a signaling one, one with a payload.
    @Test(arguments: [UInt64(0x7FF8_0000_0000_0123), 0xFFF8_0000_0000_0000, 0x7FF4_0000_0000_0000])
    func everyNaNReplaysToTheBit(_ bits: UInt64) throws {
        let live = ExtremeScope()
        let url = try makeTemporaryFolder("nan").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: url)
        live.send(.nan(Double(bitPattern: bits)))
        recorder.stop()
        #expect(live.nanBits == bits)
        #expect(recorder.refusals.isEmpty, "\(recorder.refusals)")
        let replayed = try Recording(contentsOf: url).reproduce { ExtremeScope() }
        let replayedBits = replayed.nanBits.map { String($0, radix: 16) } ?? "nil"
        #expect(replayed.nanBits == bits, "0x\(String(bits, radix: 16)) replayed as 0x\(replayedBits)")
    }

    // Recording and replay, "What a recording keeps": "an event whose line would be longer than a
    // recording's lines may be (1 MiB). The recorder writes an unrecordable line in its place with the
    // reason, keeps the refusal in Recorder/refusals ...; the lines before it are untouched, recording
    // goes on, and the recording refuses to replay past that line"; "From a recording to a test plan":
    // `TestPlanSource(jsonLines:root:)` "reads a recording's text up to its first line that cannot be
    // replayed".
    @Test func aTwoHundredThousandElementEventIsRefusedAtItsLineAndTheRecordingGoesOn() throws {
        let live = ExtremeScope()
        let url = try makeTemporaryFolder("huge").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: url)
        live.send(.small)
        live.send(.huge(Array(1_000_000..<1_200_000)))
        live.send(.small)
        recorder.stop()
        #expect(live.huge == [1])
        #expect(recorder.refusals.count == 1, "\(recorder.refusals)")
        #expect(recorder.refusals.first?.line == 3)
        #expect(recorder.recordedEventCount >= 2)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.utf8.count < 1_048_576, "the refused event was written anyway")
        do {
            _ = try Recording(contentsOf: url)
            Issue.record("a recording with an unrecorded event was read for replay")
        } catch let error as RecordingError {
            #expect(error.line == 3, "\(error)")
            #expect(error.description.contains("not recorded"), "\(error)")
        }
        let source = try TestPlanSource(jsonLines: text) { ExtremeScope() }
        #expect(source.fault?.line == 3)
        #expect(try source.swiftSource().contains(".small"))
    }

    // Recording and replay, "Record": "Recorder/stop(), or releasing the recorder, writes the end line,
    // which counts the events: a recording without it was cut short, and is refused."
    @Test func aRecorderReleasedWithoutStopStillWritesItsEndLine() throws {
        let live = ExtremeScope()
        let url = try makeTemporaryFolder("dropped-recorder").appendingPathComponent("s.jsonl")
        try recordThenDrop(live, to: url)
        live.send(.small)
        let recording = try Recording(contentsOf: url)
        #expect(recording.events.count == 3)
    }

    private func recordThenDrop(_ live: ExtremeScope, to url: URL) throws {
        let recorder = try Recorder(recording: live, toFile: url)
        live.send(.small)
        live.send(.small)
        live.send(.small)
        _ = recorder
    }

    // Guarantees, "Bad input": `FlightRecorderTests.aCapacityBelowOneKeepsOneEntry`,
    // `FlightRecorderTests.theLargestCapacityRecordsWithoutReservingIt`; Recording and replay, "Keep a
    // flight recording": "Once it has overwritten events to stay within its size, its header counts them,
    // and reading it for replay is refused (`line 1: a flight recording that kept only its last events:
    // the 12 before them are lost, ...`)".
    @Test(arguments: [0, -5, Int.min, 1, Int.max])
    func aFlightRecorderOfAnExtremeCapacityRecordsAndRefusesAReplayOnceItDropped(_ capacity: Int) throws {
        let live = ExtremeScope()
        let flight = FlightRecorder(recording: live, keepingLast: capacity)
        #expect(flight.capacity >= 1)
        for _ in 0..<3 { live.send(.small) }
        if flight.capacity >= 3 {
            #expect(flight.droppedEventCount == 0)
            let replayed = try Recording(jsonLines: flight.jsonLines()).reproduce { ExtremeScope() }
            #expect(replayed.huge == [1])
        } else {
            #expect(flight.droppedEventCount > 0)
            do {
                _ = try Recording(jsonLines: flight.jsonLines())
                Issue.record("a flight recording that dropped events was read for replay")
            } catch let error as RecordingError {
                #expect(error.line == 1)
                #expect(error.description.contains("kept only its last events"), "\(error)")
            }
        }
        flight.stop()
    }

    // Long-lived effects and time, "Wait in a tool or an integration test": waitUntilSettled(timeout:)
    // "returns when the time is up too, and says whether the scope settled"; "Long waits and clocks
    // injected later": "a ScopeEffects/waitUntilSettled(timeout:) longer than EffectClock/longestWait (a
    // century) lasts a century ...; one of zero or less does not wait."
    @Test func aSettlingTimeoutOfZeroOrLessDoesNotWaitAndAHugeOneStillReturnsWhenSettled() async {
        let waiter = Waiter()
        waiter.send(.startNever)
        #expect(await waiter.effectsState.waitUntilSettled(timeout: .zero) == false)
        #expect(await waiter.effectsState.waitUntilSettled(timeout: .seconds(Int64.min)) == false)
        waiter.effectsState.cancelAllEffects()
        waiter.send(.startQuick)
        #expect(await waiter.effectsState.waitUntilSettled(timeout: .seconds(Int64.max)) == true)
        #expect(waiter.done == 1)
    }

    // Sharing and persisting state, "Saving and loading": "something unreadable (damaged, saved by a newer
    // version, ...): one SharedValueUnreadable report ... and the default"; Bad input must give a clear
    // error, never a crash. Two keys of one name and different types.
    @Test func twoKeysOfOneNameAndDifferentTypesNeitherCrashNorMixTheirValues() async throws {
        let reports = ReportBox()
        let store = SharedStore(storage: InMemoryStorage())
        let numbers = AdvReader(HierKeys.dupInt)
        let words = AdvReader(HierKeys.dupString)
        numbers.inject(store)
        words.inject(store)
        #expect(numbers.value == 1)
        numbers.send(.set(2))
        let word = words.value
        #expect(numbers.value == 2)
        #expect(word == "x" || !reports.all.isEmpty, "a String key read \(word.debugDescription) from an Int")

        let folder = try makeTemporaryFolder("dup-types")
        let fileStore = SharedStore(storage: JSONFileStorage(directory: folder))
        let saved = AdvReader(HierKeys.dupPersistedInt)
        saved.inject(fileStore)
        saved.send(.set(5))
        await fileStore.flush()
        let before = reports.errors(SharedValueUnreadable.self).count
        #expect(loadedValue(HierKeys.dupPersistedString, from: JSONFileStorage(directory: folder)) == "x")
        let unreadable = reports.errors(SharedValueUnreadable.self)
        #expect(unreadable.count == before + 1, "\(reports.descriptions)")
        #expect(unreadable.last?.key == "adv-dup-persisted")
    }
}
