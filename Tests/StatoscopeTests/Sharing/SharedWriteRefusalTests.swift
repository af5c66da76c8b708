import Statoscope
import StatoscopeTestSupport
import Testing

/// Only the update of the event being delivered changes a shared value, and what it calls (a
/// child's property included): a middleware, app-wide or a scope's own, a log handler of event
/// logging, an error handler, and a scope being released or dismissed are refused, and the report
/// names the key, the writer's path and the store.
@MainActor
@Suite(.serialized, .isolatedInstruments, .timeLimit(.minutes(20)))
struct SharedWriteRefusalTests {
    /// A parent and its child, sharing values of a store of their own.
    private func writingTree() -> WritingParent {
        let parent = WritingParent()
        parent.inject(SharedStore(storage: InMemoryStorage()))
        return parent
    }

    /// The reports of refused writes of the refusal tests' keys.
    private func refusals() -> ErrorReportCollector {
        ErrorReportCollector { report in
            (report.error as? SharedValueWriteRefused).map { $0.key.hasPrefix("refusal") } ?? false
        }
    }

    private let aroundUpdate =
        "was written by code running around an update while an event was delivered (a middleware, analytics, "
        + "a recorder) and kept its value: only the update of the event being delivered changes shared values: "
        + "change it there, or send an event whose update does"

    @Test func anAppWideMiddlewareWritingIsRefusedAndTheReportNamesTheKeyThePathAndTheStore() {
        let parent = writingTree()
        let reports = refusals()
        let registration = Middleware.addAppWide { event, next in
            if let parent = event.scope as? WritingParent {
                parent.count = 7
                try next(event)
                parent.saved = 7
            } else {
                try next(event)
            }
        }
        defer { registration.remove() }
        parent.send(.bump)
        #expect(parent.count == 1, "the update's change is kept, the middleware's refused")
        #expect(parent.saved == 1)
        #expect(
            reports.reports.map(\.description) == [
                "WritingParent: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) \(aroundUpdate)",
                "WritingParent: the shared value \"refusalSaved\" in SharedStore(InMemoryStorage) (saved at "
                    + "memory:refusalSaved) \(aroundUpdate)",
            ])
        let refusal = reports.reports.first?.error as? SharedValueWriteRefused
        #expect(refusal?.store == "SharedStore(InMemoryStorage)")
        #expect(refusal?.reason.hasPrefix("by code running around an update") == true)
    }

    @Test func aScopesOwnMiddlewareWritingIsRefused() {
        let parent = writingTree()
        let child = parent.child!
        let reports = refusals()
        let registration = child.addMiddleware { child, when, next in
            child.count = 5
            try next(when)
        }
        defer { registration.remove() }
        child.send(.bump)
        #expect(child.count == 1, "the update's change is kept, the middleware's refused")
        #expect(
            reports.reports.map(\.description) == [
                "WritingParent.child: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) "
                    + aroundUpdate
            ])
    }

    @Test func anUpdateWritesWhileMiddlewareIsInstalledAndThroughItsChildsProperty() {
        let parent = writingTree()
        let reports = refusals()
        let appWide = Middleware.addAppWide { event, next in try next(event) }
        let own = parent.addMiddleware { _, when, next in try next(when) }
        defer {
            appWide.remove()
            own.remove()
        }
        parent.send(.bump)
        parent.send(.bumpThroughChild)
        parent.child?.send(.bump)
        #expect(parent.count == 12)
        #expect(parent.saved == 1)
        #expect(reports.reports.isEmpty, "\(reports.reports.map(\.description))")
    }

    @Test func aChildsDeinitWritingDuringItsParentsUpdateIsRefused() {
        let parent = writingTree()
        parent.child?.writesWhenReleased = true
        let reports = refusals()
        parent.send(.dismissChild)
        #expect(parent.child == nil)
        #expect(parent.count == 0, "the released child's write is refused")
        #expect(
            reports.reports.map(\.description) == [
                "WritingParent.child: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) was "
                    + "written by a scope being released (from its deinit) and kept its value: a scope out of the "
                    + "app changes nothing: change it in the update that dismisses the scope"
            ])
    }

    @Test func aDismissedScopeWritingDuringAnotherScopesUpdateIsRefused() {
        let parent = writingTree()
        let reports = refusals()
        parent.send(.dismissAndKeepChild)
        parent.send(.bumpThroughFormerChild)
        #expect(parent.count == 0)
        #expect(parent.former?.count == 0)
        #expect(
            reports.reports.map(\.description) == [
                "WritingParent.child: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) was "
                    + "written by a dismissed scope and kept its value: a scope out of the app changes nothing: "
                    + "change it in the update that dismisses the scope"
            ])
    }

    @Test func anErrorHandlerWritingWhileAnEventIsDeliveredIsRefusedAndLogged() {
        let log = CapturedLog()
        ErrorReporting.logger = log.logger()
        let parent = writingTree()
        var handled = 0
        let registration = ErrorReporting.addHandler { report in
            guard report.error is WritingChild.Failure else { return }
            handled += 1
            parent.count = 42
        }
        defer { registration.remove() }
        // The child's event runs once the parent's update returns, within the same delivery.
        parent.send(.relayFailureToChild)
        #expect(handled == 1)
        #expect(parent.count == 0, "the handler's write is refused")
        let refusal = log.lines.filter { $0.contains("refusalCount") }
        #expect(
            refusal == [
                "error WritingParent: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) was written "
                    + "by an error handler while an event was delivered and kept its value: only the update of the "
                    + "event being delivered changes shared values: change it there, or send an event whose "
                    + "update does"
            ])
    }

    @Test func anErrorHandlerWritingForEveryReportIsNotHandedItsOwnRefusals() {
        let parent = writingTree()
        var handled = 0
        let registration = ErrorReporting.addHandler { report in
            guard report.error is SharedValueWriteRefused, handled < 3 else { return }
            handled += 1
            parent.count += 1
        }
        defer { registration.remove() }
        parent.count = 5
        #expect(handled == 1, "the handler's own refused write is logged, not handed to it")
        #expect(parent.count == 0)
    }

    @Test func aLogHandlerOfEventLoggingWritingIsRefused() {
        let writer = CountingWriter()
        writer.inject(SharedStore(storage: InMemoryStorage()))
        let reports = refusals()
        // Lines are logged around the update: the event before it, the state it changed after it.
        let log = CapturedLog { MainActor.assumeIsolated { writer.count = 50 } }
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        writer.send(.userTapped)
        #expect(writer.count == 1, "the update's change is kept, the log handler's refused")
        let line =
            "CountingWriter: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) \(aroundUpdate)"
        #expect(log.lines.count == 2, "\(log.lines)")
        #expect(reports.reports.map(\.description) == [line, line])
    }
}
