import Statoscope
import StatoscopeTesting
import Testing

/// A scope whose update runs a closure: to change registrations in the middle of an update.
final class UpdateHook: Scope {
    var ran = 0
    var action: (@MainActor () -> Void)?
    enum When: Codable, TrackedWhen { case run, fail }
    func update(_ when: When) throws {
        ran += 1
        action?()
        if case .fail = when { throw CounterError(n: 42) }
    }
}

/// Registrations changed from inside an update: the events the update queued, and the report of an
/// update that throws, see the registrations as they are after the change. Each test runs with
/// instruments of its own (`.isolatedInstruments`).
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct RegistrationInsideAnUpdateTests {
    // InstrumentRegistration.remove(): "events sent from now on skip it". An event sent (queued)
    // by the update that released the registration is sent after the removal.
    @Test func anEventQueuedAfterAnUpdateReleasedAnAppWideMiddlewareSkipsIt() {
        let seen = MainBox<[String]>([])
        let box = MainBox<InstrumentRegistration?>(
            Middleware.addAppWide { event, next in
                seen.value.append(event.description)
                try next(event)
            })
        let hook = UpdateHook()
        let other = InstrumentedCounter()
        hook.action = {
            box.value = nil
            other.send(.inc)  // queued, sent after the removal
        }
        hook.send(.run)
        #expect(other.count == 1)
        #expect(seen.value.count == 1, "seen: \(seen.value)")
    }

    @Test func anEventQueuedAfterAnUpdateRemovedAnAppWideMiddlewareSkipsIt() {
        let seen = MainBox<[String]>([])
        let registration = Middleware.addAppWide { event, next in
            seen.value.append(event.description)
            try next(event)
        }
        let hook = UpdateHook()
        let other = InstrumentedCounter()
        hook.action = {
            registration.remove()
            other.send(.inc)
        }
        hook.send(.run)
        #expect(other.count == 1)
        #expect(seen.value.count == 1, "seen: \(seen.value)")
    }

    // Added during an update: the events sent after (queued) pass it.
    @Test func anEventQueuedAfterAnUpdateAddedMiddlewarePassesIt() {
        let seen = MainBox<[String]>([])
        let kept = MainBox<[InstrumentRegistration]>([])
        let hook = UpdateHook()
        let other = InstrumentedCounter()
        hook.action = {
            kept.value.append(
                Middleware.addAppWide { event, next in
                    seen.value.append("app")
                    try next(event)
                })
            kept.value.append(
                other.addMiddleware { _, when, next in
                    seen.value.append("own")
                    try next(when)
                })
            other.send(.inc)
        }
        hook.send(.run)
        #expect(other.count == 1)
        #expect(seen.value == ["app", "own"], "seen: \(seen.value)")
        kept.value = []
    }

    // A scope's own middleware released by its scope's own update: the next event skips it.
    @Test func aScopesMiddlewareReleasedInsideItsUpdateSkipsTheQueuedEvent() {
        let seen = MainBox(0)
        let hook = UpdateHook()
        let box = MainBox<InstrumentRegistration?>(nil)
        box.value = hook.addMiddleware { _, when, next in
            seen.value += 1
            try next(when)
        }
        hook.action = {
            if box.value != nil {
                box.value = nil
                hook.send(.run)  // queued
            }
        }
        hook.send(.run)
        #expect(hook.ran == 2)
        #expect(seen.value == 1)
    }

    // An error handler removed by the update that then throws: the report is made after the
    // removal, so the handler must not receive it.
    @Test func anErrorHandlerRemovedByTheUpdateThatThrowsDoesNotReceiveItsReport() {
        let seen = MainBox(0)
        let others = MainBox(0)
        let box = MainBox<InstrumentRegistration?>(ErrorReporting.addHandler { _ in seen.value += 1 })
        let other = ErrorReporting.addHandler { _ in others.value += 1 }
        let hook = UpdateHook()
        hook.action = { box.value = nil }
        hook.send(.fail)
        #expect(others.value == 1)
        #expect(seen.value == 0)
        other.remove()
    }

    // ErrorReporting.report: "hands it to every handler, oldest registration first"; middleware
    // "in the order added", after removals and additions.
    @Test func ordersFollowRegistrationAfterRemovalsAndAdditions() {
        let log = MainBox<[String]>([])
        let h1 = ErrorReporting.addHandler { _ in log.value.append("h1") }
        let h2 = ErrorReporting.addHandler { _ in log.value.append("h2") }
        let h3 = ErrorReporting.addHandler { _ in log.value.append("h3") }
        h2.remove()
        let h4 = ErrorReporting.addHandler { _ in log.value.append("h4") }
        let counter = InstrumentedCounter()
        let o1 = counter.addMiddleware { _, w, n in
            log.value.append("o1")
            try n(w)
        }
        let a1 = Middleware.addAppWide { e, n in
            log.value.append("a1")
            try n(e)
        }
        let o2 = counter.addMiddleware { _, w, n in
            log.value.append("o2")
            try n(w)
        }
        let a2 = Middleware.addAppWide { e, n in
            log.value.append("a2")
            try n(e)
        }
        let a3 = Middleware.addAppWide { e, n in
            log.value.append("a3")
            try n(e)
        }
        a2.remove()
        let a4 = Middleware.addAppWide { e, n in
            log.value.append("a4")
            try n(e)
        }
        o1.remove()
        let o3 = counter.addMiddleware { _, w, n in
            log.value.append("o3")
            try n(w)
        }
        counter.send(.fail(1))
        #expect(log.value == ["a1", "a3", "a4", "o2", "o3", "h1", "h3", "h4"], "log: \(log.value)")
        for r in [h1, h3, h4, a1, a3, a4, o2, o3] { r.remove() }
    }
}
