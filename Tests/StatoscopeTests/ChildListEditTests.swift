import Foundation
import Observation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A non-final list screen: its subclass inherits the list.
@MainActor
class BaseListScreen: Scope {
    @Subscope var rows: [ListedRow] = []
    enum When: Sendable { case run(@MainActor @Sendable (BaseListScreen) throws -> Void) }
    func update(_ when: When) throws {
        switch when {
        case .run(let body): try body(self)
        }
    }
}

/// A subclass of the list screen, which declares no list of its own.
@MainActor
final class SubListScreen: BaseListScreen {}

/// An observable parent of a list.
@MainActor
@Observable
final class ObservableListScreen: Scope {
    @ObservationIgnored @Subscope var rows: [ListedRow] = []
    var title = ""
    enum When: Sendable { case run(@MainActor @Sendable (ObservableListScreen) throws -> Void) }
    func update(_ when: When) throws {
        switch when {
        case .run(let body): try body(self)
        }
    }
}

/// What an update throws after changing its lists.
struct ListUpdateFailed: Error {}

/// Every in-place change of a `@Subscope` list, inside an update and outside any, a row listed twice,
/// an update that throws, a list declared in a base class and an observable parent's list: each keeps
/// the rows' paths, work and lifetimes right, as Guarantees.md and ScopeTrees.md promise.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ChildListEditTests: RowListProbing {
    let gate = Gate()

    /// Every in-place change of `Array`, inside an update and outside any, keeps every row's path
    /// right, keeps the work of rows that stay and ends the work of rows that leave.
    @Test func everyInPlaceChangeKeepsPathsWorkAndLifetimesRight() async {
        let list = ListScreen()
        var made = 0
        func fresh(_ count: Int) -> [ListedRow] {
            defer { made += count }
            return (0..<count).map { ListedRow("n\(made + $0)", gate: gate) }
        }
        let start = fresh(300)
        list.send(.run { $0.rows = start })
        for row in start where Int(row.name.dropFirst())! % 10 == 0 { row.send(.park) }
        var everLinked = start

        typealias Change = @MainActor @Sendable (inout [ListedRow], [ListedRow]) -> Void
        let changes: [(String, Int, Change)] = [
            ("append", 1, { $0.append($1[0]) }),
            ("insert at 0", 1, { $0.insert($1[0], at: 0) }),
            ("insert in the middle", 1, { $0.insert($1[0], at: 150) }),
            ("remove(at: 3)", 0, { rows, _ in rows.remove(at: 3) }),
            ("removeFirst", 0, { rows, _ in rows.removeFirst() }),
            ("removeLast", 0, { rows, _ in rows.removeLast() }),
            ("sort by name", 0, { rows, _ in rows.sort { $0.name < $1.name } }),
            ("removeAll(where:)", 0, { rows, _ in rows.removeAll { Int($0.name.dropFirst())! % 7 == 0 } }),
            ("swapAt", 0, { rows, _ in rows.swapAt(0, rows.count - 1) }),
            ("replace one", 1, { $0[5] = $1[0] }),
            ("reverse", 0, { rows, _ in rows.reverse() }),
            ("+=", 3, { $0 += $1 }),
            ("replaceSubrange", 4, { $0.replaceSubrange(10..<20, with: $1) }),
            (
                "shuffle", 0,
                { rows, _ in
                    var random = SplitMix64(state: 7)
                    rows.shuffle(using: &random)
                }
            ),
            ("move one across", 0, { rows, _ in rows.insert(rows.remove(at: 2), at: rows.count - 3) }),
            ("removeSubrange", 0, { rows, _ in rows.removeSubrange(0..<5) }),
            ("insert contentsOf", 5, { $0.insert(contentsOf: $1, at: 7) }),
            ("assign a new array", 2, { $0 = Array($0.dropFirst(3)) + $1 }),
        ]
        for (inside, (name, count, change)) in (changes.map { (true, $0) } + changes.map { (false, $0) }) {
            let parkedBefore = Set(
                list.rows.filter { !$0.effectsState.effects.isEmpty }.map(ObjectIdentifier.init))
            let pathsBefore = Dictionary(
                list.rows.map { (ObjectIdentifier($0), $0.scopePath) }, uniquingKeysWith: { a, _ in a })
            let new = fresh(count)
            if inside {
                list.send(.run { change(&$0.rows, new) })
            } else {
                change(&list.rows, new)
            }
            let label = "\(name) \(inside ? "inside an update" : "outside any update")"
            everLinked += list.rows.filter { row in !everLinked.contains { $0 === row } }
            expectPaths(list.rows, "ListScreen.rows", "\(label)")
            let now = Set(list.rows.map(ObjectIdentifier.init))
            for row in everLinked where parkedBefore.contains(ObjectIdentifier(row)) {
                if now.contains(ObjectIdentifier(row)) {
                    #expect(row.effectsState.effects.count == 1, "\(label): a row that stays keeps its work")
                } else {
                    #expect(
                        row.effectsState.effects.isEmpty,
                        "\(label): a removed row's work ends in the same send")
                }
            }
            for row in everLinked where !now.contains(ObjectIdentifier(row)) {
                if let before = pathsBefore[ObjectIdentifier(row)] {
                    #expect(row.scopePath == before, "\(label): a removed row keeps the name it had")
                }
            }
        }
        let now = Set(list.rows.map(ObjectIdentifier.init))
        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })
        let gone = everLinked.filter { !now.contains(ObjectIdentifier($0)) }
        #expect(gone.allSatisfy { !isLive($0) }, "every removed row is dismissed")
        #expect(list.rows.allSatisfy { isLive($0) }, "every row in the list is in the app")
        #expect(errors.reports.count == gone.count)
        await gate.open()
    }

    @Test func thousandsOfRowsSortedReversedAndFilteredInPlaceKeepTheirPaths() {
        let list = ListScreen()
        let all = rows(3_000)
        list.rows = all
        #expect(all[2_999].scopePath == "ListScreen.rows[2999]")
        list.send(.run { $0.rows.sort { $0.name < $1.name } })  // "r0", "r1", "r10", ...
        expectPaths(list.rows, "ListScreen.rows", "after sorting by name")
        list.send(.run { $0.rows.reverse() })
        expectPaths(list.rows, "ListScreen.rows", "after reversing")
        list.send(.run { $0.rows.removeAll { Int($0.name.dropFirst())! % 2 == 0 } })
        expectPaths(list.rows, "ListScreen.rows", "after removing every even row")
        #expect(list.rows.count == 1_500)
        #expect(!isLive(all[0]) && isLive(all[1]))
    }

    /// Assigning through a row (`rows[i].label`, `rows[i].rows.append`) is reading the list.
    @Test func changingARowThroughTheListsSubscriptRelinksNothing() async {
        let list = ListScreen()
        let all = rows(20)
        list.rows = all
        all[3].send(.park)
        list.rows[3].label = "changed"
        list.send(.run { $0.rows[3].label = "again" })
        let child = ListedRow("child", gate: gate)
        list.rows[3].rows.append(child)
        let grandchild = ListedRow("grandchild", gate: gate)
        list.send(.run { $0.rows[3].rows[0].note = grandchild })
        #expect(all[3].effectsState.effects.count == 1)
        #expect(child.scopePath == "ListScreen.rows[3].rows[0]")
        #expect(grandchild.scopePath == "ListScreen.rows[3].rows[0].note")
        list.send(.run { $0.rows.insert(ListedRow("top", gate: gate), at: 0) })
        #expect(grandchild.scopePath == "ListScreen.rows[4].rows[0].note")
        #expect(isLive(child) && isLive(grandchild))
        expectPaths(list.rows, "ListScreen.rows")
        await gate.open()
    }

    // MARK: Duplicates

    // A row listed twice (`rows = [a, b, a]`) stays when one of its two places is removed: it keeps
    // its work, is served and is named by the place it still has.
    @Test func aRowListedTwiceIsKeptWhenOneOfItsPlacesIsRemovedInAnUpdate() async {
        let list = ListScreen()
        let (a, b) = (ListedRow("a", gate: gate), ListedRow("b", gate: gate))
        list.send(.run { $0.rows = [a, b, a] })
        #expect(["ListScreen.rows[0]", "ListScreen.rows[2]"].contains(a.scopePath))
        #expect(b.scopePath == "ListScreen.rows[1]")
        a.send(.park)

        list.send(.run { $0.rows.remove(at: 0) })  // [b, a]
        #expect(
            a.effectsState.effects.count == 1, "a is still listed: removing its other place is not dismissal")
        #expect(a.scopePath == "ListScreen.rows[1]")
        #expect(b.scopePath == "ListScreen.rows[0]")
        #expect(isLive(a))

        list.send(.run { $0.rows.remove(at: 1) })  // [b]
        #expect(a.effectsState.effects.isEmpty, "its last place removed, a is dismissed")
        #expect(!isLive(a))
        await gate.open()
    }

    // The same outside any update.
    @Test func aRowListedTwiceIsKeptWhenOneOfItsPlacesIsRemovedOutsideAnUpdate() async {
        let list = ListScreen()
        let (a, b) = (ListedRow("a", gate: gate), ListedRow("b", gate: gate))
        list.rows = [a, a]
        a.send(.park)
        list.rows = [a]
        #expect(a.effectsState.effects.count == 1)
        #expect(isLive(a))
        #expect(a.scopePath == "ListScreen.rows[0]")

        let c = ListedRow("c", gate: gate)
        list.rows = [b, c, c]
        c.send(.park)
        list.rows.removeLast()
        #expect(c.effectsState.effects.count == 1)
        #expect(isLive(c))
        #expect(c.scopePath == "ListScreen.rows[1]")
        await gate.open()
    }

    /// Duplicating a row by replacing another (`rows[2] = rows[0]`) dismisses only the replaced one.
    @Test func aRowDuplicatedOverAnotherDismissesOnlyTheReplacedRow() async {
        let list = ListScreen()
        let (a, b, c) = (ListedRow("a", gate: gate), ListedRow("b", gate: gate), ListedRow("c", gate: gate))
        list.send(.run { $0.rows = [a, b, c] })
        c.send(.park)
        a.send(.park)
        list.send(.run { $0.rows[2] = $0.rows[0] })
        #expect(c.effectsState.effects.isEmpty && !isLive(c))
        #expect(a.effectsState.effects.count == 1 && isLive(a))
        #expect(b.scopePath == "ListScreen.rows[1]")
        await gate.open()
    }

    // MARK: Outside any update, and in an update that throws

    @Test func changesFromOutsideAnyUpdateTakeEffectAtOnce() async {
        let list = ListScreen()
        let all = rows(8)
        list.rows = all
        all[4].send(.park)
        all[5].send(.park)
        list.rows.remove(at: 4)
        #expect(all[4].effectsState.effects.isEmpty, "at once outside any update")
        #expect(all[5].scopePath == "ListScreen.rows[4]")
        list.rows.insert(all[4], at: 0)
        #expect(all[4].scopePath == "ListScreen.rows[0]")
        #expect(isLive(all[4]))
        #expect(all[5].effectsState.effects.count == 1)
        expectPaths(list.rows, "ListScreen.rows")
        await gate.open()
    }

    /// The docs do not say whether a throwing update's changes stay; whichever it is, a row is in the
    /// app exactly while it is listed, and paths are right.
    @Test func changesInsideAnUpdateThatThrowsLeaveTheTreeAndTheListsAgreeing() async {
        let list = ListScreen()
        let all = rows(6)
        list.rows = all
        for row in all { row.send(.park) }
        let added = ListedRow("added", gate: gate)
        list.send(
            .run {
                $0.rows.remove(at: 1)
                $0.rows.append(added)
                throw ListUpdateFailed()
            })
        list.send(
            .run {
                $0.slot = $0.rows.remove(at: 0)
                throw ListUpdateFailed()
            })
        for row in all + [added] {
            let listed = list.rows.contains { $0 === row } || list.slot === row
            #expect(isLive(row) == listed, "\(row.name) listed: \(listed)")
            if row !== added {
                #expect(row.effectsState.effects.count == (listed ? 1 : 0), "\(row.name)")
            }
        }
        expectPaths(list.rows, "ListScreen.rows")
        if let slot = list.slot { #expect(slot.scopePath == "ListScreen.slot") }
        await gate.open()
    }

    // MARK: Class hierarchies and observation

    @Test func aListDeclaredInTheBaseClassNamesTheSubclassAndFollowsChanges() async {
        let sub = SubListScreen()
        let base: BaseListScreen = sub
        let all = rows(10)
        base.send(.run { $0.rows = all })
        all[5].send(.park)
        base.send(.run { $0.rows.insert(ListedRow("top", gate: gate), at: 0) })
        #expect(all[5].scopePath == "SubListScreen.rows[6]")
        sub.rows.remove(at: 6)
        #expect(all[5].effectsState.effects.isEmpty)
        #expect(!isLive(all[5]))
        expectPaths(sub.rows, "SubListScreen.rows")
        await gate.open()
    }

    @Test func anObservableParentsListNotifiesOncePerChange() {
        let parent = ObservableListScreen()
        let all = rows(10)
        let changes: [(String, @MainActor @Sendable (ObservableListScreen) -> Void)] = [
            ("assign", { $0.rows = all }),
            ("append", { $0.rows.append(ListedRow("x", gate: gate)) }),
            ("remove(at:)", { $0.rows.remove(at: 3) }),
            ("swapAt", { $0.rows.swapAt(0, 1) }),
            ("subscript", { $0.rows[2] = ListedRow("y", gate: gate) }),
            ("sort", { $0.rows.sort { $0.name > $1.name } }),
            ("removeAll(where:)", { $0.rows.removeAll { $0.name.hasSuffix("1") } }),
        ]
        for (inside, (name, change)) in (changes.map { (true, $0) } + changes.map { (false, $0) }) {
            let notifications = NotificationCount()
            withObservationTracking {
                _ = parent.rows
            } onChange: {
                MainActor.assumeIsolated { notifications.value += 1 }
            }
            let titleNotifications = NotificationCount()
            withObservationTracking {
                _ = parent.title
            } onChange: {
                MainActor.assumeIsolated { titleNotifications.value += 1 }
            }
            if inside { parent.send(.run(change)) } else { change(parent) }
            let label = "\(name) \(inside ? "inside an update" : "outside any update")"
            #expect(notifications.value == 1, "\(label)")
            #expect(titleNotifications.value == 0, "\(label)")
            expectPaths(parent.rows, "ObservableListScreen.rows", "\(label)")
        }
    }
}
