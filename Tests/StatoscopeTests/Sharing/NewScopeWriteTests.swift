import Statoscope
import StatoscopeTestSupport
import Testing

/// A parent that makes a child in its update and sets the child's shared values before linking it.
@MainActor
final class PreparingParent: Scope {
    @Shared var draft: String
    @Subscope var late: SharingChild? = nil

    init() {
        _draft = Shared(value: "")
    }

    enum When: Sendable {
        case open(draft: String, unread: Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .open(let text, let unread):
            let child = SharingChild(draft: $draft)
            child.draft = text
            child.unread = unread
            late = child
        }
    }
}

/// A scope made by an update is not another tree: it joins the updating tree when linked, and the
/// update that made it may set its shared values first.
@MainActor
@Suite(.serialized, .isolatedInstruments)
struct NewScopeWriteTests {
    @Test func anUpdateSetsTheSharedValuesOfAChildItMadeBeforeLinkingIt() {
        let parent = PreparingParent()
        parent.inject(SharedStore(storage: InMemoryStorage()))
        let reports = ErrorReportCollector { report in report.error is SharedValueWriteRefused }
        parent.send(.open(draft: "hello", unread: 3))
        #expect(reports.reports.map(\.description) == [])
        #expect(parent.draft == "hello")
        #expect(parent.late?.draft == "hello")
        // A keyed value written before the child is linked goes to the store the child finds then,
        // not the one its tree gives it once linked.
        withKnownIssue {
            #expect(parent.late?.unread == 3)
        }
    }
}
