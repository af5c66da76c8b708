import Statoscope
import StatoscopeTestSupport
import Testing

/// A screen presented by ``Home``; its update reads its ancestor.
@MainActor
final class Detail: Scope {
    let gate = Gate()
    let probe = EffectProbe()
    var loaded: [Int] = []
    var taps = 0
    @Superscope var home: Home

    enum When: Sendable {
        case load(Int)
        case loaded(Int)
        case tap
    }

    func update(_ when: When) throws {
        switch when {
        case .load(let value):
            effectsState.enqueue(GatedEffect(value: value, gate: gate, probe: probe).map(When.loaded))
        case .loaded(let value):
            loaded.append(value)
        case .tap:
            taps += 1
            home.send(.detailTapped)
        }
    }
}

@MainActor
/// A scope that is no `Home`, holding details and another cabinet: a subtree to give an ancestor to.
final class Cabinet: Scope {
    @Subscope var inner: Cabinet? = nil
    @Subscope var details: [Detail] = []

    enum When: Sendable { case open }

    func update(_ when: When) throws {}
}

final class Home: Scope {
    @Subscope var detail: Detail? = nil
    @Subscope var sidebar: Detail? = nil
    @Subscope var rows: [Detail] = []
    var detailTaps = 0

    enum When: Sendable {
        case present(Detail)
        case close
        case closeAndTap
        case moveDetailToSidebar
        case setRows([Detail])
        case detailTapped
    }

    func update(_ when: When) throws {
        switch when {
        case .present(let detail): self.detail = detail
        case .close: detail = nil
        case .closeAndTap:
            let closing = detail
            detail = nil
            closing?.send(.tap)
        case .moveDetailToSidebar:
            sidebar = detail
            detail = nil
        case .setRows(let rows): self.rows = rows
        case .detailTapped: detailTaps += 1
        }
    }
}

@MainActor
final class Stand: Scope {
    @Subscope var detail: Detail? = nil
    @Injected var greeting: Greeting
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

@MainActor
final class Library: Scope {
    @Subscope var left = Stand()
    @Subscope var right = Stand()
    enum When: Sendable { case moveLeftToRight }
    func update(_ when: When) throws {
        right.detail = left.detail
        left.detail = nil
    }
}

/// Presents a detail, starts its effect, then lets go of the whole tree; returns the effect's gate
/// and probe.
@MainActor
private func startAnEffectInATreeThenReleaseIt() async -> (Gate, EffectProbe) {
    weak var released: Home?
    let (gate, probe): (Gate, EffectProbe) = await {
        let home = Home()
        let detail = Detail()
        released = home
        home.send(.present(detail))
        detail.send(.load(6))
        await detail.probe.waitUntilStarted()
        return (detail.gate, detail.probe)
    }()
    #expect(released == nil)
    return (gate, probe)
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct LifetimeTests {
    @Test func dismissalWhileAViewHoldsTheChildEndsItsWorkInTheSameSend() async {
        let home = Home()
        let detail = Detail()  // what a view still holding the dismissed screen would keep
        home.send(.present(detail))
        detail.send(.load(1))
        await detail.probe.waitUntilStarted()
        let runtime = detail.runtime

        home.send(.close)

        #expect(detail.effectsState.effects.isEmpty, "cancelled in the same send")
        await detail.gate.open()
        await detail.probe.waitUntilFinished(1)
        #expect(await detail.probe.cancelled == 1)
        await drainCompletions(of: runtime)
        #expect(detail.loaded.isEmpty, "a dismissed scope's effect delivers nothing")
    }

    @Test func aLateEventToADismissedChildIsReportedAndItsUpdateNeverRuns() async throws {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        home.send(.close)
        let errors = ErrorReportCollector(for: detail)

        detail.send(.tap)  // its update reads @Superscope: it must not run, and nothing crashes

        #expect(detail.taps == 0)
        #expect(home.detailTaps == 0)
        let report = try #require(errors.reports.first)
        #expect(report.scopeType is Detail.Type)
        #expect(report.scopePath == "Home.detail")
        let refusal = try #require(report.error as? EventToDismissedScope)
        #expect(refusal.description == "Home.detail: Detail was dismissed; tap was not delivered")
        #expect("\(report)" == "Home.detail: Detail was dismissed; tap was not delivered")
        #expect(throws: EventToDismissedScope.self) { try detail.sendThrowing(.tap) }
    }

    @Test func anEventQueuedForAChildItsUpdateDismissedIsRefused() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        let errors = ErrorReportCollector(for: detail)
        home.send(.closeAndTap)
        #expect(detail.taps == 0)
        #expect(
            errors.reports.map { "\($0.error)" } == [
                "Home.detail: Detail was dismissed; tap was not delivered"
            ])
    }

    @Test func presentingTheSameObjectAgainMakesItLiveAgain() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        home.send(.close)
        detail.send(.tap)
        home.send(.present(detail))
        detail.send(.tap)
        #expect(detail.taps == 1)
        #expect(home.detailTaps == 1)
        detail.send(.load(2))
        #expect(detail.effectsState.effects.count == 1, "it starts effects again")
        detail.effectsState.cancelAllEffects()
    }

    @Test func reorderingRowsKeepsTheirWorkAndRemovingOneStopsOnlyItsOwn() async {
        let home = Home()
        let (a, b, c) = (Detail(), Detail(), Detail())
        home.send(.setRows([a, b, c]))
        for row in [a, b, c] { row.send(.load(1)) }

        home.send(.setRows([c, a, b]))
        #expect([a, b, c].allSatisfy { $0.effectsState.effects.count == 1 }, "reordering is not dismissal")
        #expect(c.scopePath == "Home.rows[0]")

        home.send(.setRows([c, a]))
        #expect(b.effectsState.effects.isEmpty, "the removed row's work ends")
        #expect(a.effectsState.effects.count == 1 && c.effectsState.effects.count == 1)
        await a.gate.open()
        await a.probe.waitUntilFinished(1)
        await a.effectsState.waitUntilSettled()
        #expect(a.loaded == [1], "a kept row's effect is delivered")
        c.effectsState.cancelAllEffects()
    }

    @Test func movingAChildWithinOneUpdateKeepsItsWork() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        detail.send(.load(3))
        home.send(.moveDetailToSidebar)
        #expect(detail.effectsState.effects.count == 1)
        #expect(detail.scopePath == "Home.sidebar")
        await detail.gate.open()
        await detail.effectsState.waitUntilSettled()
        #expect(detail.loaded == [3])
    }

    @Test func movingAChildBetweenParentsKeepsItsWorkAndResolvesThroughItsNewPlace() async {
        let library = Library()
        library.injectSuperscopeForTesting(Home())
        library.right.inject(Greeting(text: "right"))
        let detail = Detail()
        library.left.detail = detail
        detail.send(.load(4))
        library.send(.moveLeftToRight)
        #expect(detail.effectsState.effects.count == 1, "moving is not dismissal")
        #expect(detail.scopePath == "Library.right.detail")
        #expect(library.right.detail === detail && library.left.detail == nil)
        #expect((try? detail.superscope(Stand.self)) === library.right, "its ancestors are the new ones")
        detail.effectsState.cancelAllEffects()
    }

    @Test func unlinkingAndLinkingAgainInTwoSeparateUpdatesIsADismissal() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        detail.send(.load(5))
        home.send(.close)
        home.send(.present(detail))
        #expect(detail.effectsState.effects.isEmpty, "its work ended with the first update")
    }

    @Test func aReleasedRootsEffectsAreCancelledByTheNextSweep() async {
        // The documented bound: a sweep every interval, one interval of slack for scheduling.
        #expect(ScopeRuntimeTable.sweepInterval * 2 <= .milliseconds(100))
        let (_, probe) = await startAnEffectInATreeThenReleaseIt()
        ScopeRuntimeTable.sweepBusyRuntimes()
        await probe.waitUntilFinished(1)
        #expect(await probe.cancelled == 1)
    }

    @Test func theTimedSweepFindsAReleasedRootWithoutHelp() async {
        let (gate, probe) = await startAnEffectInATreeThenReleaseIt()
        // Only the timed sweep can find out that both are gone. How soon it runs depends on the main
        // actor, which other tests share: the bound is checked above, the sweep's running here.
        await probe.waitUntilFinished(1)
        #expect(await probe.cancelled == 1)
        await gate.open()
    }

    @Test func aChildHeldAfterItsRootIsReleasedIsDismissedByTheSweep() async {
        let detail = Detail()
        do {
            let home = Home()
            home.send(.present(detail))
            detail.send(.load(7))
            // Running before the root goes: the timed sweep may dismiss the child at any time after.
            await detail.probe.waitUntilStarted()
        }
        ScopeRuntimeTable.sweepBusyRuntimes()
        #expect(detail.effectsState.effects.isEmpty)
        let errors = ErrorReportCollector(for: detail)
        detail.send(.tap)
        #expect(detail.taps == 0)
        #expect(errors.reports.count == 1)
    }

    @Test func readingATreeNeverMovesAChildBack() async {
        let library = Library()
        let detail = Detail()
        let left = library.left
        left.detail = detail
        library.right.detail = detail  // moved: the left shelf's storage still holds it
        #expect(detail.scopePath == "Library.right.detail")
        let description = left.subtreeDescription
        #expect(description.contains("detail: Detail, linked at Library.right.detail"))
        _ = library.subtreeDescription
        #expect(detail.scopePath == "Library.right.detail", "describing moved nothing")
    }

    @Test func readingPathsAndDescriptionsCreatesNoRuntime() async {
        let shelf = Stand()
        _ = shelf.scopePath
        _ = shelf.subtreeDescription
        _ = shelf.effectsState.effects
        _ = try? shelf.superscope(Home.self)
        #expect(shelf.runtime == nil)
    }

    @Test func aScopeTestedOnItsOwnGetsItsAncestorFromTheTest() async {
        let detail = Detail()
        let home = Home()
        detail.injectSuperscopeForTesting(home)
        detail.send(.tap)
        #expect(home.detailTaps == 1)
    }

    @Test func anAncestorInjectedForTestingServesTheWholeSubtree() async throws {
        let cabinet = Cabinet()
        let home = Home()
        cabinet.injectSuperscopeForTesting(home)
        let inner = Cabinet()
        cabinet.inner = inner
        let detail = Detail()
        inner.details = [detail]
        #expect(detail.scopePath == "Cabinet.inner.details[0]")
        try #require(try detail.superscope(Home.self) === home)
        detail.send(.tap)
        #expect(home.detailTaps == 1)
        // The nearest scope's injected ancestor comes first.
        let nearer = Home()
        inner.injectSuperscopeForTesting(nearer)
        #expect(try detail.superscope(Home.self) === nearer)
        let sibling = Detail()
        cabinet.details = [sibling]
        #expect(try sibling.superscope(Home.self) === home)
    }

    @Test func aNeverLinkedScopeSaysSoAndHowToFixIt() async {
        let error = #expect(throws: MissingSuperscopeError.self) { try Detail().superscope(Home.self) }
        #expect(
            error?.description
                == "@Superscope: Detail was never linked below a parent, so it has no Home above it; "
                + "assign it to a @Subscope property of a Home (or of a scope below one) before reading "
                + "it, or, in a test of Detail on its own, call injectSuperscopeForTesting(_:) with a Home")
    }

    @Test func anEffectEnqueuedOnADismissedScopeNeverStarts() async {
        let home = Home()
        let detail = Detail()
        home.send(.present(detail))
        home.send(.close)
        detail.effectsState.enqueue(
            GatedEffect(value: 8, gate: detail.gate, probe: detail.probe).map(Detail.When.loaded))
        #expect(detail.effectsState.effects.isEmpty)
        #expect(await detail.probe.started == 0)
    }
}
