import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// An effect that waits for its gate, reports to its probe, and returns its value or throws.
struct GatedEffect: Effect, Equatable {
    let value: Int
    var fails = false
    let gate: Gate
    let probe: EffectProbe

    struct Failure: Error, Equatable {
        let value: Int
    }

    func runEffect() async throws -> Int {
        await probe.didStart()
        await gate.wait()
        await probe.didFinish(cancelled: Task.isCancelled)
        if fails { throw Failure(value: value) }
        return value
    }

    static func == (lhs: GatedEffect, rhs: GatedEffect) -> Bool {
        lhs.value == rhs.value && lhs.fails == rhs.fails
    }
}

@MainActor
final class Downloader: Scope {
    var received: [Int] = []
    var failures: [String] = []
    var deliveredOnMainQueue: [Bool] = []
    var phasesSeenInUpdate: [EffectsStateMachine<EnqueuedEffect>.Phase?] = []
    let gate: Gate
    let probe: EffectProbe

    init(gate: Gate = Gate(), probe: EffectProbe = EffectProbe()) {
        self.gate = gate
        self.probe = probe
    }

    enum When: Sendable {
        case start(Int)
        case startFailing(Int)
        case startMappedToResult(Int, fails: Bool)
        case startKeyed(Int, key: String, policy: EffectKeyPolicy)
        case startKeyedThenFail(Int, key: String)
        case startThenChain(Int)
        case startAndRecordPhase(Int)
        case received(Int)
        case finished(Result<Int, any Error>)
    }

    func effect(_ value: Int, fails: Bool = false) -> GatedEffect {
        GatedEffect(value: value, fails: fails, gate: gate, probe: probe)
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let value):
            effectsState.enqueue(effect(value).map(When.received))
        case .startFailing(let value):
            effectsState.enqueue(effect(value, fails: true).map(When.received))
        case .startMappedToResult(let value, let fails):
            effectsState.enqueue(effect(value, fails: fails).mapToResult().map(When.finished))
        case .startKeyed(let value, let key, let policy):
            effectsState.enqueue(effect(value).map(When.received), key: key, ifKeyInFlight: policy)
        case .startKeyedThenFail(let value, let key):
            effectsState.enqueue(effect(value).map(When.received), key: key)
            throw InvalidStateError("refused after enqueueing \(value)")
        case .startThenChain(let value):
            effectsState.enqueue(AnyEffect { value }.map { When.start($0 + 1) })
        case .startAndRecordPhase(let value):
            effectsState.enqueue(effect(value).map(When.received))
            phasesSeenInUpdate.append(runtime?.effects.inFlight.last?.phase)
        case .received(let value):
            received.append(value)
            deliveredOnMainQueue.append(MainQueueMarker.isOnMainQueue)
        case .finished(.success(let value)):
            received.append(value)
        case .finished(.failure(let error)):
            failures.append("\(error)")
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EffectsTests {
    @Test func completionIsDeliveredOnceOnTheMainActor() async {
        let scope = Downloader()
        scope.send(.start(7))
        #expect(scope.effectsState.effects.count == 1)
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received == [7])
        #expect(scope.deliveredOnMainQueue == [true])
        #expect(scope.effectsState.effects.isEmpty)
        #expect(await scope.probe.started == 1)
    }

    @Test func effectsStartOnlyAfterTheUpdateReturns() async throws {
        let scope = Downloader()
        scope.send(.startAndRecordPhase(1))
        #expect(scope.phasesSeenInUpdate == [.staged])
        let runtime = try #require(scope.runtime)
        #expect(runtime.effects.inFlight.map(\.phase) == [.running])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received == [1])
    }

    @Test func effectsAreListedOldestFirstAsFirstEnqueued() async {
        let scope = Downloader()
        scope.send(.start(1))
        scope.send(.startMappedToResult(2, fails: false))
        scope.send(.start(3))
        let effects = scope.effectsState.effects
        #expect(effects.map { ($0 as? GatedEffect)?.value } == [1, 2, 3])
        #expect(effects.allSatisfy { $0.pristineIs(GatedEffect.self) })
        #expect(effects[1].pristineEquals(scope.effect(2)))
        #expect(!effects[1].pristineEquals(scope.effect(3)))
        scope.effectsState.cancelAllEffects()
    }

    @Test func mappedEffectKeepsItsPristineValue() {
        let gate = Gate()
        let probe = EffectProbe()
        let pristine = GatedEffect(value: 5, gate: gate, probe: probe)
        let mapped = pristine.mapToResult().map { "\($0)" }
        #expect(mapped.pristineIs(GatedEffect.self))
        #expect(mapped.pristineEquals(pristine))
        #expect(mapped.pristine is GatedEffect)
        let closure = AnyEffect { 1 }
        #expect(closure.map { $0 + 1 }.pristineIs(AnyEffect<Int>.self))
        #expect(AnyEffect(pristine).pristineEquals(pristine))
    }

    @Test func cancelledEffectDeliversNothing() async {
        let scope = Downloader()
        scope.send(.start(1))
        scope.send(.start(2))
        // Both running: an effect cancelled before its task began would never run at all.
        await scope.probe.waitUntilStarted(2)
        scope.effectsState.cancelEffect { ($0 as? GatedEffect)?.value == 1 }
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [2])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        await scope.probe.waitUntilFinished(2)
        await drainCompletions(of: scope.runtime)
        #expect(scope.received == [2])
        #expect(await scope.probe.cancelled == 1)
    }

    @Test func cancellingAllEffectsDeliversNothing() async {
        let scope = Downloader()
        let collector = ErrorReportCollector(for: scope)
        scope.send(.start(1))
        scope.send(.startFailing(2))
        await scope.probe.waitUntilStarted(2)
        scope.effectsState.cancelAllEffects()
        #expect(scope.effectsState.effects.isEmpty)
        await scope.gate.open()
        await scope.probe.waitUntilFinished(2)
        await drainCompletions(of: scope.runtime)
        #expect(scope.received.isEmpty)
        #expect(collector.reports.isEmpty)
    }

    @Test func effectsCancelledAsSoonAsTheyStartDeliverNothingWhetherOrNotTheyRan() async {
        let scope = Downloader()
        // Cancelled right after they start: some tasks may have begun, the others never will.
        for value in 0..<200 { scope.send(.start(value)) }
        scope.effectsState.cancelAllEffects()
        await scope.gate.open()
        await drainCompletions(of: scope.runtime)
        #expect(scope.received.isEmpty)
        #expect(scope.effectsState.effects.isEmpty)
        let (started, finished) = await (scope.probe.started, scope.probe.finished)
        #expect(started <= 200)
        #expect(finished == started, "every effect that began ran to its end")
        scope.send(.start(201))
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received == [201], "the scope works on as before")
    }

    @Test func effectCancelledInTheUpdateThatEnqueuedItNeverStarts() async {
        final class Canceller: Scope {
            let probe = EffectProbe()
            enum When: Sendable { case enqueueAndCancel, done }
            func update(_ when: When) throws {
                if case .enqueueAndCancel = when {
                    effectsState.enqueue(GatedEffect(value: 1, gate: Gate(), probe: probe).map { _ in .done })
                    effectsState.cancelEffect { $0 is GatedEffect }
                }
            }
        }
        let scope = Canceller()
        scope.send(.enqueueAndCancel)
        #expect(scope.effectsState.effects.isEmpty)
        await drainCompletions(of: scope.runtime)
        #expect(await scope.probe.started == 0)
    }

    @Test func releasedScopeIsNotRetainedByItsRunningEffectAndReceivesNothing() async {
        let gate = Gate()
        let probe = EffectProbe()
        var scope: Downloader? = Downloader(gate: gate, probe: probe)
        weak let released = scope
        let collector = ErrorReportCollector { report in
            guard case .effect(let effect) = report.source else { return false }
            return (effect as? GatedEffect)?.gate === gate
        }
        scope?.send(.start(1))
        scope?.send(.startFailing(2))
        await probe.waitUntilStarted(2)
        let runtime = scope?.runtime
        scope = nil
        #expect(released == nil)
        await gate.open()
        await probe.waitUntilFinished(2)
        await drainCompletions(of: runtime)
        #expect(runtime?.effects.isEmpty == true)
        #expect(collector.reports.isEmpty)
    }

    @Test func sweepCancelsTheEffectsOfAReleasedScope() async {
        let gate = Gate()
        let probe = EffectProbe()
        var scope: Downloader? = Downloader(gate: gate, probe: probe)
        scope?.send(.start(1))
        await probe.waitUntilStarted()
        scope = nil
        ScopeRuntimeTable.sweepReleasedScopes()
        await gate.open()
        await probe.waitUntilFinished(1)
        #expect(await probe.cancelled == 1)
    }

    @Test func throwingEffectDeliversNothingAndIsReported() async throws {
        let scope = Downloader()
        let collector = ErrorReportCollector(for: scope)
        scope.send(.startFailing(3))
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received.isEmpty)
        let report = try #require(collector.reports.first)
        #expect(report.error as? GatedEffect.Failure == GatedEffect.Failure(value: 3))
        guard case .effect(let effect) = report.source else {
            Issue.record("expected an effect report, got \(report.source)")
            return
        }
        #expect(effect.pristineEquals(scope.effect(3, fails: true)))
        #expect(report.description.hasPrefix("Downloader: effect GatedEffect(value: 3, fails: true"))
        #expect(report.description.hasSuffix("of Downloader threw Failure(value: 3)"))
    }

    @Test func effectMappedToResultDeliversItsFailure() async {
        let scope = Downloader()
        let collector = ErrorReportCollector(for: scope)
        scope.send(.startMappedToResult(4, fails: true))
        scope.send(.startMappedToResult(5, fails: false))
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.failures == ["Failure(value: 4)"])
        #expect(scope.received == [5])
        #expect(collector.reports.isEmpty)
    }

    @Test func keyedEffectCancelsTheOlderOneWithItsKey() async {
        let scope = Downloader()
        scope.send(.startKeyed(1, key: "search", policy: .cancelOlder))
        scope.send(.startKeyed(2, key: "search", policy: .cancelOlder))
        scope.send(.startKeyed(3, key: "other", policy: .cancelOlder))
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [2, 3])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received.sorted() == [2, 3])
    }

    @Test func keyedEffectCanKeepTheOlderOne() async {
        let scope = Downloader()
        scope.send(.startKeyed(1, key: "save", policy: .keepOlder))
        scope.send(.startKeyed(2, key: "save", policy: .keepOlder))
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [1])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received == [1])
        // Once the key is free again, a new effect with it runs.
        scope.send(.startKeyed(3, key: "save", policy: .keepOlder))
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received == [1, 3])
    }

    @Test func failedUpdateLeavesTheKeyedEffectItWouldHaveReplacedRunning() async throws {
        let scope = Downloader()
        let collector = ErrorReportCollector(for: scope)
        scope.send(.startKeyed(1, key: "search", policy: .cancelOlder))
        scope.send(.startKeyedThenFail(2, key: "search"))
        let report = try #require(collector.reports.first)
        #expect("\(report.error)".contains("refused after enqueueing 2"))
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [1])
        // The key still belongs to the older effect.
        scope.send(.startKeyed(3, key: "search", policy: .keepOlder))
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [1])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        await drainCompletions(of: scope.runtime)
        #expect(scope.received == [1])
        #expect(await scope.probe.started == 1)
    }

    @Test func thousandsOfKeyedEffectsCancelledOneByOneDeliverNothing() async {
        let scope = Downloader()
        for index in 0..<2_000 {
            scope.send(.startKeyed(index, key: "k\(index)", policy: .cancelOlder))
        }
        for index in 0..<1_999 {
            scope.effectsState.cancelEffect(key: "k\(index)")
        }
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [1_999])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        await drainCompletions(of: scope.runtime)
        #expect(scope.received == [1_999])
    }

    @Test func effectCanBeCancelledByKey() async {
        let scope = Downloader()
        scope.send(.startKeyed(1, key: "a", policy: .cancelOlder))
        scope.send(.startKeyed(2, key: "b", policy: .cancelOlder))
        await scope.probe.waitUntilStarted(2)
        scope.effectsState.cancelEffect(key: "a")
        #expect(scope.effectsState.effects.map { ($0 as? GatedEffect)?.value } == [2])
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        await scope.probe.waitUntilFinished(2)
        await drainCompletions(of: scope.runtime)
        #expect(scope.received == [2])
    }

    @Test func settlingWaitsForEffectsEnqueuedByCompletions() async {
        let scope = Downloader()
        scope.send(.startThenChain(10))
        await scope.gate.open()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received == [11])
    }

    @Test func settlingWithNoEffectReturnsAtOnce() async {
        let scope = Downloader()
        await scope.effectsState.waitUntilSettled()
        #expect(scope.received.isEmpty)
    }
}

/// Waits until every task the scope's effects started is back on the main actor, cancelled ones
/// included, so a test can check that nothing more will be delivered.
@MainActor
func drainCompletions(of runtime: ScopeRuntime?) async {
    guard let runtime else { return }
    await waitUntil("every effect task of the scope ending") { runtime.unfinishedRuns == 0 }
}

extension Scope {
    var runtime: ScopeRuntime? { ScopeRuntimeTable.existingRuntime(for: self) }
}
