import Statoscope
import StatoscopeCore

/// A running total, the scope the middleware checks send to.
@MainActor
final class Journal: Scope {
    var total = 0
    var handled: [Int] = []

    enum When { case add(Int) }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total += value
            handled.append(value)
        }
    }
}

/// A scope's own middleware, added with `addMiddleware`: the events to that scope take the path that
/// runs it, found by one probe of a filter, while the events to every other scope keep the fast path.
extension Checks {
    static var middleware: [NamedCheck] {
        [
            NamedCheck(
                "a scope's own middleware sees its events, in the order added, and can change or drop them",
                aScopesMiddlewareSeesChangesAndDropsItsEvents),
            NamedCheck(
                "a scope's own middleware runs while many other scopes have some",
                aScopesMiddlewareRunsWhileManyOthersHaveSome),
            NamedCheck(
                "a scope without middleware is updated, untouched, while others have some",
                aScopeWithoutMiddlewareIsUpdatedWhileOthersHaveSome),
            NamedCheck(
                "removing a scope's middleware stops it and opens the fast path again",
                removingAScopesMiddlewareStopsItAndOpensTheFastPath),
        ]
    }

    static func aScopesMiddlewareSeesChangesAndDropsItsEvents(_ check: Check) {
        let journal = Journal()
        var trace: [String] = []
        let doubling = journal.addMiddleware { _, when, next in
            guard case .add(let value) = when, value >= 0 else {
                trace.append("dropped \(when)")
                return
            }
            trace.append("doubling \(value)")
            try next(.add(value * 2))
        }
        let watching = journal.addMiddleware { journal, when, next in
            trace.append("watching \(when)")
            try next(when)
            trace.append("total \(journal.total)")
        }
        defer {
            doubling.remove()
            watching.remove()
        }
        check.expectPath("with one scope's middleware", SendPath.probesFilter, expected: "filtering alone")
        check.expect(
            "the filter for the scope with middleware", ScopeFilter.mayContain(journal), expected: "holds it",
            got: "does not")
        journal.send(.add(3))
        journal.send(.add(-1))
        check.expect("the updates", journal.handled, equals: [6])
        check.expect(
            "the middleware's trace", trace,
            equals: ["doubling 3", "watching add(6)", "total 6", "dropped add(-1)"])
    }

    static func aScopesMiddlewareRunsWhileManyOthersHaveSome(_ check: Check) {
        let others = (0..<100).map { _ in Journal() }
        var othersSeen: [Int] = []
        var registrations = others.enumerated().map { index, other in
            other.addMiddleware { _, when, next in
                othersSeen.append(index)
                try next(when)
            }
        }
        let journal = Journal()
        var seen: [Journal.When] = []
        registrations.append(
            journal.addMiddleware { _, when, next in
                seen.append(when)
                try next(when)
            })
        defer { for registration in registrations { registration.remove() } }
        for value in 1...5 { journal.send(.add(value)) }
        check.expect("the events the scope's middleware saw", seen.count, equals: 5)
        check.expect("the journal's total", journal.total, equals: 15)
        check.expect("the other scopes' middleware calls", othersSeen, equals: [])
        others[42].send(.add(1))
        check.expect("the other scopes' middleware calls after one event", othersSeen, equals: [42])
        check.expect("that scope's total", others[42].total, equals: 1)
    }

    static func aScopeWithoutMiddlewareIsUpdatedWhileOthersHaveSome(_ check: Check) {
        let others = (0..<100).map { _ in Journal() }
        var othersSeen = 0
        let registrations = others.map { other in
            other.addMiddleware { _, when, next in
                othersSeen += 1
                try next(when)
            }
        }
        defer { for registration in registrations { registration.remove() } }
        check.expectPath("with 100 scopes' middleware", SendPath.probesFilter, expected: "filtering alone")
        let journal = Journal()
        for value in 1...1_000 { journal.send(.add(value)) }
        check.expect("the journal's total", journal.total, equals: 500_500)
        check.expect("the other scopes' middleware calls", othersSeen, equals: 0)
    }

    static func removingAScopesMiddlewareStopsItAndOpensTheFastPath(_ check: Check) {
        let journal = Journal()
        var seen = 0
        let registration = journal.addMiddleware { _, when, next in
            seen += 1
            try next(when)
        }
        journal.send(.add(1))
        registration.remove()
        check.expectPath("once the only middleware is removed", SendPath.isOpen, expected: "open")
        journal.send(.add(2))
        check.expect("the middleware's calls", seen, equals: 1)
        check.expect("the journal's total", journal.total, equals: 3)
    }
}
