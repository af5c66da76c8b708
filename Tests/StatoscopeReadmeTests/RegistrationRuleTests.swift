import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// The one registration rule (MiddlewareAndAnalytics: "it runs until its registration is removed or
/// released"): a dropped registration never runs; removing twice, or removing one kind, leaves every
/// other instrument running; a middleware may remove, release or add registrations inside its call; a
/// scope's middleware goes with its scope, and a new scope at its address inherits nothing; a released
/// recorder writes its end line. Each test installs app-wide instruments and counts what they see, so
/// each runs with instruments of its own (`.isolatedInstruments`).
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct RegistrationRuleTests {
    // MiddlewareAndAnalytics: "it runs until its registration is removed or released".
    @Test func aDroppedAppWideRegistrationNeverRuns() {
        let seen = MainBox(0)
        _ = Middleware.addAppWide { event, next in
            seen.value += 1
            try next(event)
        }
        let counter = InstrumentedCounter()
        counter.send(.inc)
        #expect(seen.value == 0)
        #expect(counter.count == 1)
    }

    @Test func droppedScopeMiddlewareErrorHandlerAndAnalyticsNeverRun() async {
        let seen = MainBox(0)
        let tracked = LockedValue(0)
        let counter = InstrumentedCounter()
        _ = counter.addMiddleware { _, when, next in
            seen.value += 1
            try next(when)
        }
        _ = ErrorReporting.addHandler { _ in seen.value += 1 }
        _ = Analytics.install { _ in tracked.mutate { $0 += 1 } }
        counter.send(.inc)
        counter.send(.fail(1))
        await Analytics.waitUntilDelivered()
        #expect(seen.value == 0)
        #expect(tracked.value == 0)
    }

    // InstrumentRegistration.remove(): "Removing twice does nothing more"; "An identifier no other
    // instrument has, so that removal finds its own entry."
    @Test func removingTwiceOrRemovingOneKindLeavesEveryOtherInstrumentRunning() async {
        let log = MainBox<[String]>([])
        let tracked = LockedValue<[String]>([])
        let counter = InstrumentedCounter()
        let m1 = Middleware.addAppWide { event, next in
            log.value.append("m1")
            try next(event)
        }
        let m2 = Middleware.addAppWide { event, next in
            log.value.append("m2")
            try next(event)
        }
        let own = counter.addMiddleware { _, when, next in
            log.value.append("own")
            try next(when)
        }
        let handler = ErrorReporting.addHandler { _ in log.value.append("handler") }
        let analytics = Analytics.install { event in tracked.mutate { $0.append(event.name) } }
        m1.remove()
        m1.remove()
        counter.send(.fail(1))
        #expect(log.value == ["m2", "own", "handler"])
        log.value = []
        handler.remove()
        handler.remove()
        analytics.remove()
        analytics.remove()
        counter.send(.inc)
        #expect(log.value == ["m2", "own"])
        log.value = []
        own.remove()
        own.remove()
        counter.send(.inc)
        #expect(log.value == ["m2"])
        await Analytics.waitUntilDelivered()
        #expect(tracked.value.isEmpty)
        _ = m2
    }

    // "events sent from now on skip it": a middleware removing itself from inside its call.
    @Test func anAppWideMiddlewareRemovingItselfInsideItsCall() {
        let seen = MainBox(0)
        let box = MainBox<InstrumentRegistration?>(nil)
        box.value = Middleware.addAppWide { event, next in
            seen.value += 1
            box.value?.remove()
            try next(event)
        }
        let counter = InstrumentedCounter()
        counter.send(.inc)
        counter.send(.inc)
        counter.send(.inc)
        #expect(seen.value == 1)
        #expect(counter.count == 3)
    }

    @Test func anAppWideMiddlewareReleasingItsOwnRegistrationInsideItsCall() {
        let seen = MainBox(0)
        let box = MainBox<InstrumentRegistration?>(nil)
        box.value = Middleware.addAppWide { event, next in
            seen.value += 1
            box.value = nil
            try next(event)
        }
        let counter = InstrumentedCounter()
        counter.send(.inc)
        counter.send(.inc)
        #expect(seen.value == 1)
        #expect(counter.count == 2)
    }

    @Test func aScopeMiddlewareRemovingItselfAndAnotherInsideItsCall() {
        let log = MainBox<[String]>([])
        let counter = InstrumentedCounter()
        let later = MainBox<InstrumentRegistration?>(nil)
        let own = MainBox<InstrumentRegistration?>(nil)
        own.value = counter.addMiddleware { _, when, next in
            log.value.append("first")
            own.value?.remove()
            later.value = nil  // releases the second one's registration
            try next(when)
        }
        later.value = counter.addMiddleware { _, when, next in
            log.value.append("second")
            try next(when)
        }
        counter.send(.inc)
        log.value.append("|")
        counter.send(.inc)
        counter.send(.inc)
        #expect(counter.count == 3)
        let afterFirst = Array(log.value.drop { $0 != "|" }.dropFirst())
        #expect(afterFirst.isEmpty, "log: \(log.value)")
    }

    @Test func aMiddlewareAddingAnotherInsideItsCallKeepsItForTheNextEvent() {
        let log = MainBox<[String]>([])
        let added = MainBox<InstrumentRegistration?>(nil)
        let outer = Middleware.addAppWide { event, next in
            log.value.append("outer")
            if added.value == nil {
                added.value = Middleware.addAppWide { event, next in
                    log.value.append("inner")
                    try next(event)
                }
            }
            try next(event)
        }
        let counter = InstrumentedCounter()
        counter.send(.inc)
        log.value.append("|")
        counter.send(.inc)
        #expect(Array(log.value.drop { $0 != "|" }) == ["|", "outer", "inner"], "log: \(log.value)")
        #expect(counter.count == 2)
        _ = outer
        added.value = nil
    }

    // Scope+Middleware: "The middleware runs until its registration is removed or released, or its
    // scope is released"; the registration kept must not keep the scope, and removing it after is
    // harmless; another scope's middleware keeps running.
    @Test func aScopeMiddlewareRegistrationKeptAfterItsScopeIsReleased() async {
        let seen = MainBox<[String]>([])
        weak var weakScope: InstrumentedCounter?
        var registration: InstrumentRegistration?
        let tracker = LockedValue<Tracker?>(Tracker())
        weak let weakTracker = tracker.value
        do {
            let scope = InstrumentedCounter()
            weakScope = scope
            let captured = tracker.value
            tracker.mutate { $0 = nil }
            registration = scope.addMiddleware { _, when, next in
                _ = captured
                seen.value.append("gone")
                try next(when)
            }
            scope.send(.inc)
        }
        #expect(weakScope == nil, "the kept registration keeps its released scope alive")
        let other = InstrumentedCounter()
        let otherRegistration = other.addMiddleware { _, when, next in
            seen.value.append("other")
            try next(when)
        }
        other.send(.inc)
        other.send(.inc)
        #expect(seen.value == ["gone", "other", "other"])
        // "An instrument's cost ends with its owner's interest": once the scope is gone, its
        // middleware goes within a second, while the main actor runs.
        await waitUntil("the released scope's middleware let go of") { weakTracker == nil }
        #expect(
            weakTracker == nil,
            "the middleware of a released scope is still held by its kept registration")
        registration?.remove()
        registration?.remove()
        registration = nil
        other.send(.inc)
        #expect(seen.value == ["gone", "other", "other", "other"])
        otherRegistration.remove()
    }

    @Test func anAppWideRegistrationReleasedOnAnotherThreadStopsTheMiddleware() async {
        let seen = MainBox(0)
        let holder = LockedValue<InstrumentRegistration?>(
            Middleware.addAppWide { event, next in
                seen.value += 1
                try next(event)
            })
        let counter = InstrumentedCounter()
        counter.send(.inc)
        await Task.detached { holder.mutate { $0 = nil } }.value
        await settleTasks()
        counter.send(.inc)
        #expect(seen.value == 1)
    }

    // Scope middleware "also ends with its scope"; a dismissed scope's refusal and injected values
    // belong to that scope: a new scope that the allocator places at a released scope's address
    // (same ObjectIdentifier) must inherit none of it.
    @Test func aNewScopeAtAReleasedScopesAddressInheritsNothing() {
        let seen = MainBox(0)
        let reports = MainBox<[ErrorReport]>([])
        let handler = ErrorReporting.addHandler { reports.value.append($0) }
        var registrations: [InstrumentRegistration] = []
        var reusedAfterMiddleware = 0
        var reusedAfterDismissal = 0
        for _ in 0..<300 {
            var oldID: ObjectIdentifier
            do {
                let old = InstrumentedCounter()
                registrations.append(
                    old.addMiddleware { _, when, next in
                        seen.value += 1
                        try next(when)
                    })
                oldID = ObjectIdentifier(old)
            }
            let candidates = (0..<32).map { _ in InstrumentedCounter() }
            if let fresh = candidates.first(where: { ObjectIdentifier($0) == oldID }) {
                reusedAfterMiddleware += 1
                #expect(fresh.api.name == "default")
                fresh.send(.inc)
                #expect(fresh.count == 1)
            }
        }
        for _ in 0..<300 {
            var oldID: ObjectIdentifier
            do {
                let home = InstrumentedHome()
                let child = home.child!
                oldID = ObjectIdentifier(child)
                home.send(.dismiss)
                _ = child
            }
            let candidates = (0..<32).map { _ in InstrumentedCounter() }
            if let fresh = candidates.first(where: { ObjectIdentifier($0) == oldID }) {
                reusedAfterDismissal += 1
                fresh.send(.inc)
                #expect(fresh.count == 1, "a new scope at a dismissed scope's address is refused")
            }
        }
        var controlReuse = 0
        for _ in 0..<300 {
            var oldID: ObjectIdentifier
            do {
                let old = InstrumentedCounter()
                oldID = ObjectIdentifier(old)
            }
            let candidates = (0..<32).map { _ in InstrumentedCounter() }
            if candidates.contains(where: { ObjectIdentifier($0) == oldID }) { controlReuse += 1 }
        }
        print("control reuse (scope never seen by the library): \(controlReuse)")
        print(
            "address reuse: \(reusedAfterMiddleware) after middleware, \(reusedAfterDismissal) after dismissal"
        )
        #expect(seen.value == 0, "a released scope's middleware ran for a new scope at its address")
        #expect(!reports.value.contains { $0.error is EventToDismissedScope })
        handler.remove()
    }

    // Recorder: "`Recorder/stop()`, or releasing the recorder, writes the end line".
    @Test func aRecorderReleasedWritesItsEndLineAndAReleasedFlightRecorderStops() throws {
        let lines = MainBox<[String]>([])
        let counter = InstrumentedCounter()
        var recorder: Recorder? = Recorder(recording: counter, output: { lines.value.append($0) })
        counter.send(.inc)
        recorder = nil
        counter.send(.inc)
        _ = recorder
        let text = lines.value.joined()
        let recording = try Recording(jsonLines: text)
        #expect(recording.events.count == 1)
        #expect(try recording.reproduce { InstrumentedCounter() }.count == 1)
    }
}
