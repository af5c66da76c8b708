import Statoscope
import StatoscopeTestSupport
import Testing

/// A row moved within one update, between two lists of a parent, to another parent or an optional
/// child, up from or down into a list inside a list, keeps its work; rows inside a row follow its
/// index and leave with it.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ChildListMoveTests: RowListProbing {
    let gate = Gate()

    @Test func aRowMovedBetweenTwoListsOfOneParentInOneUpdateKeepsItsWork() async {
        let list = ListScreen()
        let all = rows(6)
        list.rows = all
        all[1].send(.park)
        all[2].send(.park)

        // Removed first, then appended.
        list.send(.run { $0.other.append($0.rows.remove(at: 1)) })
        // Appended first, then removed.
        list.send(
            .run {
                $0.other.insert($0.rows[1], at: 0)
                $0.rows.remove(at: 1)
            })
        #expect(all[1].effectsState.effects.count == 1 && all[2].effectsState.effects.count == 1)
        #expect(all[2].scopePath == "ListScreen.other[0]")
        #expect(all[1].scopePath == "ListScreen.other[1]")
        expectPaths(list.rows, "ListScreen.rows")
        #expect(isLive(all[1]) && isLive(all[2]))

        // It is not listed in `rows` any more: clearing `rows` leaves it alone.
        list.send(.run { $0.rows = [] })
        #expect(all[1].effectsState.effects.count == 1 && all[2].effectsState.effects.count == 1)
        #expect(isLive(all[1]) && isLive(all[2]))
        list.send(.run { $0.other = [] })
        #expect(all[1].effectsState.effects.isEmpty && !isLive(all[1]))
        await gate.open()
    }

    @Test func aRowMovedToAnotherParentOrToAnOptionalChildInOneUpdateKeepsItsWork() async {
        let root = ListScreen()
        let inner = ListScreen()
        root.next = inner
        let all = rows(5)
        root.rows = all
        for row in all { row.send(.park) }

        root.send(.run { $0.next!.rows.append($0.rows.remove(at: 1)) })
        #expect(all[1].scopePath == "ListScreen.next.rows[0]")
        root.send(.run { $0.slot = $0.rows.remove(at: 0) })
        #expect(all[0].scopePath == "ListScreen.slot")
        // Moved from the nested screen's list back up to the top of the root's list.
        root.send(.run { $0.rows.insert($0.next!.rows.removeFirst(), at: 0) })
        #expect(all[1].scopePath == "ListScreen.rows[0]")
        // Into a row's own list, from the same list.
        root.send(.run { $0.rows[0].rows.append($0.rows.remove(at: 1)) })  // all[2] below all[1]
        #expect(all[2].scopePath == "ListScreen.rows[0].rows[0]")
        #expect(all.allSatisfy { $0.effectsState.effects.count == 1 }, "moving is not dismissal")
        #expect(all.allSatisfy { isLive($0) })
        expectPaths(root.rows, "ListScreen.rows")
        await gate.open()
    }

    /// Keeping a row while throwing away the list it was in, the natural way: put it somewhere else,
    /// and replace the list (or its old parent) in the same update.
    @Test func aRowKeptElsewhereWhileItsOldListOrParentIsThrownAwayKeepsItsWork() async {
        let root = ListScreen()
        let parent = ListedRow("parent", gate: gate)
        let keeper = ListedRow("keeper", gate: gate)
        let kept = ListedRow("kept", gate: gate)
        parent.rows = [keeper]
        root.rows = [parent, kept]
        keeper.send(.park)
        kept.send(.park)

        root.send(
            .run {
                $0.slot = $0.rows[1]
                $0.rows = []
            })
        #expect(kept.scopePath == "ListScreen.slot")
        #expect(kept.effectsState.effects.count == 1)
        #expect(isLive(kept))

        // Taken out of its parent's list, and the parent thrown away, in one update: kept (holds).
        let taken = ListedRow("taken", gate: gate)
        let oldParent = ListedRow("oldParent", gate: gate)
        oldParent.rows = [taken]
        root.rows = [oldParent]
        taken.send(.park)
        root.send(
            .run {
                $0.other.append(oldParent.rows.removeFirst())
                $0.rows = []
            })
        #expect(
            taken.scopePath == "ListScreen.other[0]" && taken.effectsState.effects.count == 1 && isLive(taken)
        )

        // Listed in `other` while still in its parent's list, the parent thrown away after. The
        // first step dismissed `parent` and `keeper` with it, which ended `keeper`'s work: linked
        // again, it starts new work.
        root.rows = [parent]
        keeper.send(.park)
        root.send(
            .run {
                $0.other.append(parent.rows[0])
                $0.rows = []
            })
        #expect(!isLive(parent))
        #expect(keeper.scopePath == "ListScreen.other[1]")
        #expect(keeper.effectsState.effects.count == 1, "moved to another parent in one update")
        #expect(isLive(keeper))
        await gate.open()
    }

    // MARK: Lists inside lists

    @Test func nestedRowsFollowTheirParentsIndexAndLeaveWithIt() async throws {
        let list = ListScreen()
        let outer = rows(10, "o")
        let inner = rows(4, "i")
        outer[2].rows = inner
        list.rows = outer
        #expect(inner[1].scopePath == "ListScreen.rows[2].rows[1]")
        inner[1].send(.park)

        list.send(.run { $0.rows.insert(ListedRow("top", gate: gate), at: 0) })
        #expect(inner[1].scopePath == "ListScreen.rows[3].rows[1]")
        outer[2].send(.run { $0.rows.swapAt(0, 1) })
        #expect(inner[1].scopePath == "ListScreen.rows[3].rows[0]")
        #expect(inner[0].scopePath == "ListScreen.rows[3].rows[1]")

        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })
        list.send(.run { $0.rows.remove(at: 3) })
        #expect(inner[1].effectsState.effects.isEmpty, "a removed row's rows' work ends in the same send")
        inner[1].send(.ping)
        #expect(inner[1].pings == 0)
        let report = try #require(errors.reports.first)
        #expect("\(report)" == "ListScreen.rows[3].rows[0]: ListedRow was dismissed; ping was not delivered")
        #expect(outer[2].scopePath == "ListScreen.rows[3]", "a removed row keeps the name it had")

        // Later changes to the list do not rename what was dismissed.
        list.send(.run { $0.rows.insert(contentsOf: rows(5, "x"), at: 0) })
        #expect(outer[2].scopePath == "ListScreen.rows[3]")
        #expect(inner[1].scopePath == "ListScreen.rows[3].rows[0]")
        await gate.open()
    }

    // A dismissed scope keeps the path it had: rows dismissed with their parent keep their names when
    // the dismissed parent's own list changes afterwards (a view still holding it inserts a row).
    @Test func aDismissedRowsRowsKeepTheirPathsWhenItsListChangesAfterwards() {
        let list = ListScreen()
        let outer = rows(5, "o")
        let inner = rows(3, "i")
        outer[3].rows = inner
        list.rows = outer
        list.rows.remove(at: 3)
        outer[3].rows.insert(ListedRow("late", gate: gate), at: 0)
        outer[3].rows.removeLast()
        #expect(inner[1].scopePath == "ListScreen.rows[3].rows[1]")
        #expect(inner[0].scopePath == "ListScreen.rows[3].rows[0]")
        #expect(!isLive(inner[1]))
    }

    @Test func aGrandchildMovedUpAndARowMovedDownInOneUpdateKeepTheirWork() async {
        let list = ListScreen()
        let outer = rows(3, "o")
        let inner = rows(3, "i")
        outer[0].rows = inner
        list.rows = outer
        inner[2].send(.park)
        outer[2].send(.park)
        list.send(
            .run { list in
                list.rows.append(list.rows[0].rows.removeLast())  // i2 up
                list.rows[0].rows.insert(list.rows.remove(at: 2), at: 0)  // o2 down
            })
        #expect(inner[2].scopePath == "ListScreen.rows[2]")
        #expect(outer[2].scopePath == "ListScreen.rows[0].rows[0]")
        #expect(inner[0].scopePath == "ListScreen.rows[0].rows[1]")
        #expect(inner[2].effectsState.effects.count == 1 && outer[2].effectsState.effects.count == 1)
        #expect(isLive(inner[2]) && isLive(outer[2]))
        await gate.open()
    }
}
