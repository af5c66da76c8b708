import Statoscope
import StatoscopeTestSupport
import Testing

// Scopes for the suites on `@Subscope` lists: rows that may hold rows of their own, and list screens
// whose updates run any code, to change their lists inside an update as well as outside any.

/// A row that may hold rows of its own and an optional child; runs any code in an update.
@MainActor
final class ListedRow: Scope {
    let name: String
    let gate: Gate
    var pings = 0
    var label = ""
    @Subscope var rows: [ListedRow] = []
    @Subscope var note: ListedRow? = nil

    init(_ name: String, gate: Gate) {
        self.name = name
        self.gate = gate
    }

    enum When: Sendable {
        case park
        case parked(Int)
        case ping
        case run(@MainActor @Sendable (ListedRow) throws -> Void)
    }

    func update(_ when: When) throws {
        switch when {
        case .park: effectsState.enqueue(ParkedUntilOpened(gate: gate).map(When.parked))
        case .parked: break
        case .ping: pings += 1
        case .run(let body): try body(self)
        }
    }
}

/// A list screen with two lists, an optional child and a nested list screen.
@MainActor
final class ListScreen: Scope {
    @Subscope var rows: [ListedRow] = []
    @Subscope var other: [ListedRow] = []
    @Subscope var slot: ListedRow? = nil
    @Subscope var next: ListScreen? = nil
    var pings = 0

    enum When: Sendable {
        case ping
        case run(@MainActor @Sendable (ListScreen) throws -> Void)
    }

    func update(_ when: When) throws {
        switch when {
        case .ping: pings += 1
        case .run(let body): try body(self)
        }
    }
}

/// What the suites on lists of rows share: rows made on one gate, whether a row is in the app, and
/// whether every row of a list is named by its place.
@MainActor
protocol RowListProbing {
    /// The gate the rows' parked work waits on.
    var gate: Gate { get }
}

extension RowListProbing {
    func rows(_ count: Int, _ prefix: String = "r") -> [ListedRow] {
        (0..<count).map { ListedRow("\(prefix)\($0)", gate: gate) }
    }

    /// Whether an event sent to `row` reaches its update.
    func isLive(_ row: ListedRow) -> Bool {
        let before = row.pings
        row.send(.ping)
        return row.pings == before + 1
    }

    func expectPaths(
        _ rows: [ListedRow], _ prefix: String, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var wrong: [String] = []
        for (index, row) in rows.enumerated() where row.scopePath != "\(prefix)[\(index)]" {
            wrong.append("\(row.name) at \(index) says \(row.scopePath)")
        }
        #expect(
            wrong.isEmpty, "\(comment.map { "\($0)" } ?? ""): \(wrong.prefix(5))",
            sourceLocation: sourceLocation)
    }
}
