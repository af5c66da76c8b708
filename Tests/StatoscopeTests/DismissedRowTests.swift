import Statoscope
import StatoscopeTestSupport
import Testing

/// Rows removed from a list are dismissed, and revived with their rows when listed again; dismissed
/// scopes still held stay refused, and leave no refusal for the scopes made at their addresses once
/// released.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct DismissedRowTests: RowListProbing {
    let gate = Gate()

    @Test func aRowRemovedAndAddedAgainInTheNextUpdateIsDismissedThenRevivedWithItsRows() async throws {
        let list = ListScreen()
        let all = rows(5)
        let child = ListedRow("child", gate: gate)
        all[2].rows = [child]
        list.rows = all
        all[2].send(.park)
        child.send(.park)
        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })

        list.send(.run { $0.rows.remove(at: 2) })
        #expect(all[2].effectsState.effects.isEmpty && child.effectsState.effects.isEmpty)
        all[2].send(.ping)
        child.send(.ping)
        #expect(
            errors.reports.map { "\($0)" } == [
                "ListScreen.rows[2]: ListedRow was dismissed; ping was not delivered",
                "ListScreen.rows[2].rows[0]: ListedRow was dismissed; ping was not delivered",
            ])
        #expect(throws: EventToDismissedScope.self) { try child.sendThrowing(.ping) }

        list.send(.run { $0.rows.insert(all[2], at: 0) })
        #expect(all[2].scopePath == "ListScreen.rows[0]")
        #expect(child.scopePath == "ListScreen.rows[0].rows[0]")
        #expect(
            isLive(all[2]) && isLive(child), "assigning the same object again brings it back, with its rows")
        child.send(.park)
        #expect(child.effectsState.effects.count == 1)

        // And dismissed again.
        list.send(.run { $0.rows.removeFirst() })
        #expect(child.effectsState.effects.isEmpty)
        #expect(!isLive(all[2]) && !isLive(child))
        expectPaths(list.rows, "ListScreen.rows")
        await gate.open()
    }

    // A child replaced below a dismissed scope (`parent.note = added` while `parent` is dismissed)
    // stays dismissed when `parent` is revived: nothing links it any more.
    @Test func aRowTakenOutOfADismissedRowStaysDismissedWhenItsOldParentIsRevived() {
        let list = ListScreen()
        let parent = ListedRow("parent", gate: gate)
        let taken = ListedRow("taken", gate: gate)
        let added = ListedRow("added", gate: gate)
        parent.note = taken
        list.rows = [parent]
        list.rows = []  // parent and taken dismissed
        parent.note = added  // changed while dismissed: taken is no longer below it
        list.rows = [parent]  // revived
        #expect(isLive(parent))
        #expect(isLive(added), "a child linked below a dismissed scope comes back with it")
        #expect(added.scopePath == "ListScreen.rows[0].note")
        #expect(!isLive(taken), "a child taken out of a dismissed scope is not revived with it")
        taken.send(.park)
        #expect(taken.effectsState.effects.isEmpty, "a scope not in the app starts no work")
        taken.effectsState.cancelAllEffects()
    }

    // MARK: Dismissed scopes still held

    @Test func manyHeldSomeRevivedSomeReleasedAndNewScopesAreServedRight() {
        let list = ListScreen()
        var held: [ListedRow?] = rows(2_000)
        list.rows = held.map { $0! }
        let notes = rows(2_000, "note")
        for (row, note) in zip(held, notes) { row!.note = note }
        list.send(.run { $0.rows = [] })
        // Release every other one; the notes of released rows stay held.
        for index in stride(from: 0, to: 2_000, by: 2) { held[index] = nil }
        // New scopes, some of them at the released ones' addresses, as roots and as rows.
        let freshRoots = rows(1_000, "root")
        let freshRows = rows(1_000, "fresh")
        let other = ListScreen()
        other.rows = freshRows
        #expect(freshRoots.allSatisfy { isLive($0) }, "a new root is served")
        #expect(freshRows.allSatisfy { isLive($0) }, "a new row is served")
        // Revive a few held ones.
        let revived = stride(from: 1, to: 2_000, by: 100).map { held[$0]! }
        list.send(.run { $0.rows = revived })
        #expect(revived.allSatisfy { isLive($0) && isLive($0.note!) })
        expectPaths(list.rows, "ListScreen.rows")
        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })
        let stillHeld = held.compactMap { $0 }.filter { row in !revived.contains { $0 === row } }
        #expect(stillHeld.allSatisfy { !isLive($0) })
        let releasedNotes = stride(from: 0, to: 2_000, by: 2).map { notes[$0] }
        #expect(
            releasedNotes.allSatisfy { !isLive($0) }, "the child of a released dismissed row stays refused")
        #expect(errors.reports.count == stillHeld.count + releasedNotes.count)
    }

    @Test func aDismissedScopeReleasedLeavesNoRefusalForTheNextScopeAtItsAddress() {
        let list = ListScreen()
        var refused = 0
        for pass in 0..<500 {
            do {
                let row = ListedRow("gone\(pass)", gate: gate)
                let note = ListedRow("goneNote\(pass)", gate: gate)
                row.note = note
                list.rows = [row]
                list.rows = []
            }
            let root = ListedRow("new\(pass)", gate: gate)
            let fresh = ListScreen()
            if !isLive(root) { refused += 1 }
            fresh.send(.ping)
            if fresh.pings != 1 { refused += 1 }
        }
        #expect(refused == 0)
    }

    /// A list is compared with the rows it last linked as raw memory: a new row at the address of a
    /// row released in the same update (or just before, outside any update) is still a new row.
    @Test func aNewRowAtTheAddressOfARowRemovedInTheSameUpdateIsLinked() {
        var reused = 0
        var wrong: [String] = []
        let list = ListScreen()
        for pass in 0..<300 {
            list.rows = [ListedRow("x\(pass)", gate: gate)]
            let oldID = ObjectIdentifier(list.rows[0])
            let gate = gate
            if pass % 2 == 0 {
                list.send(
                    .run { list in
                        list.rows.removeAll()
                        list.rows.append(ListedRow("y\(pass)", gate: gate))
                    })
            } else {
                list.rows.removeAll()
                list.rows.append(ListedRow("y\(pass)", gate: gate))
            }
            let y = list.rows[0]
            if ObjectIdentifier(y) == oldID { reused += 1 }
            if y.scopePath != "ListScreen.rows[0]" || !isLive(y) { wrong.append("\(pass): \(y.scopePath)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(reused >= 0, "addresses reused: \(reused)")
    }

    /// The same row in two lists of one parent is in the app until both are cleared.
    @Test func aRowInTwoListsOfOneParentStaysUntilBothLetItGo() async {
        let list = ListScreen()
        let a = ListedRow("a", gate: gate)
        list.rows = [a]
        list.other = [a]
        a.send(.park)
        list.rows = []
        #expect(a.effectsState.effects.count == 1 && isLive(a))
        #expect(a.scopePath == "ListScreen.other[0]")
        list.other = []
        #expect(a.effectsState.effects.isEmpty && !isLive(a))
        await gate.open()
    }

    /// "Every event sent to one of them, or to a scope below one, is refused": a child linked below a
    /// dismissed scope after its dismissal is below one.
    @Test func aChildLinkedBelowAHeldDismissedScopeIsRefused() {
        let list = ListScreen()
        let row = ListedRow("row", gate: gate)
        list.rows = [row]
        list.send(.run { $0.rows = [] })
        let lateNote = ListedRow("lateNote", gate: gate)
        let lateRow = ListedRow("lateRow", gate: gate)
        row.note = lateNote
        row.send(.run { $0.rows = [lateRow] })  // refused, so it does not run
        row.rows = [lateRow]
        #expect(!isLive(row))
        #expect(!isLive(lateNote), "below a dismissed scope")
        #expect(!isLive(lateRow), "below a dismissed scope")
    }

    @Test func eventsQueuedForRowsTheSameUpdateDismissesAreRefusedAndForMovedRowsDelivered() {
        let list = ListScreen()
        let all = rows(4)
        let child = ListedRow("child", gate: gate)
        all[0].rows = [child]
        list.rows = all
        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })
        list.send(
            .run { list in
                list.rows[0].send(.ping)
                list.rows[0].rows[0].send(.ping)
                list.rows[1].send(.ping)
                list.rows[3].send(.ping)
                list.rows.remove(at: 0)  // dismissed, with its child
                list.rows.append(list.rows.remove(at: 0))  // moved
            })
        #expect(all[0].pings == 0 && child.pings == 0)
        #expect(all[1].pings == 1 && all[3].pings == 1)
        #expect(
            errors.reports.map { "\($0)" } == [
                "ListScreen.rows[0]: ListedRow was dismissed; ping was not delivered",
                "ListScreen.rows[0].rows[0]: ListedRow was dismissed; ping was not delivered",
            ])
    }
}
