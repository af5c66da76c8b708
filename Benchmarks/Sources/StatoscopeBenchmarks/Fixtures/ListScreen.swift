import Observation
import Statoscope

/// One change of one row of a list, as workload 10 makes it on both sides.
enum ListChange: Sendable, CaseIterable {
    case append
    case removeLast
    case insertFirst
    case removeFirst
    case removeMiddle
    case insertMiddle
    case swapEnds
    case replaceMiddle

    /// Whether the change puts a new row in the list.
    var needsRow: Bool {
        switch self {
        case .append, .insertFirst, .insertMiddle, .replaceMiddle: true
        case .removeLast, .removeFirst, .removeMiddle, .swapEnds: false
        }
    }
}

extension Array {
    /// Makes `change`, with `row` as the new row where it needs one.
    mutating func apply(_ change: ListChange, row: Element?) {
        switch change {
        case .append: append(row!)
        case .removeLast: removeLast()
        case .insertFirst: insert(row!, at: 0)
        case .removeFirst: removeFirst()
        case .removeMiddle: remove(at: count / 2)
        case .insertMiddle: insert(row!, at: count / 2)
        case .swapEnds: swapAt(0, count - 1)
        case .replaceMiddle: self[count / 2] = row!
        }
    }
}

/// A row of a list screen: a scope of its own, as a message of a chat or an item of a feed.
@MainActor
final class ListRow: Scope {
    var text: Int

    init(text: Int) {
        self.text = text
    }

    enum When: Sendable {
        case edit(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .edit(let text): self.text = text
        }
    }
}

/// A list screen whose rows are child scopes; every change is made in its `update`.
@MainActor
final class ListScreen: Scope {
    @Subscope var rows: [ListRow] = []

    enum When: Sendable {
        case change(ListChange, ListRow?)
        case load([ListRow])
    }

    func update(_ when: When) throws {
        switch when {
        case .change(let change, let row): rows.apply(change, row: row)
        case .load(let newRows): rows = newRows
        }
    }
}

/// The hand-written counterpart of ``ListRow``: an `@Observable` row model.
@Observable
@MainActor
final class HandWrittenRow {
    var text: Int

    init(text: Int) {
        self.text = text
    }
}

/// The hand-written counterpart of ``ListScreen``: an `@Observable` view model holding its rows.
@Observable
@MainActor
final class HandWrittenList {
    var rows: [HandWrittenRow] = []

    func apply(_ change: ListChange, row: HandWrittenRow?) {
        rows.apply(change, row: row)
    }

    func load(_ newRows: [HandWrittenRow]) {
        rows = newRows
    }
}
