import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A scope is never linked below itself: a cycle closed through a row or an optional child, at the
/// bottom of a deep chain, in several steps of one update, or through a dismissed former ancestor, is
/// refused and leaves the tree as it was.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ChildListCycleTests: RowListProbing {
    let gate = Gate()

    @Test func aScopeAssignedBelowItselfThroughARowOrAnOptionalIsRefusedAndLeavesItsPlaceAlone() async throws
    {
        let list = ListScreen()
        let a = ListedRow("a", gate: gate)
        let b = ListedRow("b", gate: gate)
        a.rows = [b]
        list.rows = [a]
        a.send(.park)
        b.send(.park)
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })

        b.rows.append(a)  // a is b's parent
        b.send(.run { $0.note = a })
        a.rows.append(a)  // itself
        #expect(errors.reports.count == 3)
        let first = try #require(errors.reports.first?.error as? ScopeCycleRefused)
        #expect(first.property.contains("rows"))
        #expect(first.parentPath == "ListScreen.rows[0].rows[0]")
        #expect(first.childPath == "ListScreen.rows[0]")
        #expect(a.scopePath == "ListScreen.rows[0]" && b.scopePath == "ListScreen.rows[0].rows[0]")

        // Taking the refused assignment back must not unlink a from where it is.
        b.rows.removeAll()
        b.send(.run { $0.note = nil })
        a.rows.removeLast()
        #expect(a.scopePath == "ListScreen.rows[0]")
        #expect(a.effectsState.effects.count == 1, "a was never moved: its work goes on")
        #expect(b.effectsState.effects.count == 1)
        #expect(isLive(a) && isLive(b))
        await gate.open()
    }

    @Test func aCycleClosedAtTheBottomOfAThousandDeepChainIsRefused() {
        let list = ListScreen()
        let chain = rows(1_000, "c")
        for (upper, lower) in zip(chain, chain.dropFirst()) { upper.rows = [lower] }
        list.rows = [chain[0]]
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })
        chain[999].rows.append(chain[0])
        chain[999].send(.run { $0.note = chain[500] })
        chain[999].rows.insert(chain[999], at: 0)
        #expect(errors.reports.count == 3)
        let expected = "ListScreen.rows[0]" + String(repeating: ".rows[0]", count: 999)
        #expect(chain[999].scopePath == expected)
        #expect(chain[0].scopePath == "ListScreen.rows[0]")
        #expect(isLive(chain[999]) && isLive(chain[0]))
    }

    // A row revived in another list is not dismissed again with its old, dismissed parent when that
    // parent is revived and dismissed again: it lives where it was linked last.
    @Test func aRowRevivedElsewhereIsNotDismissedWithItsOldParent() async {
        let root = ListScreen()
        let other = ListScreen()
        let a = ListedRow("a", gate: gate)
        let b = ListedRow("b", gate: gate)
        root.rows = [a]
        a.rows = [b]
        root.rows = []
        other.next = ListScreen()
        other.next!.rows = [b]
        b.send(.park)
        #expect(b.scopePath == "ListScreen.next.rows[0]" && isLive(b))
        root.rows = [a]
        #expect(b.scopePath == "ListScreen.next.rows[0]", "b is listed in other.next, and was taken out of a")
        root.rows = []
        #expect(b.effectsState.effects.count == 1, "b is still in other.next's list")
        #expect(isLive(b))
        await gate.open()
    }

    @Test func cyclesClosedInSeveralStepsOfOneUpdateAreRefused() {
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })
        let root = ListScreen()
        let (a, b, c) = (ListedRow("a", gate: gate), ListedRow("b", gate: gate), ListedRow("c", gate: gate))
        root.rows = [a, b, c]
        root.send(
            .run { _ in
                a.rows = [b]
                b.rows = [c]
                c.rows = [a]
            })
        #expect(errors.reports.count == 1)
        #expect(a.scopePath == "ListScreen.rows[0]")
        #expect(c.scopePath == "ListScreen.rows[0].rows[0].rows[0]")
        let (d, e) = (ListedRow("d", gate: gate), ListedRow("e", gate: gate))
        root.rows = [d, e]
        root.send(
            .run { _ in
                d.note = e
                e.note = d
            })
        #expect(errors.reports.count == 2)
        #expect(e.scopePath == "ListScreen.rows[0].note")
        // Detached from the root first, then closed.
        let (f, g) = (ListedRow("f", gate: gate), ListedRow("g", gate: gate))
        root.rows = [f]
        f.rows = [g]
        root.send(
            .run {
                $0.rows.removeAll()
                g.rows.append(f)
            })
        #expect(errors.reports.count == 3)
        #expect(!isLive(f) && !isLive(g), "removed from the root: dismissed")
        #expect(root.subtreeDescription.split(separator: "\n").count < 100)
    }

    @Test func aDismissedFormerAncestorAssignedBelowItsOldChildIsRefused() throws {
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })
        let root = ListScreen()
        let (a, b) = (ListedRow("a", gate: gate), ListedRow("b", gate: gate))
        root.rows = [a]
        a.rows = [b]
        root.rows = []
        b.rows.append(a)
        let refusal = try #require(errors.reports.first?.error as? ScopeCycleRefused)
        #expect(refusal.childPath == "ListScreen.rows[0]")
        root.rows = [a]
        #expect(a.scopePath == "ListScreen.rows[0]" && b.scopePath == "ListScreen.rows[0].rows[0]")
        #expect(isLive(a) && isLive(b))
    }

    // Linking a former parent below its old child, whose dismissed list still holds that child,
    // returns: the child was linked elsewhere since, so no cycle forms. Run in a child process that an
    // alarm stops after 60 seconds, so that a hang fails the test instead of the run (the work takes
    // milliseconds; the bound leaves room for a sanitizer on a busy machine).
    @Test func revivingAFormerParentBelowItsOldChildDoesNotHang() async {
        await #expect(processExitsWith: .success) {
            alarm(60)
            await MainActor.run {
                let root = ListScreen()
                let gate = Gate()
                let (a, b) = (ListedRow("a", gate: gate), ListedRow("b", gate: gate))
                root.rows = [a]
                a.rows = [b]
                root.rows = []
                root.rows = [b]
                b.note = a  // hangs
                precondition(b.scopePath == "ListScreen.rows[0]")
                _ = a.scopePath
                _ = root.subtreeDescription
            }
        }
    }
}
