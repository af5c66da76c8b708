// Instruments isolated with `withIsolatedInstruments` and what the library does later for the code
// inside: nested isolations, effects and streams outliving theirs, tasks effects make, detached
// senders, analytics sinks, and saves of one key changed in several isolations.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// Opened once; waited on by any number of effects.
final class Gate: Sendable {
    private let box = LockedBox<Bool>()
    func open() { box.append(true) }
    func wait() async {
        while box.items.isEmpty { try? await Task.sleep(for: .milliseconds(2)) }
    }
}

/// A stream an effect consumes, fed by the test.
final class Feed: Sendable {
    let stream: AsyncStream<Int>
    let continuation: AsyncStream<Int>.Continuation
    init() { (stream, continuation) = AsyncStream.makeStream() }
    func yield(_ value: Int) { continuation.yield(value) }
    func finish() { continuation.finish() }
}

struct IsoFailure: Error, Equatable {
    let code: Int
}

enum IsoKeys {
    static var scratch: SharedKey<Int> { SharedKey("adv-iso-scratch", default: 0) }
}

@MainActor
final class IsoScope: Scope {
    @Shared var value: Int
    var delivered: [Int] = []

    init(
        _ key: SharedKey<Int> = IsoKeys.scratch, store: SharedStore? = SharedStore(storage: InMemoryStorage())
    ) {
        _value = Shared(key)
        if let store { inject(store) }
    }

    enum When: Sendable {
        case set(Int)
        case delivered(Int)
        case startGated(Int, Gate)
        case startReporting(Gate)
        case startChildTaskWork(Int)
        case startDetachedWork(Int)
        case startStream(Feed)
    }

    func update(_ when: When) throws {
        switch when {
        case .set(let newValue): value = newValue
        case .delivered(let number): delivered.append(number)
        case .startGated(let number, let gate):
            effectsState.enqueue(
                AnyEffect { () async -> Int in
                    await gate.wait()
                    return number
                }.map(When.delivered))
        case .startReporting(let gate):
            effectsState.enqueue(
                AnyEffect { () async -> Int in
                    await gate.wait()
                    await ErrorReporting.reportHandled(IsoFailure(code: 7))
                    return 7
                }.map(When.delivered))
        case .startChildTaskWork(let number):
            effectsState.enqueue(
                AnyEffect { [weak self] () async -> Int in
                    await Task { @MainActor in
                        self?.value = number
                        self?.send(.delivered(number + 1_000))
                    }.value
                    await Task { await ErrorReporting.reportHandled(IsoFailure(code: number)) }.value
                    return number
                }.map(When.delivered))
        case .startDetachedWork(let number):
            effectsState.enqueue(
                AnyEffect { [weak self] () async -> Int in
                    await Task.detached { @MainActor in
                        self?.value = number
                        self?.send(.delivered(number + 2_000))
                    }.value
                    return number
                }.map(When.delivered))
        case .startStream(let feed):
            effectsState.enqueue(AnyStreamEffect(feed.stream).map(When.delivered))
        }
    }
}

/// The events an app-wide middleware sees, of one scope or of all.
@MainActor
final class SeenBox {
    var seen: [String] = []
    var registration: InstrumentRegistration?

    init(only scope: (any Scope)? = nil) {
        let only = scope.map { ObjectIdentifier($0) }
        registration = Middleware.addAppWide { [weak self] event, next in
            if only == nil || only == ObjectIdentifier(event.scope) { self?.seen.append("\(event.when)") }
            try next(event)
        }
    }

    var delivered: [String] { seen.filter { $0.hasPrefix("delivered(") } }

    /// A box installed outside any isolation: it sees every event of the process.
    static func unisolated(only scope: any Scope) async -> SeenBox {
        await Task.detached { @MainActor in SeenBox(only: scope) }.value
    }
}

@MainActor
final class Flag {
    var raised = 0
}

@Suite(.isolatedInstruments)
@MainActor
struct IsolationLaterWorkTests {
    // Middleware, logging and analytics, "Instruments in tests that run in parallel": "Inside
    // withIsolatedInstruments, the app-wide middleware ... it installs see only the events sent from
    // inside"; CHANGELOG: "an instrument installed inside nested withIsolatedInstruments blocks asks
    // whether an event is its own". What an inner block sends is sent from inside the outer one.
    @Test func anOuterIsolationSeesWhatItsInnerOneSendsAndTheInnerOneOnlyItsOwn() {
        let app = IsoScope()
        withIsolatedInstruments {
            let outer = SeenBox()
            app.send(.delivered(1))
            let inner = withIsolatedInstruments {
                let inner = SeenBox()
                app.send(.delivered(2))
                return inner
            }
            app.send(.delivered(3))
            #expect(outer.seen == ["delivered(1)", "delivered(2)", "delivered(3)"], "\(outer.seen)")
            #expect(inner.seen == ["delivered(2)"], "\(inner.seen)")
        }
    }

    // Same article: "What the library does later for the code inside counts as inside too: an effect's
    // work, in its task ...: the events it sends"; CHANGELOG: "an effect's task runs in the isolation it
    // was started in". An effect started in an inner block that has ended is still inside the outer one.
    @Test func anEffectOfAnInnerIsolationThatEndedFirstIsStillSeenByTheOuterOne() async {
        let app = IsoScope()
        let gate = Gate()
        let outer = SeenBox(only: app)
        let inner = withIsolatedInstruments {
            let inner = SeenBox(only: app)
            app.send(.startGated(7, gate))
            return inner
        }
        gate.open()
        await app.effectsState.waitUntilSettled()
        #expect(app.delivered == [7])
        #expect(
            outer.delivered == ["delivered(7)"],
            "the outer isolation lost the inner one's effect: \(outer.seen)")
        #expect(inner.delivered.isEmpty, "the ended isolation's middleware still ran: \(inner.seen)")
    }

    // Same article: "when it returns, whatever it installed stops ... Instruments installed for the whole
    // app still see everything"; "Reporting an error the app handled": ErrorReporting.reportHandled "finds
    // the scope that started the effect". The isolation ended before the effect reported.
    @Test func aHandledReportMadeAfterItsIsolationEndedReachesTheAppsHandlersOnly() async {
        let app = IsoScope()
        let gate = Gate()
        let everywhere = await ReportBox.unisolated()
        let inside = withIsolatedInstruments {
            let box = ReportBox()
            app.send(.startReporting(gate))
            return box
        }
        gate.open()
        await app.effectsState.waitUntilSettled()
        let handled = everywhere.reports(of: app).filter(\.isHandled)
        #expect(handled.count == 1, "\(everywhere.descriptions)")
        #expect((handled.first?.error as? IsoFailure)?.code == 7)
        #expect(inside.all.isEmpty, "a handler of an ended isolation was called: \(inside.descriptions)")
        #expect(app.delivered == [7])
    }

    // Same article: "an effect's work, in its task and in the tasks it makes: the events it sends and the
    // shared values it tries to change (refused, since only updates change them) are seen and reported
    // inside"; Guarantees, "Events": reportHandled in an effect's work "reach every error handler, those
    // installed inside withIsolatedInstruments included". A `Task { }` the effect's work makes.
    @Test func whatATaskMadeByAnEffectDoesIsSeenAndReportedInside() async {
        let app = IsoScope()
        let reports = ReportBox()
        let seen = SeenBox(only: app)
        app.send(.startChildTaskWork(5))
        await app.effectsState.waitUntilSettled()
        #expect(app.delivered.sorted() == [5, 1_005])
        #expect(app.value == 0)
        #expect(seen.delivered.contains("delivered(1005)"), "\(seen.seen)")
        let refusals = reports.reports(of: app).filter { $0.error is SharedValueWriteRefused }
        #expect(refusals.count == 1, "\(reports.descriptions)")
        let handled = reports.reports(of: app).filter(\.isHandled)
        #expect(handled.count == 1, "a report from a task the effect made: \(reports.descriptions)")
    }

    // Same article: "Tasks made with `Task { }` inside inherit it; a `Task.detached` does not. Instruments
    // installed for the whole app still see everything." A detached task an effect makes: what it does is
    // still handled, refused and reported to the app.
    @Test func whatADetachedTaskMadeByAnEffectDoesReachesTheAppsInstruments() async {
        let app = IsoScope()
        let everywhere = await ReportBox.unisolated()
        let everySeen = await SeenBox.unisolated(only: app)
        let reports = ReportBox()
        let seen = SeenBox(only: app)
        app.send(.startDetachedWork(6))
        await app.effectsState.waitUntilSettled()
        #expect(app.delivered.sorted() == [6, 2_006])
        #expect(app.value == 0)
        #expect(everySeen.delivered.contains("delivered(2006)"))
        #expect(everywhere.reports(of: app).filter { $0.error is SharedValueWriteRefused }.count == 1)
        #expect(
            !seen.delivered.contains("delivered(2006)"),
            "a detached task inherited the isolation: \(seen.seen)")
        #expect(reports.reports(of: app).filter { $0.error is SharedValueWriteRefused }.isEmpty)
    }

    // Same article: the instruments installed inside "see only the events sent from inside"; "Tasks made
    // with `Task { }` inside inherit it; a `Task.detached` does not"; Guarantees: "a test never sees
    // another's, nor an effect started outside delivered beside its own". Two effects on one scope, one
    // started outside, released together so that their results come back in one batch.
    @Test func anEffectStartedOutsideIsNotSeenWhenItsResultComesBackBesideOneStartedInside() async {
        let app = IsoScope()
        let gate = Gate()
        let seen = SeenBox(only: app)
        await Task.detached { @MainActor in app.send(.startGated(1, gate)) }.value
        app.send(.startGated(2, gate))
        gate.open()
        await app.effectsState.waitUntilSettled()
        #expect(app.delivered.sorted() == [1, 2])
        #expect(seen.seen.filter { $0.hasPrefix("startGated") }.count == 1, "\(seen.seen)")
        #expect(seen.delivered == ["delivered(2)"], "\(seen.seen)")
    }

    // Same promise, with streams: one started outside and one inside, on one scope, fed in turn, their
    // elements delivered in the same turns of the main actor.
    @Test func twoStreamsOfOneScopeFromTwoIsolationsAreEachSeenOnlyByTheirOwn() async {
        let app = IsoScope()
        let outside = Feed()
        let inside = Feed()
        let seen = SeenBox(only: app)
        let everySeen = await SeenBox.unisolated(only: app)
        await Task.detached { @MainActor in app.send(.startStream(outside)) }.value
        app.send(.startStream(inside))
        for index in 1...200 {
            outside.yield(10_000 + index)
            inside.yield(index)
        }
        outside.finish()
        inside.finish()
        await app.effectsState.waitUntilSettled()
        #expect(app.delivered.count == 400)
        #expect(seen.delivered == (1...200).map { "delivered(\($0))" }, "\(seen.delivered.prefix(10))…")
        #expect(everySeen.delivered.count == 400)
    }

    // Same article: "an effect's work, in its task ...: the events it sends ... are seen ... inside"; "when
    // it returns, whatever it installed stops". A stream started in a block that ends while it still
    // yields: its elements keep coming, the ended block's middleware sees no more of them, and the
    // enclosing isolation sees them all.
    @Test func aStreamOutlivingItsIsolationKeepsDeliveringToTheEnclosingOne() async {
        let app = IsoScope()
        let feed = Feed()
        let enclosing = SeenBox(only: app)
        let ended = await withIsolatedInstruments {
            let inner = SeenBox(only: app)
            app.send(.startStream(feed))
            feed.yield(1)
            feed.yield(2)
            _ = await waitUntil("two elements arrive", within: .seconds(120)) { app.delivered.count == 2 }
            return inner.delivered
        }
        feed.yield(3)
        feed.finish()
        await app.effectsState.waitUntilSettled()
        #expect(app.delivered == [1, 2, 3])
        #expect(ended == ["delivered(1)", "delivered(2)"])
        #expect(enclosing.delivered == ["delivered(1)", "delivered(2)", "delivered(3)"], "\(enclosing.seen)")
    }

    // CHANGELOG: "an instrument installed inside nested withIsolatedInstruments blocks asks whether an
    // event is its own in one comparison at any depth (a thousand nested isolations took seconds)"; the
    // article: instruments installed inside "see only the events sent from inside". A thousand levels,
    // a middleware at each, one event at the bottom: each sees it once.
    @Test func aThousandNestedIsolationsEachSeeTheEventSentAtTheBottomOnce() {
        let app = IsoScope()
        let boxes = MainBox<SeenBox>()
        func nest(_ depth: Int) {
            withIsolatedInstruments {
                boxes.append(SeenBox(only: app))
                if depth > 1 { nest(depth - 1) } else { app.send(.delivered(1)) }
            }
        }
        nest(1_000)
        #expect(boxes.items.count == 1_000)
        let wrong = boxes.items.enumerated().filter { $0.element.seen != ["delivered(1)"] }
        #expect(
            wrong.isEmpty,
            "\(wrong.count) levels saw otherwise, first: \(wrong.first.map { "\($0.offset): \($0.element.seen)" } ?? "")"
        )
    }

    // Same article: "an analytics sink's work for an event accepted inside, a write it makes included";
    // "Tasks made with Task { } inside inherit it". The sink's write, from a task it makes, is reported
    // inside; an event sent outside never reaches the sink.
    @Test func anAnalyticsSinksWriteForAnEventAcceptedInsideIsReportedInside() async {
        let app = IsoTrackedScope()
        let reports = ReportBox()
        let names = LockedBox<String>()
        let sink = Analytics.install { event in
            names.append("\(event.name)\(event.parameters["_0"].map { "(\($0))" } ?? "")")
            Task { @MainActor in app.value = 9 }
        }
        await Task.detached { @MainActor in app.send(.ping(1)) }.value
        app.send(.ping(2))
        await Analytics.waitUntilDelivered()
        _ = await waitUntil("the sink's write is refused", within: .seconds(120)) {
            !reports.reports(of: app).isEmpty
        }
        sink.remove()
        #expect(names.items == ["ping(2)"], "\(names.items)")
        let refusals = reports.reports(of: app).filter { $0.error is SharedValueWriteRefused }
        #expect(refusals.count == 1, "\(reports.descriptions)")
        #expect(app.value == 0)
    }
}

@MainActor
final class IsoTrackedScope: Scope {
    @Shared var value: Int

    init() {
        _value = Shared(IsoKeys.scratch)
        inject(SharedStore(storage: InMemoryStorage()))
    }

    enum When: Codable, Sendable, TrackedWhen {
        case ping(Int)
    }

    func update(_ when: When) throws {}
}

/// Saves of one persisted key changed in several isolations.
@Suite(.isolatedInstruments)
@MainActor
struct IsolatedSaveTests {
    private func reader(_ key: SharedKey<Int>, _ store: SharedStore, _ clock: ManualEffectClock) -> AdvReader<
        Int
    > {
        let reader = AdvReader(key)
        reader.inject(store)
        reader.inject(EffectClock(clock))
        return reader
    }

    /// A store whose every save fails, on a clock that never moves, whose write window a change made
    /// outside any isolation has opened (its save, at once, failed): the changes that follow wait for a
    /// flush. The app's handlers are those of the box.
    private func openFailingWindow(
        _ key: SharedKey<Int>
    ) async -> (FlakyStorage, SharedStore, ManualEffectClock, ReportBox) {
        let storage = FlakyStorage(failingFromSave: 1)
        let store = SharedStore(storage: storage)
        let clock = ManualEffectClock()
        let everywhere = await ReportBox.unisolated()
        let opener = reader(key, store, clock)
        await Task.detached { @MainActor in opener.send(.set(1)) }.value
        _ = await waitUntil("the opening save fails", within: .seconds(120)) {
            self.notSaved(everywhere, key.name) == 1
        }
        return (storage, store, clock, everywhere)
    }

    private func notSaved(_ box: ReportBox, _ key: String) -> Int {
        box.errors(SharedValueNotSaved.self).filter { $0.key == key }.count
    }

    // Middleware, logging and analytics, "Instruments in tests that run in parallel": "the save of a shared
    // value changed inside, made later by the store's own task: a save that fails is reported inside.
    // Changes made in several isolations and saved together are reported once to the handlers installed
    // for the whole app, and to those of each of these isolations." Two isolations, open at once, change
    // one key within one write window; the window's save fails.
    @Test func twoIsolationsWhoseChangesAreSavedTogetherEachHearOfTheFailureOnce() async {
        let key = SharedKey<Int>.persisted("adv-iso-together", default: 0)
        let (storage, store, clock, everywhere) = await openFailingWindow(key)
        let first = reader(key, store, clock)
        let second = reader(key, store, clock)
        let ready = Flag()
        let flushed = Flag()
        func isolatedChange(_ scope: AdvReader<Int>, to value: Int) -> Task<Int, Never> {
            Task { @MainActor in
                await withIsolatedInstruments {
                    let box = ReportBox()
                    scope.send(.set(value))
                    ready.raised += 1
                    _ = await waitUntil("the window is flushed", within: .seconds(120)) { flushed.raised > 0 }
                    return self.notSaved(box, key.name)
                }
            }
        }
        let a = isolatedChange(first, to: 2)
        let b = isolatedChange(second, to: 3)
        _ = await waitUntil("both isolations changed the key", within: .seconds(120)) { ready.raised == 2 }
        #expect(storage.saveAttempts == 1, "a change within the window was saved alone")
        await store.flush()
        _ = await waitUntil("the window's save fails", within: .seconds(120)) {
            self.notSaved(everywhere, key.name) >= 2
        }
        flushed.raised = 1
        let heardByA = await a.value
        let heardByB = await b.value
        #expect(
            storage.saveAttempts == 2,
            "the two changes were not saved together: \(storage.saveAttempts) saves")
        #expect(notSaved(everywhere, key.name) == 2, "\(everywhere.descriptions)")
        #expect(heardByA == 1, "the first isolation heard of its failed save \(heardByA) times")
        #expect(heardByB == 1, "the second isolation heard of its failed save \(heardByB) times")
    }

    // Same article: "when it returns, whatever it installed stops"; "a save that fails is reported inside";
    // the app's handlers "still see everything". A change made in an isolation that has ended by the time
    // its save fails.
    @Test func aFailedSaveOfAChangeWhoseIsolationEndedIsReportedToTheAppOnly() async {
        let key = SharedKey<Int>.persisted("adv-iso-ended", default: 0)
        let (_, store, clock, everywhere) = await openFailingWindow(key)
        let changer = reader(key, store, clock)
        let ended = withIsolatedInstruments {
            let box = ReportBox()
            changer.send(.set(2))
            return box
        }
        await store.flush()
        _ = await waitUntil("the later save fails", within: .seconds(120)) {
            self.notSaved(everywhere, key.name) == 2
        }
        #expect(notSaved(everywhere, key.name) == 2)
        #expect(ended.all.isEmpty, "a handler of an ended isolation was called: \(ended.descriptions)")
        #expect(changer.value == 2, "the app lost its change")
    }
}
