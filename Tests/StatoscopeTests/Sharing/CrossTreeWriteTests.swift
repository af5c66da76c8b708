import Statoscope
import StatoscopeTestSupport
import Testing

/// An object of the app's, not a scope, that writes a scope's shared value when it is released.
@MainActor
final class ReleaseWriter {
    let target: CountingWriter

    init(target: CountingWriter) {
        self.target = target
    }

    deinit {
        // Released by an update, on the main actor; run inline, so that the test's own instruments
        // see its report (an isolated deinit runs with no task-local values).
        MainActor.assumeIsolated { target.count = 42 }
    }
}

/// A scope of its own tree whose update releases what it holds, or writes another tree's value.
@MainActor
final class OtherTreeToucher: Scope {
    var held: ReleaseWriter?
    var other: CountingWriter?

    enum When: Sendable {
        case release
        case writeOther
        case tap
    }

    func update(_ when: When) throws {
        switch when {
        case .release: held = nil
        case .writeOther: other?.count = 5
        case .tap: break
        }
    }
}

/// An update running in one tree lets that tree's shared values change, not another tree's: a write
/// to a scope of another tree, from a `deinit` the update runs, the update itself or an app-wide
/// middleware around it, is refused as a write outside an update.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct CrossTreeWriteTests {
    private let outside =
        "CountingWriter: the shared value \"refusalCount\" in SharedStore(InMemoryStorage) was written outside "
        + "an update and kept its value: change it in update(_:), in answer to an event"

    private func otherTree() -> CountingWriter {
        let other = CountingWriter()
        other.inject(SharedStore(storage: InMemoryStorage()))
        return other
    }

    private func refusals() -> ErrorReportCollector {
        ErrorReportCollector { report in report.error is SharedValueWriteRefused }
    }

    @Test func aDeinitWritingAnotherTreesValueWhileAnUpdateRunsIsRefused() {
        let other = otherTree()
        let toucher = OtherTreeToucher()
        toucher.held = ReleaseWriter(target: other)
        let reports = refusals()
        toucher.send(.release)
        #expect(toucher.held == nil)
        #expect(other.count == 0, "another tree's value is not the running update's to change")
        #expect(reports.reports.map(\.description) == [outside])
    }

    @Test func anUpdateWritingAnotherTreesValueIsRefused() {
        let other = otherTree()
        let toucher = OtherTreeToucher()
        toucher.other = other
        let reports = refusals()
        toucher.send(.writeOther)
        #expect(other.count == 0)
        #expect(reports.reports.map(\.description) == [outside])
        other.send(.userTapped)
        #expect(other.count == 1, "its own tree's update still writes it")
    }

    @Test func anAppWideMiddlewareWritingAnotherTreesValueWhileAnUpdateRunsIsRefused() {
        let other = otherTree()
        let toucher = OtherTreeToucher()
        let reports = refusals()
        let registration = Middleware.addAppWide { event, next in
            try next(event)
            if event.scope is OtherTreeToucher { other.count = 9 }
        }
        defer { registration.remove() }
        toucher.send(.tap)
        #expect(other.count == 0)
        #expect(reports.reports.count == 1, "\(reports.reports.map(\.description))")
        #expect((reports.reports.first?.error as? SharedValueWriteRefused)?.key == "refusalCount")
    }

    @Test func aParentsUpdateStillWritesItsChildsValue() {
        let parent = WritingParent()
        parent.inject(SharedStore(storage: InMemoryStorage()))
        let reports = refusals()
        parent.send(.bumpThroughChild)
        #expect(parent.count == 10)
        #expect(reports.reports.isEmpty)
    }
}
