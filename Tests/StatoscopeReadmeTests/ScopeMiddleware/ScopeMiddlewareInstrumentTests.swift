import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// A scope's middleware together with app-wide middleware, analytics and logging, and in test plans.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct ScopeMiddlewareInstrumentTests {
    // App-wide middleware sees the event as sent; the scope's own transforms or drops it; analytics
    // tracks what update accepted ("after every middleware"); event logging logs the state update made.
    @Test func appWideScopesOwnAnalyticsAndLoggingTogether() async {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        let tracked = LockedValue<[String]>([])
        let lines = LogLines()
        EventLogging.enable(logger: lines.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let analytics = Analytics.install { event in
            tracked.mutate { $0.append("\(event.name) \(event.parameters)") }
        }
        let appWide = Middleware.addAppWide { event, next in
            log.add("app-wide \(event.description)")
            try next(event)
        }
        let own = counter.addMiddleware { _, when, next in
            log.add("own \(when)")
            switch when {
            case .add(let n): try next(.add(n * 10))
            case .ping: return
            default: try next(when)
            }
        }
        counter.send(.add(2))
        counter.send(.ping)
        counter.send(.fail(1))
        counter.send(.add(3))
        await Analytics.waitUntilDelivered()
        #expect(
            log.items == [
                "app-wide MiddlewareCounter <- add(2)", "own add(2)", "app-wide MiddlewareCounter <- ping",
                "own ping",
                "app-wide MiddlewareCounter <- fail(1)", "own fail(1)",
                "app-wide MiddlewareCounter <- add(3)",
                "own add(3)",
            ])
        #expect(tracked.value.map { $0.components(separatedBy: " ").first ?? "" } == ["add", "add"])
        #expect(tracked.value.first?.contains("20") == true, "\(tracked.value)")
        #expect(counter.total == 50)
        #expect(lines.lines.contains { $0.contains("total: 0 -> 20") }, "\(lines.lines)")
        #expect(lines.lines.contains { $0.contains("total: 20 -> 50") }, "\(lines.lines)")
        appWide.remove()
        own.remove()
        analytics.remove()
    }

    // Inside isolated instruments (this suite's trait), a released scope's middleware goes too.
    @Test func aReleasedScopesMiddlewareGoesInsideIsolatedInstruments() async {
        weak var sentinel: Sentinel?
        var registration: InstrumentRegistration?
        do {
            let counter = MiddlewareCounter()
            let held = Sentinel()
            sentinel = held
            registration = counter.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            counter.send(.ping)
        }
        #expect(await pollUntil { sentinel == nil })
        registration?.remove()
    }

    // A plan's scopes with middleware whose registrations the test keeps: the plan finds every scope
    // released after its run, and the middleware and its captures go within the documented second.
    @Test func aPlansScopesMiddlewareKeptOutsideGoesAfterTheRun() async throws {
        let registrations = KeptRegistrations()
        let seen = MiddlewareLog()
        try MiddlewareCounter.GIVEN {
            let counter = MiddlewareCounter()
            let held = Sentinel()
            registrations.sentinels.add(held)
            registrations.all.append(
                counter.addMiddleware { _, when, next in
                    withExtendedLifetime(held) {}
                    seen.add("\(when)")
                    try next(when)
                })
            return counter
        }
        .WHEN(.add(1))
        .FORK(.add(2)) { branch in
            try branch.THEN(\.total, equals: 3)
        }
        .WHEN(.add(3))
        .THEN(\.total, equals: 4)
        .runTest()
        #expect(seen.items.contains("add(3)"))
        #expect(seen.items.contains("add(2)"))
        #expect(registrations.all.count >= 2)
        #expect(await pollUntil { registrations.sentinels.alive == 0 })
        for registration in registrations.all { registration.remove() }
    }

    // A middleware added in GIVEN, kept by the scope: the plan's events pass through it, in every
    // branch, and the plan still finds the scope released after its run.
    @Test func aPlanWhoseScopeKeepsItsOwnMiddleware() throws {
        try MiddlewareCounter.GIVEN {
            let counter = MiddlewareCounter()
            counter.kept.append(
                counter.addMiddleware { _, when, next in
                    guard case .add(let n) = when else { return try next(when) }
                    try next(.add(n * 10))
                })
            return counter
        }
        .WHEN(.add(2))
        .THEN(\.total, equals: 20)
        .THEN_Tracked("add", parameters: ["_0": .int(20)])
        .FORK(.add(1)) { branch in
            try branch.THEN(\.total, equals: 30)
        }
        .WHEN(.load(4))
        .WHEN_OlderEffectCompletes(with: MiddlewareCounter.When.add(4))
        .THEN(\.total, equals: 60)
        .runTest()
    }

    // A parent adds a middleware to its child in update and keeps its registration: the plan's events
    // to the child pass through it.
    @Test func aPlanWhoseParentWatchesItsChildFromUpdate() throws {
        try WatchingParent.GIVEN { WatchingParent() }
            .WHEN(.presentWatched)
            .WHEN(\.child, .tap)
            .THEN(\.heard, equals: ["child taps 1"])
            .WHEN(\.child, .tap)
            .THEN(\.heard, equals: ["child taps 1", "child taps 2"])
            .WHEN(.close)
            .THEN_Nil(\.child)
            .runTest()
    }

    // A middleware that drops an event in a plan: the step's update never runs.
    @Test func aPlanWithADroppingMiddleware() throws {
        try MiddlewareCounter.GIVEN {
            let counter = MiddlewareCounter()
            counter.kept.append(
                counter.addMiddleware { _, when, next in
                    if case .ping = when { return }
                    try next(when)
                })
            return counter
        }
        .WHEN(.ping)
        .THEN(\.handled, equals: [])
        .THEN_NothingTracked()
        .WHEN(.add(1))
        .THEN(\.handled, equals: ["add 1"])
        .runTest()
    }
}
