import Statoscope
import StatoscopeTestSupport
import Testing

/// A row of ``Board``: parks an effect on demand and counts the events it receives.
@MainActor
final class Cell: Scope {
    let gate: Gate
    var pings = 0
    @Subscope var note: Cell? = nil

    init(gate: Gate) {
        self.gate = gate
    }

    enum When: Sendable {
        case park
        case parked(Int)
        case ping
        case attach(Cell?)
    }

    func update(_ when: When) throws {
        switch when {
        case .park: effectsState.enqueue(ParkedUntilOpened(gate: gate).map(When.parked))
        case .parked: break
        case .ping: pings += 1
        case .attach(let cell): note = cell
        }
    }
}

/// Waits for its gate; what a row's long-running work stands for.
struct ParkedUntilOpened: Effect {
    let gate: Gate
    func runEffect() async throws -> Int {
        await gate.wait()
        return 1
    }
}

/// A list screen whose rows are scopes; each change is one update.
@MainActor
final class Board: Scope {
    @Subscope var rows: [Cell] = []
    @Subscope var next: Board? = nil

    enum When: Sendable {
        case load([Cell])
        case insert(Cell, at: Int)
        case remove(at: Int)
        case move(from: Int, to: Int)
        case swap(Int, Int)
        case replace(at: Int, with: Cell)
        case link(Board?)
    }

    func update(_ when: When) throws {
        switch when {
        case .load(let cells): rows = cells
        case .insert(let cell, let index): rows.insert(cell, at: index)
        case .remove(let index): rows.remove(at: index)
        case .move(let from, let to): rows.insert(rows.remove(at: from), at: to)
        case .swap(let first, let second): rows.swapAt(first, second)
        case .replace(let index, let cell): rows[index] = cell
        case .link(let board): next = board
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct LargeListTests {
    let gate = Gate()

    private func cells(_ count: Int) -> [Cell] {
        (0..<count).map { _ in Cell(gate: gate) }
    }

    /// Checks rows' paths with one expectation, so that a check of 10,000 rows stays short.
    /// Then lets the main actor's other jobs run: these checks are long, and other tests share it.
    private func expectPaths(of board: Board, _ when: String) async {
        // Every 37th row and both ends: enough to see a shift, and short under a sanitizer.
        let checked = board.rows.indices.filter { $0 % 37 == 0 || $0 == board.rows.count - 1 }
        let wrong = checked.filter { board.rows[$0].scopePath != "Board.rows[\($0)]" }
        #expect(wrong.isEmpty, "\(when): rows named wrong, first at \(wrong.first ?? -1)")
        await Task.yield()
    }

    @Test func rowPathsFollowInsertsRemovalsAndMovesInATenThousandRowList() async {
        let board = Board()
        let all = cells(10_000)
        board.send(.load(all))
        await expectPaths(of: board, "after loading")

        let top = Cell(gate: gate)
        board.send(.insert(top, at: 0))
        #expect(top.scopePath == "Board.rows[0]")
        #expect(all[3].scopePath == "Board.rows[4]", "the fourth row is the fifth now")
        await expectPaths(of: board, "after an insert at the top")

        board.send(.remove(at: 0))
        board.send(.remove(at: 0))
        #expect(all[3].scopePath == "Board.rows[2]")
        #expect(top.scopePath == "Board.rows[0]", "a removed row keeps the name it had")

        board.send(.move(from: 0, to: 9_997))
        #expect(all[1].scopePath == "Board.rows[9997]")
        #expect(all[2].scopePath == "Board.rows[0]")
        board.send(.swap(0, 9_997))
        #expect(all[2].scopePath == "Board.rows[9997]")
        await expectPaths(of: board, "after a move and a swap")

        board.send(.load(board.rows.reversed()))
        await expectPaths(of: board, "after reversing the list")
    }

    @Test func removingOneRowOfTenThousandEndsOnlyItsWorkInTheSameSend() async {
        let board = Board()
        let all = cells(10_000)
        board.send(.load(all))
        let working = stride(from: 0, to: 10_000, by: 1_000).map { all[$0] } + [all[5_000], all[5_001]]
        for cell in working { cell.send(.park) }

        board.send(.remove(at: 5_000))
        #expect(all[5_000].effectsState.effects.isEmpty, "the removed row's work ends in the same send")
        #expect(all[5_001].effectsState.effects.count == 1)
        #expect(all[5_001].scopePath == "Board.rows[5000]")

        board.send(.insert(Cell(gate: gate), at: 0))
        board.send(.move(from: 9_000, to: 1))
        board.send(.swap(0, 9_999))
        #expect(
            working.filter { $0 !== all[5_000] }.allSatisfy { $0.effectsState.effects.count == 1 },
            "inserting, moving and swapping rows is not dismissal")

        board.send(.load(cells(10_000)))
        #expect(
            working.allSatisfy { $0.effectsState.effects.isEmpty }, "replacing every row dismisses them all")
        await gate.open()
    }

    @Test func aRowMovedOutOfTheListAndBackInOneUpdateKeepsItsWork() async {
        let board = Board()
        let all = cells(2_000)
        board.send(.load(all))
        all[10].send(.park)
        board.send(.move(from: 10, to: 1_999))
        #expect(all[10].effectsState.effects.count == 1)
        #expect(all[10].scopePath == "Board.rows[1999]")
        await gate.open()
    }

    @Test func tenThousandHeldDismissedRowsStayRefusedWhileEveryOtherScopeIsServed() throws {
        let board = Board()
        let held = cells(10_000)
        board.send(.load(held))
        let note = Cell(gate: gate)
        held[42].send(.attach(note))
        board.send(.load([]))
        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })

        for cell in held[0..<100] { cell.send(.ping) }
        note.send(.ping)
        #expect(held.allSatisfy { $0.pings == 0 })
        #expect(note.pings == 0, "a dismissed row's child is dismissed too")
        #expect(errors.reports.count == 101)
        let first = try #require(errors.reports.first)
        #expect("\(first)" == "Board.rows[0]: Cell was dismissed; ping was not delivered")
        #expect(
            "\(errors.reports.last!)" == "Board.rows[42].note: Cell was dismissed; ping was not delivered")

        let live = Board()
        let liveCells = cells(1_000)
        live.send(.load(liveCells))
        for cell in liveCells { cell.send(.ping) }
        #expect(liveCells.allSatisfy { $0.pings == 1 }, "scopes in the app are served")

        board.send(.insert(held[7], at: 0))
        held[7].send(.ping)
        #expect(held[7].pings == 1, "a row linked again is back in the app")
        #expect(errors.reports.count == 101)
    }

    @Test func dismissedRowsReleasedLeaveNoRefusalBehind() {
        let board = Board()
        var held: [Cell]? = cells(1_000)
        board.send(.load(held!))
        board.send(.load([]))
        held = nil
        // Scopes made after the released ones may take their addresses.
        let fresh = cells(2_000)
        let other = Board()
        other.send(.load(fresh))
        for cell in fresh { cell.send(.ping) }
        #expect(fresh.allSatisfy { $0.pings == 1 })
        #expect(held == nil)
    }

    @Test func aScopeLinkedBelowItselfIsRefusedAndTheTreeStaysAsItWas() throws {
        let first = Board()
        let second = Board()
        first.send(.link(second))
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })

        second.send(.link(first))

        let report = try #require(errors.reports.first)
        #expect(
            "\(report)"
                == "Board.next.next: assigning Board at Board would link it below itself; the tree was left as it was"
        )
        #expect(first.scopePath == "Board")
        #expect(second.scopePath == "Board.next")

        first.send(.link(first))
        #expect(errors.reports.count == 2)
        #expect(
            "\(errors.reports[1])"
                == "Board.next: assigning Board at Board would link it below itself; the tree was left as it was"
        )
        #expect(second.scopePath == "Board.next", "the refused link changed nothing")
    }

    /// A scope whose only child was dismissed still stands above it, on the dismissed child's path:
    /// linking it below that child is refused, though it has no child now.
    @Test func aFormerParentLinkedBelowItsDismissedChildIsRefused() throws {
        let root = Board()
        let former = Board()
        let dismissed = Board()
        root.send(.link(former))
        former.send(.link(dismissed))
        former.send(.link(nil))
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })

        // Assigned directly: an event sent to the dismissed scope would not reach its update.
        dismissed.next = former

        let report = try #require(errors.reports.first)
        #expect(
            "\(report)"
                == "Board.next.next.next: assigning Board at Board.next would link it below itself; the tree was left as it was"
        )
        #expect(former.scopePath == "Board.next", "the refused link changed nothing")
    }
}
