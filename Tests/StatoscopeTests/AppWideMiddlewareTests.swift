import Statoscope
import StatoscopeTesting
import Testing

@MainActor
final class MiddlewareRoot: Scope {
    @Subscope var journal = Journal()
    @Subscope var leaves: [Leaf] = []
    enum When: Sendable { case noop }
    func update(_ when: When) throws {}
}

/// Each test with instruments of its own: app-wide middleware sees every scope's events, and other
/// suites run alongside.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct AppWideMiddlewareTests {
    @Test func appWideMiddlewareSeesChildrensEventsWithTheirPaths() async {
        var seen: [String] = []
        let registration = Middleware.addAppWide { event, next in
            seen.append("\(event.scopePath) \(event.scopeType) \(event.when)")
            try next(event)
        }
        defer { registration.remove() }
        let root = MiddlewareRoot()
        root.injectSuperscopeForTesting(Branch())
        root.injectSuperscopeForTesting(Root())
        root.leaves = [Leaf(), Leaf()]
        root.journal.send(.add(1))
        root.leaves[1].send(.set(7))
        #expect(seen == ["MiddlewareRoot.journal Journal add(1)", "MiddlewareRoot.leaves[1] Leaf set(7)"])
        #expect(root.leaves[1].value == 7)
    }

    @Test func appWideMiddlewareRunsBeforeTheScopesOwnInTheOrderAdded() async {
        let root = MiddlewareRoot()
        var trace: [String] = []
        let own = root.journal.addMiddleware { _, when, next in
            trace.append("scope's own")
            try next(when)
        }
        let first = Middleware.addAppWide { event, next in
            if event.scope === root.journal { trace.append("app-wide 1") }
            try next(event)
        }
        let second = Middleware.addAppWide { event, next in
            if event.scope === root.journal { trace.append("app-wide 2") }
            try next(event)
        }
        defer {
            own.remove()
            first.remove()
            second.remove()
        }
        root.journal.send(.add(1))
        #expect(trace == ["app-wide 1", "app-wide 2", "scope's own"])
    }

    @Test func appWideMiddlewareTransformsAndDrops() async {
        let root = MiddlewareRoot()
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === root.journal, case .add(let value) = event.when as? Journal.When else {
                return try next(event)
            }
            if value < 0 { return }  // dropped
            try next(event.with(when: Journal.When.add(value * 2)))
        }
        defer { registration.remove() }
        root.journal.send(.add(-1))
        root.journal.send(.add(5))
        #expect(root.journal.handled == ["add 10"])
    }

    @Test func passingAnEventOfAnotherScopeIsReportedNamingBothTypes() async {
        let root = MiddlewareRoot()
        let collector = ErrorReportCollector(for: root.journal)
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === root.journal else { return try next(event) }
            try next(event.with(when: Leaf.When.set(1)))
        }
        defer { registration.remove() }
        root.journal.send(.add(1))
        #expect(root.journal.handled.isEmpty)
        #expect(
            collector.reports.map { "\($0.error)" } == [
                "an app-wide middleware passed StatoscopeTests.Leaf.When to Journal, whose events are StatoscopeTests.Journal.When"
            ])
    }

    @Test func anEventMadeWithWithWhenReachesTheMiddlewareAfterAndUpdate() async {
        let root = MiddlewareRoot()
        var secondSaw: [String] = []
        let first = Middleware.addAppWide { event, next in
            guard event.scope === root.journal, case .add(let value) = event.when as? Journal.When else {
                return try next(event)
            }
            try next(event.with(when: Journal.When.add(value + 100)))
        }
        let second = Middleware.addAppWide { event, next in
            if event.scope === root.journal { secondSaw.append(event.description) }
            try next(event)
        }
        defer {
            first.remove()
            second.remove()
        }
        root.journal.send(.add(1))
        #expect(secondSaw == ["MiddlewareRoot.journal <- add(101)"])
        #expect(root.journal.handled == ["add 101"])
    }

    @Test func anEventMadeInAnEarlierCallOfTheSameScopeIsDeliveredAsPassed() async {
        let root = MiddlewareRoot()
        var kept: ScopeEvent?
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === root.journal else { return try next(event) }
            switch kept {
            case .some(let earlier): return try next(earlier)
            case .none: break
            }
            kept = event.with(when: event.when)
            try next(event)
        }
        defer { registration.remove() }
        root.journal.send(.add(1))
        root.journal.send(.add(2))
        #expect(root.journal.handled == ["add 1", "add 1"])
    }

    @Test func passingOnAnEventMadeForAnotherScopeIsReportedNamingBothPaths() async {
        let root = MiddlewareRoot()
        root.leaves = [Leaf()]
        root.injectSuperscopeForTesting(Branch())
        root.injectSuperscopeForTesting(Root())
        let collector = ErrorReportCollector(for: root.journal)
        var fromLeaf: ScopeEvent?
        let registration = Middleware.addAppWide { event, next in
            if event.scope === root.leaves[0] { fromLeaf = event.with(when: event.when) }
            guard event.scope === root.journal else { return try next(event) }
            switch fromLeaf {
            case .some(let fromLeaf): try next(fromLeaf)
            case .none: try next(event)
            }
        }
        defer { registration.remove() }
        root.leaves[0].send(.set(3))
        root.journal.send(.add(1))
        #expect(root.leaves[0].value == 3)
        #expect(root.journal.handled.isEmpty)
        #expect(
            collector.reports.map { "\($0.error)" } == [
                "an app-wide middleware passed on an event of MiddlewareRoot.leaves[0] to MiddlewareRoot.journal, which takes only its own events"
            ])
    }

    @Test func aSubclassedScopesEventsArePassedOnAndReplacedUnderItsOwnType() async {
        let screen: Screen = SpecialScreen()
        var seen: [String] = []
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === screen else { return try next(event) }
            seen.append("\(event.scopeType)")
            guard case .rename(let title)? = event.when as? Screen.When else { return try next(event) }
            try next(event.with(when: Screen.When.rename(title + "!")))
        }
        defer { registration.remove() }
        screen.send(.rename("a"))
        #expect(screen.title == "a!")
        screen.send(.loaded(1))
        #expect(screen.title == "loaded 1")
        #expect(seen == ["SpecialScreen", "SpecialScreen"])
        #expect((screen as? SpecialScreen)?.renames == 1)
    }

    @Test func anEventSentFromAnAppWideMiddlewareIsQueuedAndPassesThroughItToo() async {
        let root = MiddlewareRoot()
        var seen: [String] = []
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === root.journal else { return try next(event) }
            seen.append(event.description)
            if case .add(1)? = event.when as? Journal.When { root.journal.send(.add(10)) }
            try next(event)
        }
        defer { registration.remove() }
        root.journal.send(.add(1))
        #expect(seen == ["MiddlewareRoot.journal <- add(1)", "MiddlewareRoot.journal <- add(10)"])
        #expect(root.journal.handled == ["add 1", "add 10"])
    }

    @Test func anEventMadeWithWithWhenKeepsItsScopeAlive() async {
        var made: ScopeEvent?
        weak var released: KeptEventScope?
        let registration = Middleware.addAppWide { event, next in
            if event.scope is KeptEventScope { made = event.with(when: event.when) }
            try next(event)
        }
        defer { registration.remove() }
        do {
            let scope = KeptEventScope()
            released = scope
            scope.send(.ping)
        }
        #expect(released != nil)
        #expect(made?.description == "KeptEventScope <- ping")
        made = nil
        #expect(released == nil)
    }
}

@MainActor
private final class KeptEventScope: Scope {
    enum When: Sendable { case ping }
    func update(_ when: When) throws {}
}

/// The instrumented path is rebuilt when instruments come and go, even while an event is on it.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct InstrumentChangesDuringAnEventTests {
    @Test func aMiddlewareThatRemovesItselfWhileRunningPassesTheEventOnAndIsGoneAfter() async {
        let journal = Journal()
        var seen = 0
        var registration: InstrumentRegistration?
        registration = Middleware.addAppWide { event, next in
            guard event.scope === journal else { return try next(event) }
            seen += 1
            registration?.remove()
            Middleware.addAppWide { event, next in try next(event) }.remove()
            try next(event)
        }
        journal.send(.add(1))
        journal.send(.add(2))
        #expect(seen == 1)
        #expect(journal.total == 3)
    }

    @Test func analyticsTracksTheEventAsUpdateReceivesItAfterEveryMiddleware() async throws {
        let scope = TrackedCounter()
        let tracked = TrackedEvents()
        defer { tracked.stop() }
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === scope, let when = event.when as? TrackedCounter.When else {
                return try next(event)
            }
            switch when {
            case .add: try next(event.with(when: TrackedCounter.When.double))
            case .double: return
            }
        }
        defer { registration.remove() }
        scope.send(.add(2))
        scope.send(.double)
        #expect(scope.total == 0)
        #expect(await tracked.delivered().map(\.name) == ["double"])
    }
}

@MainActor
private final class TrackedCounter: Scope {
    var total = 0
    enum When: Codable, Sendable, TrackedWhen {
        case add(Int)
        case double
    }
    func update(_ when: When) throws {
        switch when {
        case .add(let value): total += value
        case .double: total *= 2
        }
    }
}

/// A `When` may be a class: an app-wide middleware may pass on an instance of a subclass.
@MainActor
@Suite(.serialized)
struct ClassEventThroughAppWideMiddlewareTests {
    class Command: @unchecked Sendable {
        var name: String { "command" }
    }

    final class Undo: Command, @unchecked Sendable {
        override var name: String { "undo" }
    }

    @MainActor
    final class Editor: Scope {
        var received: [String] = []
        typealias When = Command
        func update(_ when: Command) throws { received.append(when.name) }
    }

    @Test func aSubclassInstancePassedOnReachesUpdate() async {
        let editor = Editor()
        let registration = Middleware.addAppWide { event, next in
            guard event.scope === editor else { return try next(event) }
            try next(event.with(when: Undo()))
        }
        defer { registration.remove() }
        editor.send(Command())
        #expect(editor.received == ["undo"])
    }
}
