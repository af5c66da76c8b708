import Observation
import Statoscope

/// A value a plan cannot compare: no `Equatable` conformance.
struct Opaque: Codable, Sendable {
    var payload: Int
}

/// A value a plan compares through its JSON: `Equatable` and `Codable`, with no literal.
struct Note: Codable, Sendable, Equatable {
    var title: String
    var stars: Int64
}

/// Scopes whose events and state put the generator at its edges: text to escape, values it cannot
/// compare or write, a child deep below optional and list children.
@MainActor
final class Notes: Scope {
    var text = ""
    var opaque = Opaque(payload: 0)
    var ratio = 0.0
    var tags: [String] = []
    var note = Note(title: "", stars: 0)
    @Sensitive var secret = ""
    @Subscope var drawer: Drawer? = nil

    enum When: Codable, Sendable, Equatable {
        case write(String)
        case setOpaque(payload: Int)
        case setRatio(Double)
        case tag(String, at: Int)
        case keep(secret: Sensitive<String>)
        case openDrawer(rows: Int)
        case setNote(Note)
        case fail
    }

    struct Refused: Error {}

    func update(_ when: When) throws {
        switch when {
        case .write(let text): self.text = text
        case .setOpaque(let payload): opaque = Opaque(payload: payload)
        case .setRatio(let ratio): self.ratio = ratio
        case .tag(let tag, let index): tags.insert(tag, at: min(index, tags.count))
        case .keep(let secret): self.secret = secret.value
        case .openDrawer(let rows): drawer = Drawer(rows: rows)
        case .setNote(let note): self.note = note
        case .fail: throw Refused()
        }
    }
}

@MainActor
final class Drawer: Scope {
    @Subscope var rows: [Row]

    init(rows: Int) {
        self.rows = (0..<rows).map { _ in Row() }
    }

    enum When: Codable, Sendable, Equatable {
        case addRow
    }

    func update(_ when: When) throws {
        rows.append(Row())
    }
}

@MainActor
final class Row: Scope {
    @Subscope var leaf = Leaf()

    enum When: Codable, Sendable, Equatable {
        case none
    }

    func update(_ when: When) throws {}
}

/// A dependency a scope reads, which a plan would inject.
struct Greeting: Injectable {
    var text: String

    static var defaultValue: Greeting { Greeting(text: "hello") }
}

@MainActor
final class Leaf: Scope {
    @Injected var greeting: Greeting
    var count = 0
    var label: String?

    enum When: Codable, Sendable, Equatable {
        case tap
        case name(String?)
        case refuse
    }

    func update(_ when: When) throws {
        switch when {
        case .tap: count += 1
        case .name(let label): self.label = label
        case .refuse: throw Notes.Refused()
        }
    }
}

/// Another root, to replay into by mistake.
@MainActor
final class Elsewhere: Scope {
    enum When: Codable, Sendable, Equatable {
        case nothing
    }

    func update(_ when: When) throws {}
}

/// A property wrapper other than the library's: its storage is not the value its key path reads.
@propertyWrapper
struct Doubled: Equatable {
    private var stored: Int

    init(wrappedValue: Int) {
        stored = wrappedValue * 2
    }

    var wrappedValue: Int {
        get { stored / 2 }
        set { stored = newValue * 2 }
    }
}

/// An `@Observable` scope, whose properties a mirror lists under `_name`.
@MainActor
@Observable
final class Tally: Scope {
    var count = 0

    enum When: Codable, Sendable, Equatable {
        case add(Int)
    }

    func update(_ when: When) throws {
        if case .add(let amount) = when { count += amount }
    }
}

/// A scope with a wrapped property, whose storage a mirror lists under `_name`.
@MainActor
final class Gauge: Scope {
    @Doubled var level = 0

    enum When: Codable, Sendable, Equatable {
        case raise(Int)
    }

    func update(_ when: When) throws {
        if case .raise(let amount) = when { level += amount }
    }
}
