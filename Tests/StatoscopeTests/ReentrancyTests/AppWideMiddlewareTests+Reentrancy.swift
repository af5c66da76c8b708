import Statoscope
import Testing

/// App-wide middleware that calls back into the library while it runs, or whose release does: these
/// run with the other app-wide middleware tests, one at a time.
extension AppWideMiddlewareTests {
    @Test func anAppWideMiddlewareThatRemovesItselfAndAddsAnotherFinishesItsEvent() {
        let root = MiddlewareRoot()
        var trace: [String] = []
        var first: InstrumentRegistration?
        var second: InstrumentRegistration?
        first = Middleware.addAppWide { event, next in
            guard event.scope === root.journal else { return try next(event) }
            trace.append("first \(event.when)")
            first?.remove()
            second = Middleware.addAppWide { event, next in
                if event.scope === root.journal { trace.append("second \(event.when)") }
                try next(event)
            }
            // Queued: it runs once this event has settled, along the new path.
            root.journal.send(.add(2))
            try next(event)
        }
        defer {
            first?.remove()
            second?.remove()
        }
        root.journal.send(.add(1))
        #expect(trace == ["first add(1)", "second add(2)"])
        #expect(root.journal.total == 3)
    }

    @Test func anAppWideMiddlewareMayDropTheAppsLastReferenceToTheScopeOfItsEvent() {
        var journal: Journal? = Journal()
        let id = journal.map(ObjectIdentifier.init)
        var described: [String] = []
        let registration = Middleware.addAppWide { event, next in
            guard ObjectIdentifier(event.scope) == id else { return try next(event) }
            // The event holds its scope until it is delivered.
            journal = nil
            described.append(event.description)
            try next(event)
            described.append("\(event.scopeType)")
        }
        defer { registration.remove() }
        journal?.send(.add(1))
        #expect(journal == nil)
        #expect(described == ["Journal <- add(1)", "Journal"])
    }

    @Test func removingAnAppWideMiddlewareWhoseClosureHoldsAnotherRegistrationRemovesBoth() {
        let root = MiddlewareRoot()
        var trace: [String] = []
        var inner: InstrumentRegistration? = Middleware.addAppWide { event, next in
            if event.scope === root.journal { trace.append("inner") }
            try next(event)
        }
        let outer = Middleware.addAppWide { [inner] event, next in
            _ = inner
            if event.scope === root.journal { trace.append("outer") }
            try next(event)
        }
        // Only the outer middleware's closure holds the inner registration now: removing the outer
        // releases it, which removes the inner one from inside the change that removes the outer.
        inner = nil
        outer.remove()
        root.journal.send(.add(1))
        #expect(trace.isEmpty)
        #expect(root.journal.total == 1)
    }

    @Test func aMiddlewareReleasedOnceItsEventSettledMaySendFromADeinitItRuns() {
        let hub = ReentryHub()
        var token: ReentryToken? = ReentryToken { hub.send(.heard("released")) }
        var registration: InstrumentRegistration?
        registration = Middleware.addAppWide { [token] event, next in
            _ = token
            // Removed while it runs: its path is kept until the event has settled, then released,
            // and the token with it.
            if event.scope === hub { registration?.remove() }
            try next(event)
        }
        defer { registration?.remove() }
        token = nil
        hub.send(.increment)
        #expect(hub.count == 1)
        #expect(hub.heard == ["released"], "the deinit's event is delivered before `send` returns")
    }
}
