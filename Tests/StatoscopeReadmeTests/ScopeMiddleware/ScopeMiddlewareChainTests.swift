import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// A scope's middlewares run in the order added, after the app-wide ones, and may transform, drop,
/// wrap, swallow or throw; their registrations, dropped, released, removed twice or held in a set, go;
/// each sees only its own scope's events.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareChainTests {
    // "Middlewares run in the order they were added: the first added sees the event first", and each
    // passes on what the next one sees.
    @Test func threeMiddlewaresRunInTheOrderAddedAndEachSeesWhatTheOneBeforePassedOn() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        let first = counter.addMiddleware { _, when, next in
            log.add("first \(when)")
            guard case .add(let n) = when else { return try next(when) }
            try next(.add(n * 10))
            log.add("first after")
        }
        let second = counter.addMiddleware { scope, when, next in
            log.add("second \(when) total \(scope.total)")
            guard case .add(let n) = when else { return try next(when) }
            try next(.add(n + 1))
            log.add("second after total \(scope.total)")
        }
        let third = counter.addMiddleware { _, when, next in
            log.add("third \(when)")
            try next(when)
        }
        counter.send(.add(2))
        #expect(
            log.items == [
                "first add(2)", "second add(20) total 0", "third add(21)", "second after total 21",
                "first after",
            ])
        #expect(counter.handled == ["add 21"])
        first.remove()
        second.remove()
        third.remove()
        counter.send(.add(2))
        #expect(counter.total == 23)
    }

    // "The order is fixed: app-wide middleware in the order added, then the scope's own in the order
    // added, then `update`", whichever was registered first.
    @Test func appWideMiddlewareAddedLaterStillRunsBeforeTheScopesOwn() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        let own = counter.addMiddleware { _, when, next in
            log.add("own \(when)")
            try next(when)
        }
        let appWide = Middleware.addAppWide { event, next in
            guard event.scope === counter else { return try next(event) }
            log.add("app-wide \(event.when)")
            // Passes on another event of the same scope: the scope's own middleware sees that one.
            try next(event.with(when: MiddlewareCounter.When.add(7)))
        }
        counter.send(.ping)
        appWide.remove()
        own.remove()
        #expect(log.items == ["app-wide ping", "own add(7)"])
        #expect(counter.handled == ["add 7"])
    }

    // "drop it (not call `next`)": update never runs, the state is untouched, nothing is reported.
    @Test func aDroppedEventNeverReachesUpdateNorIsReported() {
        let counter = MiddlewareCounter()
        let reports = ScopeReports(for: counter)
        defer { reports.stop() }
        let dropper = counter.addMiddleware { _, when, next in
            if case .fail = when { return }
            if case .add(let n) = when, n < 0 { return }
            try next(when)
        }
        defer { dropper.remove() }
        counter.send(.add(-1))
        counter.send(.fail(1))
        counter.send(.add(4))
        #expect(counter.handled == ["add 4"])
        #expect(reports.errors.isEmpty)
        #expect(counter.effectsState.effects.isEmpty)
    }

    // "it sees what `update` throws as an error thrown by `next`": rethrown, the error is reported
    // once and the update's effects are discarded; a middleware may also throw an error of its own in
    // its place.
    @Test func aWrappingMiddlewareSeesUpdatesErrorAndMayReplaceIt() {
        let counter = MiddlewareCounter()
        let reports = ScopeReports(for: counter)
        defer { reports.stop() }
        let log = MiddlewareLog()
        let wrapper = counter.addMiddleware { _, when, next in
            log.add("before \(when)")
            defer { log.add("after \(when)") }
            do {
                try next(when)
            } catch let error as UpdateRefused {
                log.add("caught \(error)")
                if error.n == 2 { throw MiddlewareError(n: 2) }
                throw error
            }
        }
        defer { wrapper.remove() }
        counter.send(.fail(1))
        counter.send(.fail(2))
        counter.send(.add(1))
        #expect(
            log.items == [
                "before fail(1)", "caught UpdateRefused(1)", "after fail(1)",
                "before fail(2)", "caught UpdateRefused(2)", "after fail(2)",
                "before add(1)", "after add(1)",
            ])
        #expect(reports.descriptions == ["UpdateRefused(1)", "MiddlewareError(2)"])
        #expect(counter.effectsState.effects.isEmpty, "a failed update's effects are discarded")
        #expect(counter.total == 1)
    }

    // A middleware that swallows what update threw: `send` reports nothing; the next events flow.
    @Test func aMiddlewareThatSwallowsTheErrorLeavesNothingReported() {
        let counter = MiddlewareCounter()
        let reports = ScopeReports(for: counter)
        defer { reports.stop() }
        let swallower = counter.addMiddleware { _, when, next in try? next(when) }
        defer { swallower.remove() }
        counter.send(.fail(3))
        counter.send(.add(2))
        #expect(reports.errors.isEmpty)
        #expect(counter.total == 2)
    }

    // A middleware's own error, thrown before `next`: update does not run, `send` does not throw, and
    // the scope keeps working.
    @Test func aMiddlewareThatThrowsBeforeNextStopsTheEventOnly() {
        let counter = MiddlewareCounter()
        let reports = ScopeReports(for: counter)
        defer { reports.stop() }
        let thrower = counter.addMiddleware { _, when, next in
            if case .add(13) = when { throw MiddlewareError(n: 13) }
            try next(when)
        }
        defer { thrower.remove() }
        counter.send(.add(13))
        counter.send(.add(1))
        #expect(counter.handled == ["add 1"])
        #expect(reports.descriptions == ["MiddlewareError(13)"])
    }

    // Effect completions are events sent to the scope: its middleware sees and may transform them.
    @Test func effectCompletionsPassThroughTheScopesMiddleware() async {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        let registration = counter.addMiddleware { _, when, next in
            log.add("\(when)")
            if case .add(let n) = when { return try next(.add(n * 100)) }
            try next(when)
        }
        defer { registration.remove() }
        counter.send(.load(3))
        #expect(await counter.effectsState.waitUntilSettled(timeout: .seconds(120)))
        #expect(await pollUntil { counter.total == 300 })
        #expect(log.items == ["load(3)", "add(3)"])
    }

    // "runs until its registration is removed or released": a registration dropped at once never runs;
    // a released one stops; `remove()` twice, or after release, touches nothing else.
    @Test func droppedReleasedAndTwiceRemovedRegistrations() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        _ = counter.addMiddleware { _, when, next in
            log.add("dropped \(when)")
            try next(when)
        }
        var released: InstrumentRegistration? = counter.addMiddleware { _, when, next in
            log.add("released \(when)")
            try next(when)
        }
        let first = counter.addMiddleware { _, when, next in
            log.add("first \(when)")
            try next(when)
        }
        let second = counter.addMiddleware { _, when, next in
            log.add("second \(when)")
            try next(when)
        }
        let third = counter.addMiddleware { _, when, next in
            log.add("third \(when)")
            try next(when)
        }
        counter.send(.add(1))
        #expect(log.items == ["released add(1)", "first add(1)", "second add(1)", "third add(1)"])
        withExtendedLifetime(released) {}
        released = nil
        second.remove()
        second.remove()
        let fourth = counter.addMiddleware { _, when, next in
            log.add("fourth \(when)")
            try next(when)
        }
        second.remove()
        log.items = []
        counter.send(.add(2))
        #expect(log.items == ["first add(2)", "third add(2)", "fourth add(2)"])
        #expect(counter.total == 3)
        #expect(first != second && second != third && first == first)
        #expect(Set([first, second, third, fourth, first]).count == 4)
        first.remove()
        third.remove()
        fourth.remove()
    }

    // A set of registrations released at once takes every middleware in it out.
    @Test func releasingASetOfRegistrationsRemovesThemAll() {
        let counters = (0..<50).map { _ in MiddlewareCounter() }
        let log = MiddlewareLog()
        var registrations: Set<InstrumentRegistration>? = Set(
            counters.map { counter in
                counter.addMiddleware { _, when, next in
                    log.add("\(when)")
                    try next(when)
                }
            })
        for counter in counters { counter.send(.ping) }
        #expect(log.items.count == 50)
        withExtendedLifetime(registrations) {}
        registrations = nil
        for counter in counters { counter.send(.ping) }
        #expect(log.items.count == 50)
        #expect(counters.allSatisfy { $0.handled == ["ping", "ping"] })
    }

    // Only the events sent to this scope: the parent's middleware does not see its child's events, and
    // the child's does not see its parent's.
    @Test func aScopesMiddlewareSeesOnlyItsOwnScopesEvents() {
        let parent = WatchingParent()
        let child = TappedChild()
        parent.send(.present(child))
        let log = MiddlewareLog()
        let onParent = parent.addMiddleware { _, when, next in
            log.add("parent \(when)")
            try next(when)
        }
        let onChild = child.addMiddleware { _, when, next in
            log.add("child \(when)")
            try next(when)
        }
        defer {
            onParent.remove()
            onChild.remove()
        }
        child.send(.tap)
        parent.send(.heard("x"))
        #expect(log.items == ["child tap", "parent heard(\"x\")"])
    }

    // A scope's own middleware added outside an isolation sees the events sent inside one: it is the
    // scope's, not an app-wide instrument.
    @Test func aScopesMiddlewareSeesEventsSentInsideIsolatedInstruments() {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        let registration = counter.addMiddleware { _, when, next in
            log.add("\(when)")
            try next(when)
        }
        defer { registration.remove() }
        withIsolatedInstruments {
            counter.send(.add(1))
        }
        counter.send(.add(2))
        #expect(log.items == ["add(1)", "add(2)"])
        #expect(counter.total == 3)
    }
}
