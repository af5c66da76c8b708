import Statoscope
import StatoscopeTestSupport
import Testing

/// A scope that can be linked anywhere, itself and its ancestors included.
@MainActor
final class Knot: Scope {
    @Subscope var next: Knot? = nil
    @Subscope var rows: [Knot] = []
    var hits = 0
    let gate = Gate()

    enum When: Sendable {
        case hit
        case link(Knot?)
        case appendRow(Knot)
        case work
        case done
    }

    func update(_ when: When) throws {
        switch when {
        case .hit: hits += 1
        case .link(let knot): next = knot
        case .appendRow(let knot): rows.append(knot)
        case .work:
            let gate = gate
            effectsState.enqueue(AnyEffect { await gate.wait() }.map { When.done })
        case .done: hits += 100
        }
    }
}

/// The ancestor a subtree tested on its own is given.
@MainActor
final class Bookshelf: Scope {
    var opened = 0
    enum When: Sendable { case opened }
    func update(_ when: When) throws { opened += 1 }
}

/// Reads its shelf, and presents pages later, after the test gave it the shelf.
@MainActor
class Book: Scope {
    @Superscope var shelf: Bookshelf
    @Subscope var page: Page? = nil
    @Subscope var notes: [Page] = []

    enum When: Sendable {
        case open
        case read
    }

    func update(_ when: When) throws {
        switch when {
        case .open:
            page = Footnote()
            notes = [Page(), Footnote()]
        case .read:
            shelf.send(.opened)
        }
    }
}

/// A book of another kind, through its base class.
@MainActor
final class Novel: Book {}

/// A page below a book: reads the shelf two levels up.
@MainActor
class Page: Scope {
    @Superscope var shelf: Bookshelf
    @Subscope var margin: Margin? = nil

    enum When: Sendable {
        case read
        case scribble
    }

    func update(_ when: When) throws {
        switch when {
        case .read: shelf.send(.opened)
        case .scribble: margin = Margin()
        }
    }
}

/// A page of another kind.
@MainActor
final class Footnote: Page {}

/// Three levels below the book.
@MainActor
final class Margin: Scope {
    @Superscope var shelf: Bookshelf
    enum When: Sendable { case read }
    func update(_ when: When) throws { shelf.send(.opened) }
}

/// Cycles refused (the report is app-wide: these run with the logging tests, one at a time).
extension EventLoggingTests {
    @Test func aScopeLinkedAsItsOwnChildOrRowIsRefusedAndKeepsWorking() async {
        let knot = Knot()
        let reports = ErrorReportCollector(for: knot)
        knot.send(.link(knot))
        knot.send(.appendRow(knot))
        #expect(reports.reports.count == 2, "\(reports.reports.map(\.description))")
        #expect(reports.reports.allSatisfy { $0.error is ScopeCycleRefused })
        #expect(reports.reports.map { ($0.error as? ScopeCycleRefused)?.property } == ["next", "rows"])
        #expect(knot.scopePath == "Knot")
        knot.send(.hit)
        #expect(knot.hits == 1)
        // The property holds what was assigned; clearing it leaves the scope live.
        knot.send(.link(nil))
        knot.send(.hit)
        #expect(knot.hits == 2)
        #expect(reports.reports.count == 2)
    }

    @Test
    func aScopeHoldingItselfInARefusedLinkIsDescribed() async {
        let knot = Knot()
        let reports = ErrorReportCollector(for: knot)
        knot.send(.link(knot))
        #expect(reports.reports.count == 1)
        #expect(knot.subtreeDescription.count < 10_000, "described without following the cycle")
        #expect(knot.subtreeScopes.count == 1, "walked once")
    }

    @Test func dismissingAChildThatHoldsItsRootInARefusedLinkLeavesTheRootLive() async {
        let root = Knot()
        let child = Knot()
        let grandchild = Knot()
        let reports = ErrorReportCollector(for: grandchild)
        root.send(.link(child))
        child.send(.link(grandchild))
        grandchild.send(.link(root))
        grandchild.send(.appendRow(child))
        #expect(reports.reports.count == 2)
        #expect(root.scopePath == "Knot")
        #expect(grandchild.scopePath == "Knot.next.next")
        root.send(.work)
        #expect(root.effectsState.effects.count == 1)
        root.send(.link(nil))
        #expect(root.effectsState.effects.count == 1, "the root was never below its child")
        root.send(.hit)
        #expect(root.hits == 1)
        await root.gate.open()
        #expect(await root.effectsState.waitUntilSettled(timeout: testPatience))
        #expect(root.hits == 101)
        child.send(.hit)
        #expect(child.hits == 0, "the dismissed child is refused")
    }
}

/// An ancestor given for testing serves the subtree, however deep and whenever linked.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TreeAttackTests {
    @Test func anAncestorGivenForTestingServesChildrenPresentedLaterAndTheirSubclasses() throws {
        let shelf = Bookshelf()
        let book: Book = Novel()
        book.injectSuperscopeForTesting(shelf)
        book.send(.read)
        book.send(.open)
        book.page?.send(.read)
        for note in book.notes { note.send(.read) }
        book.notes[1].send(.scribble)
        book.notes[1].margin?.send(.read)
        #expect(shelf.opened == 5)
        #expect(try book.notes[1].margin?.superscope(Bookshelf.self) === shelf)
    }

    @Test func anAncestorGivenForTestingToAChildIsTheNearestForItsSubtreeOnly() throws {
        let outer = Bookshelf()
        let inner = Bookshelf()
        let book = Book()
        book.injectSuperscopeForTesting(outer)
        book.send(.open)
        book.notes[0].injectSuperscopeForTesting(inner)
        book.notes[0].send(.scribble)
        book.notes[0].margin?.send(.read)
        book.notes[1].send(.read)
        #expect(inner.opened == 1, "the nearest ancestor given serves the subtree below it")
        #expect(outer.opened == 1)
    }
}
