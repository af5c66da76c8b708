import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Effects that outlive the isolation whose events started them still reach their scope and the outer
/// isolation; an effect started outside, or by a sibling, is not seen inside.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationEffectTests {
    // "the effects its events start (their completions ...)" are the isolation's; once it ends,
    // "what it installed stops" — yet the scope must still get its completion, and the outer
    // isolation (which sees what happens in an inner one) must still see it.
    @Test func anEffectCompletingAfterTheIsolationEndedStillReachesItsScopeAndTheOuter() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        let inner = withIsolatedInstruments {
            let inner = SeenEvents()
            scope.send(.gated(1))
            return inner
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        #expect(scope.received == ["gated(1)", "loaded(1)"])
        #expect(inner.whens == ["gated(1)"])
        #expect(inner.registration != nil)
        #expect(outer.whens == ["gated(1)", "loaded(1)"])
    }

    @Test func anEffectFailingAfterTheIsolationEndedIsReportedToTheOuterHandlerOnly() async {
        let scope = IsolatedScope()
        let outer = SeenReports(only: scope)
        let inner = withIsolatedInstruments {
            let inner = SeenReports()
            scope.send(.gatedFailure(3))
            return inner
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        #expect(inner.reports.isEmpty)
        #expect(outer.errors == ["IsolatedError(3)"])
    }

    @Test func streamElementsArrivingAfterTheIsolationEndedReachTheScopeAndTheOuterOnly() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        let (elements, continuation) = AsyncStream.makeStream(of: IsolatedScope.When.self)
        scope.live = elements
        let inner = withIsolatedInstruments {
            let inner = SeenEvents()
            scope.send(.listen)
            return inner
        }
        for tick in 1...5 { continuation.yield(.tick(tick)) }
        continuation.finish()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        let ticks = (1...5).map { "tick(\($0))" }
        #expect(scope.received == ["listen"] + ticks)
        #expect(inner.whens == ["listen"])
        #expect(outer.whens == ["listen"] + ticks)
    }

    @Test func streamElementsDeliveredWhileTheIsolationRunsAreSeenInside() async {
        let scope = IsolatedScope()
        let seen = await withIsolatedInstruments {
            let seen = SeenEvents()
            scope.send(.ticks(200))
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return seen.whens
        }
        #expect(seen == ["ticks(200)"] + (1...200).map { "tick(\($0))" })
    }

    @Test func anEffectStartedOutsideDeliveringWhileAnIsolationRunsIsNotSeenInside() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        scope.send(.gated(2))
        let inside = await withIsolatedInstruments {
            let inside = SeenEvents()
            scope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return inside.whens
        }
        #expect(scope.received == ["gated(2)", "loaded(2)"])
        #expect(inside.isEmpty)
        #expect(outer.whens == ["gated(2)", "loaded(2)"])
    }

    @Test func anEffectOfOneIsolationDeliveringDuringASiblingIsNotSeenByTheSibling() async {
        let outer = SeenEvents()
        let scope = IsolatedScope()
        let first = withIsolatedInstruments {
            let first = SeenEvents()
            scope.send(.gated(4))
            return first
        }
        let second = await withIsolatedInstruments {
            let second = SeenEvents()
            scope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return second.whens
        }
        #expect(first.whens == ["gated(4)"])
        #expect(second.isEmpty)
        #expect(outer.whens == ["gated(4)", "loaded(4)"])
    }

    @Test func aScopeCreatedOutsideGetsItsEffectsSeenInsideWhenItsEventIsSentInside() async {
        let scope = IsolatedScope()
        // The scope runs an effect outside first: whatever runs its effects exists already.
        scope.send(.load(1))
        await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
        let seen = await withIsolatedInstruments {
            let seen = SeenEvents()
            scope.send(.load(2))
            scope.send(.ticks(2))
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return seen.whens
        }
        #expect(seen.prefix(2) == ["load(2)", "ticks(2)"])
        #expect(seen.dropFirst(2).sorted() == ["loaded(2)", "tick(1)", "tick(2)"])
    }
}
