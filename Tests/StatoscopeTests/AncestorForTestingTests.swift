import Statoscope
import Testing

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

/// An ancestor given for testing (`injectSuperscopeForTesting`) serves the subtree, however deep and
/// whenever linked.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct AncestorForTestingTests {
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
