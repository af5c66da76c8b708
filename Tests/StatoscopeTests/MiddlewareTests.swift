import Statoscope
import Testing

@MainActor
struct MiddlewareTests {
    @Test func middlewaresRunInTheOrderAddedAroundUpdate() async {
        let journal = Journal()
        var trace: [String] = []
        let first = journal.addMiddleware { _, when, next in
            trace.append("first before \(when)")
            try next(when)
            trace.append("first after")
        }
        defer { first.remove() }
        let second = journal.addMiddleware { scope, when, next in
            trace.append("second before, total \(scope.total)")
            try next(when)
            trace.append("second after, total \(scope.total)")
        }
        defer { second.remove() }
        journal.send(.add(2))
        #expect(
            trace == [
                "first before add(2)", "second before, total 0", "second after, total 2", "first after",
            ])
    }

    @Test func middlewareCanTransformAnEvent() async {
        let journal = Journal()
        let registration = journal.addMiddleware { _, when, next in
            if case .add(let value) = when {
                try next(.add(value * 10))
            } else {
                try next(when)
            }
        }
        journal.send(.add(3))
        #expect(journal.total == 30)
        registration.remove()
        journal.send(.add(3))
        #expect(journal.total == 33, "a removed middleware no longer runs")
    }

    @Test func middlewareCanDropAnEvent() async {
        let journal = Journal()
        let registration = journal.addMiddleware { _, when, next in
            if case .add(let value) = when, value < 0 { return }
            try next(when)
        }
        defer { registration.remove() }
        journal.send(.add(-5))
        journal.send(.add(5))
        #expect(journal.handled == ["add 5"])
    }

    @Test func middlewareSeesAndCanHandleErrorsThrownBelowIt() async {
        let journal = Journal()
        let collector = ErrorReportCollector(for: journal)
        var seen: [String] = []
        let observer = journal.addMiddleware { _, when, next in
            do {
                try next(when)
            } catch {
                seen.append("\(error)")
                throw error
            }
        }
        journal.send(.addThenThrow(1))
        #expect(seen == ["Refusal(value: 1)"])
        #expect(collector.reports.count == 1, "rethrown, so still reported")
        observer.remove()
        let swallower = journal.addMiddleware { _, when, next in try? next(when) }
        defer { swallower.remove() }
        journal.send(.addThenThrow(2))
        #expect(collector.reports.count == 1, "swallowed by the middleware, so not reported")
    }

    @Test func eventsSentFromAMiddlewareAreQueued() async {
        let journal = Journal()
        let registration = journal.addMiddleware { scope, when, next in
            if case .add(1) = when { scope.send(.add(100)) }
            try next(when)
        }
        defer { registration.remove() }
        journal.send(.add(1))
        #expect(journal.handled == ["add 1", "add 100"])
    }

    @Test func parentInterceptsWhatItsChildReceives() async {
        let root = Root()
        let registration = root.branch.leaf.addMiddleware { leaf, when, next in
            if case .set(let value) = when {
                try next(.set(min(value, 10)))
                leaf.root.send(.heard("leaf set to \(leaf.value)"))
            } else {
                try next(when)
            }
        }
        defer { registration.remove() }
        root.branch.leaf.send(.set(50))
        #expect(root.branch.leaf.value == 10)
        #expect(root.heard == ["leaf set to 10"])
    }
}
