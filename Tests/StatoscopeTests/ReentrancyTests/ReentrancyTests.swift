import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The app's code that the library calls while it works (predicates, middleware, observers, error
/// handlers, recorder outputs, deinits of the app's objects it releases) may call back into the
/// library: send events, enqueue and cancel effects, read them, dismiss scopes, add and remove
/// instruments. Each such call runs after the library's own access to its state has ended, so every
/// outcome is the one the calls would have one after the other.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ReentrancyTests {
    // MARK: Predicates

    @Test func aPredicateThatSendsEventsAndEnqueuesEffectsCancelsOnlyWhatItMatched() async {
        let downloader = Downloader()
        downloader.send(.start(1))
        downloader.send(.start(2))
        var calls = 0
        downloader.effectsState.cancelEffect { _ in
            calls += 1
            // An effect enqueued from inside the predicate is not among those it is asked about.
            if calls == 1 { downloader.send(.start(3)) }
            return true
        }
        #expect(calls == 2, "the predicate sees the effects in flight when it was called")
        #expect(downloader.effectsState.effects.compactMap { ($0 as? GatedEffect)?.value } == [3])
        await downloader.gate.open()
        #expect(await downloader.effectsState.settlesWithinTestPatience())
        #expect(downloader.received == [3])
    }

    @Test func aPredicateThatDismissesItsScopeLeavesNothingInFlight() async {
        let hub = ReentryHub()
        hub.send(.present)
        guard let child = hub.child else {
            Issue.record("no child presented")
            return
        }
        child.send(.start(1))
        child.send(.start(2))
        var seen: [Int] = []
        child.effectsState.cancelEffect { effect in
            seen.append(child.effectsState.effects.count)
            // Dismissing cancels every effect of the child, those the predicate has not seen yet too.
            if hub.child != nil { hub.send(.dismiss) }
            return (effect as? GatedEffect)?.value == 2
        }
        #expect(seen == [2, 0])
        #expect(hub.child == nil)
        #expect(child.effectsState.effects.isEmpty)
        await child.gate.open()
        #expect(await child.effectsState.settlesWithinTestPatience())
        #expect(child.received.isEmpty, "a dismissed scope receives nothing")
    }

    // MARK: Keys

    @Test func aKeyLetGoOfByTheTableMayEnqueueAndReadFromItsDeinit() async {
        let keyed = ReentryKeyed()
        var seenInFlight: [Int] = []
        // The table keeps the first of equal keys it was given: this one, which no effect holds once
        // the second replaced the first effect, and which goes when the second effect completes.
        keyed.nextKey = ReentryKey("k") {
            seenInFlight.append(keyed.effectsState.effects.count)
            keyed.nextKey = ReentryKey("k")
            keyed.send(.start(3))
        }
        keyed.send(.start(1))
        keyed.nextKey = ReentryKey("k")
        keyed.send(.start(2))
        await keyed.gate.open()
        await waitUntil("the effect the key's deinit enqueued delivered") { keyed.received.count == 2 }
        #expect(seenInFlight == [0])
        #expect(keyed.received == [2, 3])
        #expect(await keyed.effectsState.settlesWithinTestPatience())
    }

    // MARK: A scope's middleware

    @Test func aScopesMiddlewareThatReentersTheLibraryRunsEachCallInTurn() async {
        let downloader = Downloader()
        downloader.send(.start(0))
        var seenInFlight: [Int] = []
        var registration: InstrumentRegistration?
        var added: [String] = []
        var addedRegistration: InstrumentRegistration?
        registration = downloader.addMiddleware { scope, when, next in
            if case .start(let value) = when {
                seenInFlight.append(scope.effectsState.effects.count)
                scope.effectsState.cancelAllEffects()
                // Queued: an update is running.
                scope.send(.start(value + 100))
                // Removes itself, and adds another, while it runs.
                registration?.remove()
                addedRegistration = scope.addMiddleware { _, when, next in
                    added.append("\(when)")
                    try next(when)
                }
            }
            try next(when)
        }
        downloader.send(.start(1))
        #expect(seenInFlight == [1])
        #expect(added == ["start(101)"], "the added middleware sees the event queued after it was added")
        #expect(downloader.effectsState.effects.compactMap { ($0 as? GatedEffect)?.value } == [1, 101])
        await downloader.gate.open()
        #expect(await downloader.effectsState.settlesWithinTestPatience())
        addedRegistration?.remove()
        #expect(downloader.received.sorted() == [1, 101])
    }

    @Test func aScopesMiddlewareThatDismissesItsScopeEndsTheWorkOfItsEvent() async {
        let hub = ReentryHub()
        hub.send(.present)
        weak let child = hub.child
        let registration = child?.addMiddleware { _, when, next in
            // Queued behind this event, which goes on to `update`: the dismissal then ends what the
            // update started.
            hub.send(.dismiss)
            try next(when)
        }
        child?.send(.start(1))
        #expect(hub.child == nil)
        #expect(child == nil, "the dismissed child is released once its event is done with it")
        registration?.remove()
    }

    @Test func removingAScopesMiddlewareReleasesItsClosureAfterTheChange() async {
        let downloader = Downloader()
        var farewells = 0
        var token: ReentryToken? = ReentryToken {
            farewells += 1
            // The deinit adds a middleware while the one holding it is being removed; its own
            // registration, dropped at once, takes it out again.
            _ = downloader.addMiddleware { _, when, next in try next(when) }
        }
        let registration = downloader.addMiddleware { [token] _, when, next in
            _ = token
            try next(when)
        }
        token = nil
        registration.remove()
        #expect(farewells == 1)
        downloader.send(.start(1))
        #expect(downloader.effectsState.effects.count == 1)
    }

    // MARK: Observers

    @Test func anObserverThatReentersTheLibrarySettlesOnWhatItLastRead() async {
        let hub = ReentryHub()
        var runs = 0
        let observation = hub.observe { hub in
            runs += 1
            // Reads the count, and sends events, enqueues and cancels effects until it is 3.
            guard hub.count < 3 else {
                hub.child?.effectsState.cancelAllEffects()
                return
            }
            if hub.child == nil { hub.send(.present) }
            hub.child?.send(.start(hub.count))
            hub.send(.increment)
        }
        defer { observation.cancel() }
        await waitUntil("the observer read a count of 3 and cancelled the child's effects") {
            hub.count == 3 && hub.child?.effectsState.effects.isEmpty == true
        }
        #expect(runs >= 4)
    }

    // MARK: Error handlers

    @Test func anErrorHandlerThatReentersTheLibraryIsCalledOnceAndItsCallsTakeEffect() async {
        let downloader = Downloader()
        let id = ObjectIdentifier(downloader)
        var handled: [String] = []
        var registration: ErrorReporting.Registration?
        var added: ErrorReporting.Registration?
        registration = ErrorReporting.addHandler { report in
            guard report.scopeID == id else { return }
            handled.append("\(report.error)")
            // Reads and cancels the scope's effects, sends it an event, swaps itself for another.
            downloader.effectsState.cancelAllEffects()
            downloader.send(.start(2))
            registration?.remove()
            added = ErrorReporting.addHandler { report in
                if report.scopeID == id { handled.append("added") }
            }
        }
        defer {
            registration?.remove()
            added?.remove()
        }
        downloader.send(.startFailing(1))
        await downloader.gate.open()
        await waitUntil("the failure was reported") { !handled.isEmpty }
        #expect(await downloader.effectsState.settlesWithinTestPatience())
        #expect(handled == ["Failure(value: 1)"])
        #expect(downloader.received.sorted() == [2])
    }

    @Test func removingAnErrorHandlerReleasesItsClosureAfterTheChange() {
        var farewells = 0
        var added: ErrorReporting.Registration?
        var token: ReentryToken? = ReentryToken {
            farewells += 1
            // The deinit adds a handler while the one holding it is being removed.
            added = ErrorReporting.addHandler { _ in }
        }
        let registration = ErrorReporting.addHandler { [token] _ in _ = token }
        token = nil
        registration.remove()
        added?.remove()
        #expect(farewells == 1)
    }

    // MARK: Recorder outputs

    @Test func aRecordersOutputThatDismissesAndCancelsSeesTheTreeAsItsEventLeftIt() async throws {
        let hub = ReentryHub()
        var seenInFlight: [Int] = []
        let recorder = Recorder(recording: hub) { line in
            guard line.contains("increment"), let child = hub.child else { return }
            seenInFlight.append(child.effectsState.effects.count)
            child.effectsState.cancelAllEffects()
            hub.send(.dismiss)
        }
        hub.send(.present)
        let child = hub.child
        child?.send(.start(1))
        hub.send(.increment)
        recorder.stop()
        #expect(seenInFlight == [1])
        #expect(hub.child == nil)
        #expect(child?.effectsState.effects.isEmpty == true)
        #expect(recorder.recordedEventCount == 4, "present, start, increment, and the output's dismiss")
    }

    // MARK: Deinits of the app's objects

    @Test func aScopeReleasedAfterItsQueuedEventRanMaySendFromItsDeinit() {
        let hub = ReentryHub()
        hub.guest = ReentryGuest { hub.send(.heard("farewell")) }
        hub.send(.greetGuestThenLetGo)
        #expect(hub.guest == nil)
        #expect(hub.heard == ["farewell"], "the deinit's event is delivered before `send` returns")
        hub.send(.heard("next"))
        #expect(hub.heard == ["farewell", "next"])
    }

    @Test func aReplacedDependencyMayInjectAndResolveFromItsDeinit() async {
        let reader = ReentryReader()
        var farewells: [String] = []
        reader.inject(
            ReentryService("first") { name in
                farewells.append(name)
                // Resolves, and injects again, while the value that replaced it is being stored.
                reader.send(.read)
                reader.inject(ReentryService("from deinit"))
            })
        reader.send(.read)
        reader.inject(ReentryService("second"))
        reader.send(.read)
        #expect(farewells == ["first"])
        #expect(reader.readNames == ["first", "second", "from deinit"])
    }

    @Test func aDependencyReleasedWithAStaleSnapshotMaySendFromItsDeinit() async {
        let reader = ReentryReader()
        reader.inject(ReentryService("first") { _ in reader.send(.read) })
        // The effect's snapshot of the dependencies holds the first value.
        reader.send(.startEffect)
        #expect(await reader.effectsState.settlesWithinTestPatience())
        reader.inject(ReentryService("second"))
        // Starting another effect takes a new snapshot, releasing the first value.
        reader.send(.startEffect)
        #expect(await reader.effectsState.settlesWithinTestPatience())
        #expect(reader.readNames == ["second"])
        #expect(reader.heard == ["done", "done"])
    }
}
