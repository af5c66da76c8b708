import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// A scope's middleware "also ends with its scope": released with it, whoever holds the registration,
/// whatever thread lets it go, uncleaned by the thousand; the release check frees what the captures
/// hold, which may call back from their deinit; an event queued before the scope was dropped still
/// goes through its middleware.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ScopeMiddlewareReleaseTests {
    // "A released scope's middleware, and what it captured, go within a second of the release, while
    // the main actor runs" — also when the closure holds its own registration, so that only the
    // scope's release can end it.
    @Test func aMiddlewareHoldingItsOwnRegistrationGoesWithItsScope() async {
        weak var sentinel: Sentinel?
        weak var weakCounter: MiddlewareCounter?
        do {
            let counter = MiddlewareCounter()
            weakCounter = counter
            let held = Sentinel()
            sentinel = held
            let box = RegistrationBox()
            box.registration = counter.addMiddleware { [box] _, when, next in
                withExtendedLifetime((held, box)) {}
                try next(when)
            }
            counter.send(.add(1))
            #expect(counter.total == 1)
        }
        #expect(await pollUntil { weakCounter == nil }, "the middleware does not keep its scope")
        #expect(await pollUntil { sentinel == nil })
    }

    // A scope that keeps the registration of its own middleware is released like any other, and its
    // middleware's captures go too.
    @Test func aScopeKeepingItsOwnMiddlewaresRegistrationIsReleased() async {
        weak var sentinel: Sentinel?
        weak var weakCounter: MiddlewareCounter?
        do {
            let counter = MiddlewareCounter()
            weakCounter = counter
            let held = Sentinel()
            sentinel = held
            counter.kept.append(
                counter.addMiddleware { _, when, next in
                    withExtendedLifetime(held) {}
                    try next(when)
                })
            counter.send(.add(1))
        }
        #expect(await pollUntil { weakCounter == nil })
        #expect(await pollUntil { sentinel == nil })
    }

    // Objects dropped without cleanup: a thousand scopes and their kept registrations dropped; every
    // middleware's captures go, and the scopes made afterwards work, without middleware.
    @Test func aThousandScopesDroppedWithTheirMiddlewareUncleaned() async {
        let sentinels = WeakSentinels()
        let log = MiddlewareLog()
        var registrations: [InstrumentRegistration] = []
        do {
            let counters = (0..<1_000).map { _ in MiddlewareCounter() }
            for counter in counters {
                let held = Sentinel()
                sentinels.add(held)
                registrations.append(
                    counter.addMiddleware { _, when, next in
                        withExtendedLifetime(held) {}
                        log.add("old \(when)")
                        try next(when)
                    })
                counter.send(.ping)
            }
        }
        #expect(log.items.count == 1_000)
        #expect(await pollUntil { sentinels.alive == 0 }, "\(sentinels.alive) captures still held")
        let fresh = (0..<1_000).map { _ in MiddlewareCounter() }
        for (index, counter) in fresh.enumerated() { counter.send(.add(index)) }
        #expect(log.items.count == 1_000)
        #expect(fresh.enumerated().allSatisfy { $0.element.total == $0.offset })
        // Removing the registrations of released scopes touches nothing else.
        let survivor = MiddlewareCounter()
        let survivorRegistration = survivor.addMiddleware { _, when, next in
            log.add("survivor \(when)")
            try next(when)
        }
        for registration in registrations { registration.remove() }
        survivor.send(.ping)
        #expect(log.items.last == "survivor ping")
        survivorRegistration.remove()
    }

    // The release check frees a middleware whose captures hold another scope's registration and the
    // last reference to a third scope with middleware of its own: both go, and the others keep theirs.
    @Test func theReleaseCheckFreesCapturesThatHoldOtherRegistrationsAndScopes() async {
        let log = MiddlewareLog()
        let b = MiddlewareCounter()
        let d = MiddlewareCounter()
        let onD = d.addMiddleware { _, when, next in
            log.add("d \(when)")
            try next(when)
        }
        weak var sentinelA: Sentinel?
        weak var sentinelC: Sentinel?
        weak var weakC: MiddlewareCounter?
        var keptA: InstrumentRegistration?
        var keptC: InstrumentRegistration?
        do {
            let a = MiddlewareCounter()
            let c = MiddlewareCounter()
            weakC = c
            let heldA = Sentinel()
            let heldC = Sentinel()
            sentinelA = heldA
            sentinelC = heldC
            let onB = b.addMiddleware { _, when, next in
                log.add("b \(when)")
                try next(when)
            }
            keptC = c.addMiddleware { _, when, next in
                withExtendedLifetime(heldC) {}
                log.add("c \(when)")
                try next(when)
            }
            keptA = a.addMiddleware { [onB, c] _, when, next in
                withExtendedLifetime((heldA, onB, c)) {}
                try next(when)
            }
            a.send(.ping)
            b.send(.ping)
            c.send(.ping)
        }
        #expect(log.items == ["b ping", "c ping"])
        #expect(await pollUntil { sentinelA == nil })
        #expect(await pollUntil { weakC == nil })
        #expect(await pollUntil { sentinelC == nil })
        b.send(.add(1))
        d.send(.add(2))
        #expect(log.items == ["b ping", "c ping", "d add(2)"])
        #expect(b.total == 1)
        #expect(d.total == 2)
        keptA?.remove()
        keptC?.remove()
        onD.remove()
    }

    // A registration released off the main actor (the last reference held by a detached task) still
    // takes its middleware out.
    @Test func aRegistrationReleasedOffTheMainActorStillRemovesTheMiddleware() async {
        let counter = MiddlewareCounter()
        let seen = CountsPerIndex(1)
        var registration: InstrumentRegistration? = counter.addMiddleware { _, when, next in
            seen.counts[0] += 1
            try next(when)
        }
        counter.send(.ping)
        #expect(seen.counts[0] == 1)
        let task = Task.detached { [registration] in
            withExtendedLifetime(registration) {}
        }
        registration = nil
        await task.value
        let stopped = await pollUntil {
            let before = seen.counts[0]
            counter.send(.ping)
            return seen.counts[0] == before
        }
        #expect(stopped)
        #expect(counter.handled.allSatisfy { $0 == "ping" })
    }

    // A scope whose last reference goes off the main actor, its middleware's registration kept: the
    // middleware's captures go all the same.
    @Test func aScopeReleasedOffTheMainActorTakesItsMiddlewareWithIt() async {
        weak var sentinel: Sentinel?
        var registration: InstrumentRegistration?
        var task: Task<Void, Never>?
        do {
            let counter = MiddlewareCounter()
            let held = Sentinel()
            sentinel = held
            registration = counter.addMiddleware { _, when, next in
                withExtendedLifetime(held) {}
                try next(when)
            }
            counter.send(.ping)
            task = Task.detached { [counter] in
                withExtendedLifetime(counter) {}
            }
        }
        await task?.value
        #expect(await pollUntil { sentinel == nil })
        registration?.remove()
    }

    // A scope whose last reference goes while an event to it is queued: its middleware and update
    // still receive the event, and the scope goes afterwards.
    @Test func aScopeDroppedWhileItsEventIsQueuedStillGetsItThroughItsMiddleware() async {
        final class Holder { var b: MiddlewareCounter? = MiddlewareCounter() }
        let holder = Holder()
        let a = MiddlewareCounter()
        let log = MiddlewareLog()
        weak let weakB = holder.b
        let onB = holder.b?.addMiddleware { scope, when, next in
            log.add("b \(when)")
            try next(when)
            log.add("b total \(scope.total)")
        }
        let onA = a.addMiddleware { [holder] _, when, next in
            holder.b?.send(.add(5))
            holder.b = nil
            try next(when)
        }
        a.send(.ping)
        #expect(log.items == ["b add(5)", "b total 5"])
        #expect(await pollUntil { weakB == nil })
        onA.remove()
        onB?.remove()
    }

    // "the deinit of an object of the app's that the library releases (... a middleware's captures)
    // may send events ... and add or remove instruments": on `remove()`, and at the release check.
    @Test func aMiddlewaresCapturesMayCallBackFromTheirDeinit() async {
        let counter = MiddlewareCounter()
        let log = MiddlewareLog()
        var added: [InstrumentRegistration] = []
        var farewell: Farewell? = Farewell {
            log.add("farewell")
            counter.send(.add(100))
            added.append(
                counter.addMiddleware { _, when, next in
                    log.add("added \(when)")
                    try next(when)
                })
        }
        let registration = counter.addMiddleware { [farewell] _, when, next in
            withExtendedLifetime(farewell) {}
            log.add("holder \(when)")
            try next(when)
        }
        farewell = nil
        counter.send(.add(1))
        registration.remove()
        counter.send(.add(2))
        #expect(counter.handled == ["add 1", "add 100", "add 2"])
        #expect(log.items.prefix(2) == ["holder add(1)", "farewell"])
        #expect(log.items.last == "added add(2)")
        #expect(!log.items.contains("holder add(2)"))
        for registration in added { registration.remove() }

        // The same, the middleware released with its scope by the release check.
        let other = MiddlewareCounter()
        var kept: InstrumentRegistration?
        var farewells = 0
        do {
            let doomed = MiddlewareCounter()
            let farewell = Farewell {
                farewells += 1
                other.send(.add(7))
                added.append(
                    other.addMiddleware { _, when, next in
                        log.add("other \(when)")
                        try next(when)
                    })
            }
            kept = doomed.addMiddleware { _, when, next in
                withExtendedLifetime(farewell) {}
                try next(when)
            }
        }
        #expect(await pollUntil { farewells == 1 })
        other.send(.add(8))
        #expect(other.handled == ["add 7", "add 8"])
        #expect(log.items.last == "other add(8)")
        kept?.remove()
        for registration in added { registration.remove() }
    }
}
