import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Middleware that calls back into the library from its call: sends, adds or removes middlewares of
/// its scope or another, removes or releases itself, drops its scope's last reference, chains ten
/// thousand events; each event is handled in turn, and captures outlive the call.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareReentrancyTests {
    // "An event a middleware sends (to any scope) is queued ... and is handled after the current one."
    @Test func eventsSentFromMiddlewaresPingPongInTurnAcrossTwoScopes() {
        let a = MiddlewareCounter()
        let b = MiddlewareCounter()
        let log = MiddlewareLog()
        let onA = a.addMiddleware { _, when, next in
            guard case .add(let n) = when else { return try next(when) }
            log.add("A \(n)")
            if n < 5 {
                b.send(.add(n + 1))
                log.add("b total while queued \(b.total)")
            }
            try next(when)
            log.add("A done \(n)")
        }
        let onB = b.addMiddleware { _, when, next in
            guard case .add(let n) = when else { return try next(when) }
            log.add("B \(n)")
            if n < 5 { a.send(.add(n + 1)) }
            try next(when)
        }
        defer {
            onA.remove()
            onB.remove()
        }
        a.send(.add(0))
        #expect(
            log.items == [
                "A 0", "b total while queued 0", "A done 0", "B 1", "A 2", "b total while queued 1",
                "A done 2", "B 3", "A 4", "b total while queued 4", "A done 4", "B 5",
            ])
        #expect(a.total == 6)
        #expect(b.total == 9)
    }

    // A middleware adding one to its own scope during an event: the added one serves the events after.
    @Test func aMiddlewareThatAddsAnotherToItsScopeServesTheLaterEvents() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        var added: [InstrumentRegistration] = []
        let adder = counter.addMiddleware { scope, when, next in
            log.add("adder \(when)")
            if case .add(1) = when {
                added.append(
                    scope.addMiddleware { _, when, next in
                        log.add("added \(when)")
                        try next(when)
                    })
                scope.send(.add(2))
            }
            try next(when)
        }
        counter.send(.add(1))
        counter.send(.add(3))
        #expect(
            log.items == ["adder add(1)", "adder add(2)", "added add(2)", "adder add(3)", "added add(3)"])
        #expect(counter.handled == ["add 1", "add 2", "add 3"])
        adder.remove()
        for registration in added { registration.remove() }
    }

    // A middleware removing a later one of its scope: the event still reaches update once, and the
    // removed one sees nothing after.
    @Test func aMiddlewareThatRemovesALaterOneOfItsScope() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        var later: InstrumentRegistration?
        let remover = counter.addMiddleware { _, when, next in
            log.add("remover \(when)")
            if case .add(1) = when { later?.remove() }
            try next(when)
        }
        later = counter.addMiddleware { _, when, next in
            log.add("later \(when)")
            try next(when)
        }
        counter.send(.add(1))
        counter.send(.add(2))
        #expect(counter.handled == ["add 1", "add 2"])
        #expect(!log.items.contains("later add(2)"))
        #expect(log.items.filter { $0.hasPrefix("remover") } == ["remover add(1)", "remover add(2)"])
        remover.remove()
    }

    // A middleware removing an earlier one that is running around it: the event completes.
    @Test func aMiddlewareThatRemovesTheOneWrappingIt() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        var outerRegistration: InstrumentRegistration?
        outerRegistration = counter.addMiddleware { _, when, next in
            log.add("outer before \(when)")
            try next(when)
            log.add("outer after \(when)")
        }
        let inner = counter.addMiddleware { _, when, next in
            log.add("inner \(when)")
            outerRegistration?.remove()
            outerRegistration = nil
            try next(when)
        }
        counter.send(.add(1))
        counter.send(.add(2))
        #expect(
            log.items == [
                "outer before add(1)", "inner add(1)", "outer after add(1)", "inner add(2)",
            ])
        #expect(counter.total == 3)
        inner.remove()
    }

    // A middleware that adds one to another scope and sends to it: the new one sees the queued event;
    // one that removes another scope's middleware and sends to it: the removed one does not.
    @Test func aMiddlewareThatAddsOrRemovesAnotherScopesMiddlewareAndSendsToIt() {
        let a = MiddlewareCounter()
        let b = MiddlewareCounter()
        let c = MiddlewareCounter()
        let log = MiddlewareLog()
        var onB: InstrumentRegistration?
        let onC = c.addMiddleware { _, when, next in
            log.add("c \(when)")
            try next(when)
        }
        let onA = a.addMiddleware { _, when, next in
            if case .add(1) = when {
                onB = b.addMiddleware { _, when, next in
                    log.add("b \(when)")
                    try next(when)
                }
                b.send(.add(10))
                onC.remove()
                c.send(.add(20))
            }
            try next(when)
        }
        a.send(.add(1))
        #expect(log.items == ["b add(10)"])
        #expect(b.total == 10)
        #expect(c.total == 20)
        onA.remove()
        onB?.remove()
        // Sent first, removed after: the queued event runs once the middleware is gone.
        let d = MiddlewareCounter()
        let onD = d.addMiddleware { _, when, next in
            log.add("d \(when)")
            try next(when)
        }
        let onE = MiddlewareCounter().addMiddleware { _, when, next in
            d.send(.add(30))
            onD.remove()
            try next(when)
        }
        _ = onE
        let e = MiddlewareCounter()
        let onE2 = e.addMiddleware { _, when, next in
            d.send(.add(30))
            onD.remove()
            try next(when)
        }
        e.send(.ping)
        #expect(d.total == 30)
        #expect(!log.items.contains("d add(30)"))
        onE2.remove()
    }

    // A middleware that removes itself runs to the end of its event, and never again.
    @Test func aMiddlewareThatRemovesOrReleasesItselfFinishesItsEvent() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        var registration: InstrumentRegistration?
        registration = counter.addMiddleware { _, when, next in
            log.add("saw \(when)")
            registration = nil
            try next(when)
            log.add("after \(when)")
        }
        counter.send(.add(1))
        counter.send(.add(2))
        #expect(log.items == ["saw add(1)", "after add(1)"])
        #expect(counter.total == 3)
        #expect(registration == nil)
    }

    // A middleware may drop the app's last reference to its scope: the event completes, and the scope
    // then goes.
    @Test func aMiddlewareThatDropsTheLastReferenceToItsScope() async {
        final class Holder { var counter: MiddlewareCounter? = MiddlewareCounter() }
        let holder = Holder()
        weak let weakCounter = holder.counter
        let log = MiddlewareLog()
        let registration = holder.counter?.addMiddleware { [holder] scope, when, next in
            holder.counter = nil
            try next(when)
            log.add("after total \(scope.total)")
        }
        holder.counter?.send(.add(3))
        #expect(log.items == ["after total 3"])
        #expect(await pollUntil { weakCounter == nil })
        registration?.remove()
    }

    // Ten thousand events a middleware sends to its own scope, one from each: each is queued and
    // handled in turn, none nested in another.
    @Test func tenThousandEventsChainedThroughAMiddlewareAreHandledInTurn() {
        let counter = MiddlewareCounter()
        let depth = CountsPerIndex(1)
        var maximum = 0
        let registration = counter.addMiddleware { scope, when, next in
            depth.counts[0] += 1
            maximum = max(maximum, depth.counts[0])
            defer { depth.counts[0] -= 1 }
            if case .add(let n) = when, n < 10_000 { scope.send(.add(n + 1)) }
            try next(when)
        }
        defer { registration.remove() }
        counter.send(.add(1))
        #expect(counter.handled.count == 10_000)
        #expect(counter.handled.last == "add 10000")
        #expect(maximum == 1)
    }

    // A middleware removed or released from inside the walk of its own scope's chain keeps its
    // captures until its event is done: the capture's deinit runs after the middleware returned, and
    // may send an event, which is delivered.
    @Test func capturesOfAMiddlewareRemovedMidWalkOutliveItsCall() {
        for removeOuterFromInner in [false, true] {
            let counter = MiddlewareCounter()
            let log = MiddlewareLog()
            var farewell: Farewell? = Farewell {
                log.add("farewell")
                counter.send(.add(100))
            }
            var outer: InstrumentRegistration?
            outer = counter.addMiddleware { [farewell] _, when, next in
                withExtendedLifetime(farewell) {}
                log.add("outer before \(when)")
                if !removeOuterFromInner { outer = nil }
                try next(when)
                log.add("outer after \(when)")
            }
            let inner = counter.addMiddleware { _, when, next in
                log.add("inner \(when)")
                if removeOuterFromInner { outer?.remove() }
                try next(when)
            }
            farewell = nil
            counter.send(.add(1))
            #expect(
                log.items.prefix(4) == [
                    "outer before add(1)", "inner add(1)", "outer after add(1)", "farewell",
                ],
                "removed from inner: \(removeOuterFromInner)")
            #expect(counter.handled == ["add 1", "add 100"])
            inner.remove()
            outer?.remove()
        }
    }
}
