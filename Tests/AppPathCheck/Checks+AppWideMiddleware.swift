import Statoscope

/// A screen with a journal below it, so that an app-wide middleware sees a child's path.
@MainActor
private final class Notebook: Scope {
    @Subscope var journal = Journal()
    var opened = 0

    enum When { case opened }

    func update(_ when: When) throws {
        opened += 1
    }
}

/// App-wide middleware, added with `Middleware.addAppWide`: every event of every scope takes the
/// full path while one is installed, and the fast path again once none is.
extension Checks {
    static var appWideMiddleware: [NamedCheck] {
        [
            NamedCheck(
                "an app-wide middleware sees every scope's events with their paths, before the scope's own",
                anAppWideMiddlewareSeesEveryScopesEvents),
            NamedCheck(
                "an app-wide middleware can pass another event of the same scope",
                anAppWideMiddlewareCanPassAnotherEvent),
            NamedCheck(
                "removing the last app-wide middleware opens the fast path again",
                removingTheLastAppWideMiddlewareOpensTheFastPath),
        ]
    }

    static func anAppWideMiddlewareSeesEveryScopesEvents(_ check: Check) {
        let notebook = Notebook()
        var seen: [String] = []
        let appWide = Middleware.addAppWide { event, next in
            seen.append("app-wide \(event.description)")
            try next(event)
        }
        let own = notebook.journal.addMiddleware { _, when, next in
            seen.append("own \(when)")
            try next(when)
        }
        defer {
            appWide.remove()
            own.remove()
        }
        notebook.send(.opened)
        notebook.journal.send(.add(2))
        check.expect(
            "what the middleware saw", seen,
            equals: ["app-wide Notebook <- opened", "app-wide Notebook.journal <- add(2)", "own add(2)"])
        check.expect("the notebook's updates", notebook.opened, equals: 1)
        check.expect("the journal's total", notebook.journal.total, equals: 2)
    }

    static func anAppWideMiddlewareCanPassAnotherEvent(_ check: Check) {
        let notebook = Notebook()
        let journal = notebook.journal
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === journal, case .add(let value) = event.when as? Journal.When else {
                return try next(event)
            }
            try next(event.with(when: Journal.When.add(value * 10)))
        }
        defer { registration.remove() }
        journal.send(.add(4))
        notebook.send(.opened)
        check.expect("the journal's updates", journal.handled, equals: [40])
        check.expect("the notebook's updates", notebook.opened, equals: 1)
    }

    static func removingTheLastAppWideMiddlewareOpensTheFastPath(_ check: Check) {
        check.expectPath("before any app-wide middleware", SendPath.isOpen, expected: "open")
        let journal = Journal()
        var seen = 0
        let first = Middleware.addAppWide { event, next in
            seen += 1
            try next(event)
        }
        let second = Middleware.addAppWide { event, next in try next(event) }
        check.expectPath("with app-wide middleware", !SendPath.isOpen, expected: "routed")
        journal.send(.add(1))
        first.remove()
        check.expectPath("with one app-wide middleware left", !SendPath.isOpen, expected: "routed")
        second.remove()
        check.expectPath("once the last app-wide middleware is removed", SendPath.isOpen, expected: "open")
        journal.send(.add(2))
        check.expect("the middleware's calls", seen, equals: 1)
        check.expect("the journal's total", journal.total, equals: 3)
    }
}
