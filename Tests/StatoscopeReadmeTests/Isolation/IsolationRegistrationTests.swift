import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Registrations made, removed or dropped across isolations: a removal sticks wherever it is made, a
/// stale one leaves other instruments alone, what an isolation installed stops with it and releases
/// what it captured.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationRegistrationTests {
    @Test func removingAnOuterRegistrationInsideAnInnerIsolationSticks() {
        let scope = IsolatedScope()
        let outer = SeenEvents()
        withIsolatedInstruments {
            outer.registration?.remove()
            scope.send(.ping(1))
        }
        scope.send(.ping(2))
        withIsolatedInstruments { scope.send(.ping(3)) }
        #expect(outer.whens.isEmpty)
    }

    @Test func droppingAnOuterRegistrationInsideAnInnerIsolationSticks() {
        let scope = IsolatedScope()
        let outer = SeenEvents()
        withIsolatedInstruments {
            outer.registration = nil
            scope.send(.ping(1))
        }
        scope.send(.ping(2))
        #expect(outer.whens.isEmpty)
    }

    @Test func removingAStaleRegistrationInsideAnotherIsolationLeavesItsInstrumentsAlone() {
        let scope = IsolatedScope()
        let outer = SeenEvents()
        let stale = withIsolatedInstruments { SeenEvents() }
        let inside = withIsolatedInstruments {
            let inside = SeenEvents()
            let reports = SeenReports()
            stale.registration?.remove()
            stale.registration?.remove()
            stale.registration = nil
            scope.send(.ping(1))
            scope.send(.boom(1))
            return (inside.whens, reports.errors)
        }
        #expect(inside.0 == ["ping(1)", "boom(1)"])
        #expect(inside.1 == ["IsolatedError(1)"])
        #expect(stale.whens.isEmpty)
        #expect(outer.whens == ["ping(1)", "boom(1)"])
    }

    @Test func removingTwiceInsideAndAgainAfterTheEndIsHarmless() {
        let scope = IsolatedScope()
        let outer = SeenEvents()
        let kept = withIsolatedInstruments {
            let seen = SeenEvents()
            scope.send(.ping(1))
            seen.registration?.remove()
            seen.registration?.remove()
            scope.send(.ping(2))
            return seen
        }
        kept.registration?.remove()
        kept.registration = nil
        scope.send(.ping(3))
        #expect(kept.whens == ["ping(1)"])
        #expect(outer.whens == ["ping(1)", "ping(2)", "ping(3)"])
    }

    @Test func aRegistrationDroppedInsideStopsAtOnce() {
        let scope = IsolatedScope()
        let count = MainBox(0)
        withIsolatedInstruments {
            _ = Middleware.addAppWide { event, next in
                count.value += 1
                try next(event)
            }
            scope.send(.ping(1))
        }
        #expect(count.value == 0)
        #expect(scope.received == ["ping(1)"])
    }

    @Test func aKeptRegistrationOfAnEndedIsolationRunsInNoLaterIsolation() async {
        let scope = IsolatedScope()
        let kept = withIsolatedInstruments { SeenEvents() }
        await withIsolatedInstruments {
            scope.send(.ping(1))
            await Task { scope.send(.ping(2)) }.value
        }
        scope.send(.ping(3))
        #expect(kept.whens.isEmpty)
    }

    @Test(arguments: ["middleware", "handler", "sink"])
    func whatAnIsolationInstalledReleasesWhatItCapturedOnceDropped(kind: String) async {
        weak var weakTracker: Tracker?
        withIsolatedInstruments {
            let tracker = Tracker()
            weakTracker = tracker
            let registration: InstrumentRegistration
            switch kind {
            case "middleware":
                registration = Middleware.addAppWide { event, next in
                    withExtendedLifetime(tracker) {}
                    try next(event)
                }
            case "handler":
                registration = ErrorReporting.addHandler { _ in withExtendedLifetime(tracker) {} }
            default:
                registration = Analytics.install { _ in withExtendedLifetime(tracker) {} }
            }
            IsolatedScope().send(.ping(1))
            withExtendedLifetime(registration) {}
        }
        await Analytics.waitUntilDelivered()
        #expect(await yieldUntil { weakTracker == nil })
    }

    @Test(arguments: ["middleware", "handler", "sink"])
    func whatAnIsolationInstalledAndKeptIsReleasedOnceRemovedAfterTheEnd(kind: String) async {
        weak var weakTracker: Tracker?
        let registration = withIsolatedInstruments {
            let tracker = Tracker()
            weakTracker = tracker
            switch kind {
            case "middleware":
                return Middleware.addAppWide { event, next in
                    withExtendedLifetime(tracker) {}
                    try next(event)
                }
            case "handler":
                return ErrorReporting.addHandler { _ in withExtendedLifetime(tracker) {} }
            default:
                return Analytics.install { _ in withExtendedLifetime(tracker) {} }
            }
        }
        registration.remove()
        await Analytics.waitUntilDelivered()
        #expect(await yieldUntil { weakTracker == nil })
    }

    @Test func aScopeDroppedInsideWithAnEffectInFlightIsReleased() async {
        weak var weakScope: IsolatedScope?
        let gate = withIsolatedInstruments {
            let seen = SeenEvents()
            let scope = IsolatedScope()
            weakScope = scope
            scope.send(.gated(1))
            withExtendedLifetime(seen) {}
            return scope.gate
        }
        gate.open()
        #expect(await yieldUntil { weakScope == nil })
    }

    @Test func aRegistrationRemovedByASiblingWhileItsIsolationRunsStops() async {
        let scope = IsolatedScope()
        let gate = EffectGate()
        let firstKept = MainBox<SeenEvents?>(nil)
        async let first: [String] = withIsolatedInstruments {
            let seen = SeenEvents()
            firstKept.value = seen
            scope.send(.ping(1))
            await gate.wait()
            scope.send(.ping(3))
            return seen.whens
        }
        async let second: [String] = withIsolatedInstruments {
            let seen = SeenEvents()
            _ = await yieldUntil { firstKept.value != nil }
            firstKept.value?.registration?.remove()
            scope.send(.ping(2))
            gate.open()
            return seen.whens
        }
        let (a, b) = await (first, second)
        #expect(a == ["ping(1)"])
        #expect(b == ["ping(2)"])
    }
}
