import Foundation
import Observation
import Statoscope
import StatoscopeTestSupport
import Testing

// Adversarial tests of the promises of Guarantees.md and ScopeTrees.md about `@Subscope` lists,
// dismissed scopes still held, refused cycles and the paths of rows, each written to break one.

/// A row that may hold rows of its own and an optional child; runs any code in an update.
@MainActor
final class LARow: Scope {
    let name: String
    let gate: Gate
    var pings = 0
    var label = ""
    @Subscope var rows: [LARow] = []
    @Subscope var note: LARow? = nil

    init(_ name: String, gate: Gate) {
        self.name = name
        self.gate = gate
    }

    enum When: Sendable {
        case park
        case parked(Int)
        case ping
        case run(@MainActor @Sendable (LARow) throws -> Void)
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
final class LAList: Scope {
    @Subscope var rows: [LARow] = []
    @Subscope var other: [LARow] = []
    @Subscope var slot: LARow? = nil
    @Subscope var next: LAList? = nil
    var pings = 0

    enum When: Sendable {
        case ping
        case run(@MainActor @Sendable (LAList) throws -> Void)
    }

    func update(_ when: When) throws {
        switch when {
        case .ping: pings += 1
        case .run(let body): try body(self)
        }
    }
}

/// A non-final list screen: its subclass inherits the list.
@MainActor
class LABaseList: Scope {
    @Subscope var rows: [LARow] = []
    enum When: Sendable { case run(@MainActor @Sendable (LABaseList) throws -> Void) }
    func update(_ when: When) throws {
        switch when {
        case .run(let body): try body(self)
        }
    }
}

@MainActor
final class LASubList: LABaseList {}

/// An observable parent of a list.
@MainActor
@Observable
final class LAObservableList: Scope {
    @ObservationIgnored @Subscope var rows: [LARow] = []
    var title = ""
    enum When: Sendable { case run(@MainActor @Sendable (LAObservableList) throws -> Void) }
    func update(_ when: When) throws {
        switch when {
        case .run(let body): try body(self)
        }
    }
}

/// A list root of its own, so that the logging test reads only its own lines.
@MainActor
final class LALogRoot: Scope {
    @Subscope var rows: [LARow] = []
    enum When: Sendable { case run(@MainActor @Sendable (LALogRoot) throws -> Void) }
    func update(_ when: When) throws {
        switch when {
        case .run(let body): try body(self)
        }
    }
}

/// A recordable list: its rows are made by its updates, so a replay builds the same rows.
@MainActor
final class LARecList: Scope {
    var nextID = 0
    @Subscope var rows: [LARecRow] = []

    enum When: Sendable, Codable {
        case add
        case insertTop
        case remove(Int)
        case move(Int, Int)
        case sortDescending
    }

    func update(_ when: When) throws {
        switch when {
        case .add:
            rows.append(LARecRow(id: nextID))
            nextID += 1
        case .insertTop:
            rows.insert(LARecRow(id: nextID), at: 0)
            nextID += 1
        case .remove(let index): rows.remove(at: index)
        case .move(let from, let to): rows.insert(rows.remove(at: from), at: to)
        case .sortDescending: rows.sort { $0.id > $1.id }
        }
    }
}

@MainActor
final class LARecRow: Scope {
    let id: Int
    var taps = 0
    init(id: Int) { self.id = id }
    enum When: Sendable, Codable { case tap }
    func update(_ when: When) throws { taps += 1 }
}

struct LAError: Error {}

/// Counts observation notifications.
@MainActor
final class LACount {
    var value = 0
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ListAttackTests {
    let gate = Gate()

    private func rows(_ count: Int, _ prefix: String = "r") -> [LARow] {
        (0..<count).map { LARow("\(prefix)\($0)", gate: gate) }
    }

    /// Whether an event sent to `row` reaches its update.
    private func isLive(_ row: LARow) -> Bool {
        let before = row.pings
        row.send(.ping)
        return row.pings == before + 1
    }

    private func expectPaths(
        _ rows: [LARow], _ prefix: String, _ comment: Comment? = nil,
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

    // MARK: - 1. Lists cost what changed; paths, work and lifetimes stay right

    /// Every in-place change of `Array`, inside an update and outside any, keeps every row's path
    /// right, keeps the work of rows that stay and ends the work of rows that leave.
    @Test func everyInPlaceChangeKeepsPathsWorkAndLifetimesRight() async {
        let list = LAList()
        var made = 0
        func fresh(_ count: Int) -> [LARow] {
            defer { made += count }
            return (0..<count).map { LARow("n\(made + $0)", gate: gate) }
        }
        let start = fresh(300)
        list.send(.run { $0.rows = start })
        for row in start where Int(row.name.dropFirst())! % 10 == 0 { row.send(.park) }
        var everLinked = start

        typealias Change = @MainActor @Sendable (inout [LARow], [LARow]) -> Void
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
            expectPaths(list.rows, "LAList.rows", "\(label)")
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
        let list = LAList()
        let all = rows(3_000)
        list.rows = all
        #expect(all[2_999].scopePath == "LAList.rows[2999]")
        list.send(.run { $0.rows.sort { $0.name < $1.name } })  // "r0", "r1", "r10", ...
        expectPaths(list.rows, "LAList.rows", "after sorting by name")
        list.send(.run { $0.rows.reverse() })
        expectPaths(list.rows, "LAList.rows", "after reversing")
        list.send(.run { $0.rows.removeAll { Int($0.name.dropFirst())! % 2 == 0 } })
        expectPaths(list.rows, "LAList.rows", "after removing every even row")
        #expect(list.rows.count == 1_500)
        #expect(!isLive(all[0]) && isLive(all[1]))
    }

    /// Assigning through a row (`rows[i].label`, `rows[i].rows.append`) is reading the list.
    @Test func changingARowThroughTheListsSubscriptRelinksNothing() async {
        let list = LAList()
        let all = rows(20)
        list.rows = all
        all[3].send(.park)
        list.rows[3].label = "changed"
        list.send(.run { $0.rows[3].label = "again" })
        let child = LARow("child", gate: gate)
        list.rows[3].rows.append(child)
        let grandchild = LARow("grandchild", gate: gate)
        list.send(.run { $0.rows[3].rows[0].note = grandchild })
        #expect(all[3].effectsState.effects.count == 1)
        #expect(child.scopePath == "LAList.rows[3].rows[0]")
        #expect(grandchild.scopePath == "LAList.rows[3].rows[0].note")
        list.send(.run { $0.rows.insert(LARow("top", gate: gate), at: 0) })
        #expect(grandchild.scopePath == "LAList.rows[4].rows[0].note")
        #expect(isLive(child) && isLive(grandchild))
        expectPaths(list.rows, "LAList.rows")
        await gate.open()
    }

    // MARK: Duplicates

    // A row listed twice (`rows = [a, b, a]`) stays when one of its two places is removed: it keeps
    // its work, is served and is named by the place it still has.
    @Test func aRowListedTwiceIsKeptWhenOneOfItsPlacesIsRemovedInAnUpdate() async {
        let list = LAList()
        let (a, b) = (LARow("a", gate: gate), LARow("b", gate: gate))
        list.send(.run { $0.rows = [a, b, a] })
        #expect(["LAList.rows[0]", "LAList.rows[2]"].contains(a.scopePath))
        #expect(b.scopePath == "LAList.rows[1]")
        a.send(.park)

        list.send(.run { $0.rows.remove(at: 0) })  // [b, a]
        #expect(
            a.effectsState.effects.count == 1, "a is still listed: removing its other place is not dismissal")
        #expect(a.scopePath == "LAList.rows[1]")
        #expect(b.scopePath == "LAList.rows[0]")
        #expect(isLive(a))

        list.send(.run { $0.rows.remove(at: 1) })  // [b]
        #expect(a.effectsState.effects.isEmpty, "its last place removed, a is dismissed")
        #expect(!isLive(a))
        await gate.open()
    }

    // The same outside any update.
    @Test func aRowListedTwiceIsKeptWhenOneOfItsPlacesIsRemovedOutsideAnUpdate() async {
        let list = LAList()
        let (a, b) = (LARow("a", gate: gate), LARow("b", gate: gate))
        list.rows = [a, a]
        a.send(.park)
        list.rows = [a]
        #expect(a.effectsState.effects.count == 1)
        #expect(isLive(a))
        #expect(a.scopePath == "LAList.rows[0]")

        let c = LARow("c", gate: gate)
        list.rows = [b, c, c]
        c.send(.park)
        list.rows.removeLast()
        #expect(c.effectsState.effects.count == 1)
        #expect(isLive(c))
        #expect(c.scopePath == "LAList.rows[1]")
        await gate.open()
    }

    /// Duplicating a row by replacing another (`rows[2] = rows[0]`) dismisses only the replaced one.
    @Test func aRowDuplicatedOverAnotherDismissesOnlyTheReplacedRow() async {
        let list = LAList()
        let (a, b, c) = (LARow("a", gate: gate), LARow("b", gate: gate), LARow("c", gate: gate))
        list.send(.run { $0.rows = [a, b, c] })
        c.send(.park)
        a.send(.park)
        list.send(.run { $0.rows[2] = $0.rows[0] })
        #expect(c.effectsState.effects.isEmpty && !isLive(c))
        #expect(a.effectsState.effects.count == 1 && isLive(a))
        #expect(b.scopePath == "LAList.rows[1]")
        await gate.open()
    }

    // MARK: Moves

    @Test func aRowMovedBetweenTwoListsOfOneParentInOneUpdateKeepsItsWork() async {
        let list = LAList()
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
        #expect(all[2].scopePath == "LAList.other[0]")
        #expect(all[1].scopePath == "LAList.other[1]")
        expectPaths(list.rows, "LAList.rows")
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
        let root = LAList()
        let inner = LAList()
        root.next = inner
        let all = rows(5)
        root.rows = all
        for row in all { row.send(.park) }

        root.send(.run { $0.next!.rows.append($0.rows.remove(at: 1)) })
        #expect(all[1].scopePath == "LAList.next.rows[0]")
        root.send(.run { $0.slot = $0.rows.remove(at: 0) })
        #expect(all[0].scopePath == "LAList.slot")
        // Moved from the nested screen's list back up to the top of the root's list.
        root.send(.run { $0.rows.insert($0.next!.rows.removeFirst(), at: 0) })
        #expect(all[1].scopePath == "LAList.rows[0]")
        // Into a row's own list, from the same list.
        root.send(.run { $0.rows[0].rows.append($0.rows.remove(at: 1)) })  // all[2] below all[1]
        #expect(all[2].scopePath == "LAList.rows[0].rows[0]")
        #expect(all.allSatisfy { $0.effectsState.effects.count == 1 }, "moving is not dismissal")
        #expect(all.allSatisfy { isLive($0) })
        expectPaths(root.rows, "LAList.rows")
        await gate.open()
    }

    /// Keeping a row while throwing away the list it was in, the natural way: put it somewhere else,
    /// and replace the list (or its old parent) in the same update.
    @Test func aRowKeptElsewhereWhileItsOldListOrParentIsThrownAwayKeepsItsWork() async {
        let root = LAList()
        let parent = LARow("parent", gate: gate)
        let keeper = LARow("keeper", gate: gate)
        let kept = LARow("kept", gate: gate)
        parent.rows = [keeper]
        root.rows = [parent, kept]
        keeper.send(.park)
        kept.send(.park)

        root.send(
            .run {
                $0.slot = $0.rows[1]
                $0.rows = []
            })
        #expect(kept.scopePath == "LAList.slot")
        #expect(kept.effectsState.effects.count == 1)
        #expect(isLive(kept))

        // Taken out of its parent's list, and the parent thrown away, in one update: kept (holds).
        let taken = LARow("taken", gate: gate)
        let oldParent = LARow("oldParent", gate: gate)
        oldParent.rows = [taken]
        root.rows = [oldParent]
        taken.send(.park)
        root.send(
            .run {
                $0.other.append(oldParent.rows.removeFirst())
                $0.rows = []
            })
        #expect(
            taken.scopePath == "LAList.other[0]" && taken.effectsState.effects.count == 1 && isLive(taken))

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
        #expect(keeper.scopePath == "LAList.other[1]")
        #expect(keeper.effectsState.effects.count == 1, "moved to another parent in one update")
        #expect(isLive(keeper))
        await gate.open()
    }

    // MARK: Lists inside lists

    @Test func nestedRowsFollowTheirParentsIndexAndLeaveWithIt() async throws {
        let list = LAList()
        let outer = rows(10, "o")
        let inner = rows(4, "i")
        outer[2].rows = inner
        list.rows = outer
        #expect(inner[1].scopePath == "LAList.rows[2].rows[1]")
        inner[1].send(.park)

        list.send(.run { $0.rows.insert(LARow("top", gate: gate), at: 0) })
        #expect(inner[1].scopePath == "LAList.rows[3].rows[1]")
        outer[2].send(.run { $0.rows.swapAt(0, 1) })
        #expect(inner[1].scopePath == "LAList.rows[3].rows[0]")
        #expect(inner[0].scopePath == "LAList.rows[3].rows[1]")

        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })
        list.send(.run { $0.rows.remove(at: 3) })
        #expect(inner[1].effectsState.effects.isEmpty, "a removed row's rows' work ends in the same send")
        inner[1].send(.ping)
        #expect(inner[1].pings == 0)
        let report = try #require(errors.reports.first)
        #expect("\(report)" == "LAList.rows[3].rows[0]: LARow was dismissed; ping was not delivered")
        #expect(outer[2].scopePath == "LAList.rows[3]", "a removed row keeps the name it had")

        // Later changes to the list do not rename what was dismissed.
        list.send(.run { $0.rows.insert(contentsOf: rows(5, "x"), at: 0) })
        #expect(outer[2].scopePath == "LAList.rows[3]")
        #expect(inner[1].scopePath == "LAList.rows[3].rows[0]")
        await gate.open()
    }

    // A dismissed scope keeps the path it had: rows dismissed with their parent keep their names when
    // the dismissed parent's own list changes afterwards (a view still holding it inserts a row).
    @Test func aDismissedRowsRowsKeepTheirPathsWhenItsListChangesAfterwards() {
        let list = LAList()
        let outer = rows(5, "o")
        let inner = rows(3, "i")
        outer[3].rows = inner
        list.rows = outer
        list.rows.remove(at: 3)
        outer[3].rows.insert(LARow("late", gate: gate), at: 0)
        outer[3].rows.removeLast()
        #expect(inner[1].scopePath == "LAList.rows[3].rows[1]")
        #expect(inner[0].scopePath == "LAList.rows[3].rows[0]")
        #expect(!isLive(inner[1]))
    }

    @Test func aGrandchildMovedUpAndARowMovedDownInOneUpdateKeepTheirWork() async {
        let list = LAList()
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
        #expect(inner[2].scopePath == "LAList.rows[2]")
        #expect(outer[2].scopePath == "LAList.rows[0].rows[0]")
        #expect(inner[0].scopePath == "LAList.rows[0].rows[1]")
        #expect(inner[2].effectsState.effects.count == 1 && outer[2].effectsState.effects.count == 1)
        #expect(isLive(inner[2]) && isLive(outer[2]))
        await gate.open()
    }

    // MARK: Dismissal and revival

    @Test func aRowRemovedAndAddedAgainInTheNextUpdateIsDismissedThenRevivedWithItsRows() async throws {
        let list = LAList()
        let all = rows(5)
        let child = LARow("child", gate: gate)
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
                "LAList.rows[2]: LARow was dismissed; ping was not delivered",
                "LAList.rows[2].rows[0]: LARow was dismissed; ping was not delivered",
            ])
        #expect(throws: EventToDismissedScope.self) { try child.sendThrowing(.ping) }

        list.send(.run { $0.rows.insert(all[2], at: 0) })
        #expect(all[2].scopePath == "LAList.rows[0]")
        #expect(child.scopePath == "LAList.rows[0].rows[0]")
        #expect(
            isLive(all[2]) && isLive(child), "assigning the same object again brings it back, with its rows")
        child.send(.park)
        #expect(child.effectsState.effects.count == 1)

        // And dismissed again.
        list.send(.run { $0.rows.removeFirst() })
        #expect(child.effectsState.effects.isEmpty)
        #expect(!isLive(all[2]) && !isLive(child))
        expectPaths(list.rows, "LAList.rows")
        await gate.open()
    }

    // A child replaced below a dismissed scope (`parent.note = added` while `parent` is dismissed)
    // stays dismissed when `parent` is revived: nothing links it any more.
    @Test func aRowTakenOutOfADismissedRowStaysDismissedWhenItsOldParentIsRevived() {
        let list = LAList()
        let parent = LARow("parent", gate: gate)
        let taken = LARow("taken", gate: gate)
        let added = LARow("added", gate: gate)
        parent.note = taken
        list.rows = [parent]
        list.rows = []  // parent and taken dismissed
        parent.note = added  // changed while dismissed: taken is no longer below it
        list.rows = [parent]  // revived
        #expect(isLive(parent))
        #expect(isLive(added), "a child linked below a dismissed scope comes back with it")
        #expect(added.scopePath == "LAList.rows[0].note")
        #expect(!isLive(taken), "a child taken out of a dismissed scope is not revived with it")
        taken.send(.park)
        #expect(taken.effectsState.effects.isEmpty, "a scope not in the app starts no work")
        taken.effectsState.cancelAllEffects()
    }

    @Test func changesFromOutsideAnyUpdateTakeEffectAtOnce() async {
        let list = LAList()
        let all = rows(8)
        list.rows = all
        all[4].send(.park)
        all[5].send(.park)
        list.rows.remove(at: 4)
        #expect(all[4].effectsState.effects.isEmpty, "at once outside any update")
        #expect(all[5].scopePath == "LAList.rows[4]")
        list.rows.insert(all[4], at: 0)
        #expect(all[4].scopePath == "LAList.rows[0]")
        #expect(isLive(all[4]))
        #expect(all[5].effectsState.effects.count == 1)
        expectPaths(list.rows, "LAList.rows")
        await gate.open()
    }

    /// The docs do not say whether a throwing update's changes stay; whichever it is, a row is in the
    /// app exactly while it is listed, and paths are right.
    @Test func changesInsideAnUpdateThatThrowsLeaveTheTreeAndTheListsAgreeing() async {
        let list = LAList()
        let all = rows(6)
        list.rows = all
        for row in all { row.send(.park) }
        let added = LARow("added", gate: gate)
        list.send(
            .run {
                $0.rows.remove(at: 1)
                $0.rows.append(added)
                throw LAError()
            })
        list.send(
            .run {
                $0.slot = $0.rows.remove(at: 0)
                throw LAError()
            })
        for row in all + [added] {
            let listed = list.rows.contains { $0 === row } || list.slot === row
            #expect(isLive(row) == listed, "\(row.name) listed: \(listed)")
            if row !== added {
                #expect(row.effectsState.effects.count == (listed ? 1 : 0), "\(row.name)")
            }
        }
        expectPaths(list.rows, "LAList.rows")
        if let slot = list.slot { #expect(slot.scopePath == "LAList.slot") }
        await gate.open()
    }

    // MARK: Class hierarchies and observation

    @Test func aListDeclaredInTheBaseClassNamesTheSubclassAndFollowsChanges() async {
        let sub = LASubList()
        let base: LABaseList = sub
        let all = rows(10)
        base.send(.run { $0.rows = all })
        all[5].send(.park)
        base.send(.run { $0.rows.insert(LARow("top", gate: gate), at: 0) })
        #expect(all[5].scopePath == "LASubList.rows[6]")
        sub.rows.remove(at: 6)
        #expect(all[5].effectsState.effects.isEmpty)
        #expect(!isLive(all[5]))
        expectPaths(sub.rows, "LASubList.rows")
        await gate.open()
    }

    @Test func anObservableParentsListNotifiesOncePerChange() {
        let parent = LAObservableList()
        let all = rows(10)
        let changes: [(String, @MainActor @Sendable (LAObservableList) -> Void)] = [
            ("assign", { $0.rows = all }),
            ("append", { $0.rows.append(LARow("x", gate: gate)) }),
            ("remove(at:)", { $0.rows.remove(at: 3) }),
            ("swapAt", { $0.rows.swapAt(0, 1) }),
            ("subscript", { $0.rows[2] = LARow("y", gate: gate) }),
            ("sort", { $0.rows.sort { $0.name > $1.name } }),
            ("removeAll(where:)", { $0.rows.removeAll { $0.name.hasSuffix("1") } }),
        ]
        for (inside, (name, change)) in (changes.map { (true, $0) } + changes.map { (false, $0) }) {
            let notifications = LACount()
            withObservationTracking {
                _ = parent.rows
            } onChange: {
                MainActor.assumeIsolated { notifications.value += 1 }
            }
            let titleNotifications = LACount()
            withObservationTracking {
                _ = parent.title
            } onChange: {
                MainActor.assumeIsolated { titleNotifications.value += 1 }
            }
            if inside { parent.send(.run(change)) } else { change(parent) }
            let label = "\(name) \(inside ? "inside an update" : "outside any update")"
            #expect(notifications.value == 1, "\(label)")
            #expect(titleNotifications.value == 0, "\(label)")
            expectPaths(parent.rows, "LAObservableList.rows", "\(label)")
        }
    }

    // MARK: - 2. Dismissed scopes still held

    @Test func manyHeldSomeRevivedSomeReleasedAndNewScopesAreServedRight() {
        let list = LAList()
        var held: [LARow?] = rows(2_000)
        list.rows = held.map { $0! }
        let notes = rows(2_000, "note")
        for (row, note) in zip(held, notes) { row!.note = note }
        list.send(.run { $0.rows = [] })
        // Release every other one; the notes of released rows stay held.
        for index in stride(from: 0, to: 2_000, by: 2) { held[index] = nil }
        // New scopes, some of them at the released ones' addresses, as roots and as rows.
        let freshRoots = rows(1_000, "root")
        let freshRows = rows(1_000, "fresh")
        let other = LAList()
        other.rows = freshRows
        #expect(freshRoots.allSatisfy { isLive($0) }, "a new root is served")
        #expect(freshRows.allSatisfy { isLive($0) }, "a new row is served")
        // Revive a few held ones.
        let revived = stride(from: 1, to: 2_000, by: 100).map { held[$0]! }
        list.send(.run { $0.rows = revived })
        #expect(revived.allSatisfy { isLive($0) && isLive($0.note!) })
        expectPaths(list.rows, "LAList.rows")
        let errors = ErrorReportCollector(matching: { $0.error is EventToDismissedScope })
        let stillHeld = held.compactMap { $0 }.filter { row in !revived.contains { $0 === row } }
        #expect(stillHeld.allSatisfy { !isLive($0) })
        let releasedNotes = stride(from: 0, to: 2_000, by: 2).map { notes[$0] }
        #expect(
            releasedNotes.allSatisfy { !isLive($0) }, "the child of a released dismissed row stays refused")
        #expect(errors.reports.count == stillHeld.count + releasedNotes.count)
    }

    @Test func aDismissedScopeReleasedLeavesNoRefusalForTheNextScopeAtItsAddress() {
        let list = LAList()
        var refused = 0
        for round in 0..<500 {
            do {
                let row = LARow("gone\(round)", gate: gate)
                let note = LARow("goneNote\(round)", gate: gate)
                row.note = note
                list.rows = [row]
                list.rows = []
            }
            let root = LARow("new\(round)", gate: gate)
            let fresh = LAList()
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
        let list = LAList()
        for round in 0..<300 {
            list.rows = [LARow("x\(round)", gate: gate)]
            let oldID = ObjectIdentifier(list.rows[0])
            let gate = gate
            if round % 2 == 0 {
                list.send(
                    .run { list in
                        list.rows.removeAll()
                        list.rows.append(LARow("y\(round)", gate: gate))
                    })
            } else {
                list.rows.removeAll()
                list.rows.append(LARow("y\(round)", gate: gate))
            }
            let y = list.rows[0]
            if ObjectIdentifier(y) == oldID { reused += 1 }
            if y.scopePath != "LAList.rows[0]" || !isLive(y) { wrong.append("\(round): \(y.scopePath)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(reused >= 0, "addresses reused: \(reused)")
    }

    /// The same row in two lists of one parent is in the app until both are cleared.
    @Test func aRowInTwoListsOfOneParentStaysUntilBothLetItGo() async {
        let list = LAList()
        let a = LARow("a", gate: gate)
        list.rows = [a]
        list.other = [a]
        a.send(.park)
        list.rows = []
        #expect(a.effectsState.effects.count == 1 && isLive(a))
        #expect(a.scopePath == "LAList.other[0]")
        list.other = []
        #expect(a.effectsState.effects.isEmpty && !isLive(a))
        await gate.open()
    }

    /// "Every event sent to one of them, or to a scope below one, is refused": a child linked below a
    /// dismissed scope after its dismissal is below one.
    @Test func aChildLinkedBelowAHeldDismissedScopeIsRefused() {
        let list = LAList()
        let row = LARow("row", gate: gate)
        list.rows = [row]
        list.send(.run { $0.rows = [] })
        let lateNote = LARow("lateNote", gate: gate)
        let lateRow = LARow("lateRow", gate: gate)
        row.note = lateNote
        row.send(.run { $0.rows = [lateRow] })  // refused, so it does not run
        row.rows = [lateRow]
        #expect(!isLive(row))
        #expect(!isLive(lateNote), "below a dismissed scope")
        #expect(!isLive(lateRow), "below a dismissed scope")
    }

    @Test func eventsQueuedForRowsTheSameUpdateDismissesAreRefusedAndForMovedRowsDelivered() {
        let list = LAList()
        let all = rows(4)
        let child = LARow("child", gate: gate)
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
                "LAList.rows[0]: LARow was dismissed; ping was not delivered",
                "LAList.rows[0].rows[0]: LARow was dismissed; ping was not delivered",
            ])
    }

    // MARK: - 3. A scope is never linked below itself

    @Test func aScopeAssignedBelowItselfThroughARowOrAnOptionalIsRefusedAndLeavesItsPlaceAlone() async throws
    {
        let list = LAList()
        let a = LARow("a", gate: gate)
        let b = LARow("b", gate: gate)
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
        #expect(first.parentPath == "LAList.rows[0].rows[0]")
        #expect(first.childPath == "LAList.rows[0]")
        #expect(a.scopePath == "LAList.rows[0]" && b.scopePath == "LAList.rows[0].rows[0]")

        // Taking the refused assignment back must not unlink a from where it is.
        b.rows.removeAll()
        b.send(.run { $0.note = nil })
        a.rows.removeLast()
        #expect(a.scopePath == "LAList.rows[0]")
        #expect(a.effectsState.effects.count == 1, "a was never moved: its work goes on")
        #expect(b.effectsState.effects.count == 1)
        #expect(isLive(a) && isLive(b))
        await gate.open()
    }

    @Test func aCycleClosedAtTheBottomOfAThousandDeepChainIsRefused() {
        let list = LAList()
        let chain = rows(1_000, "c")
        for (upper, lower) in zip(chain, chain.dropFirst()) { upper.rows = [lower] }
        list.rows = [chain[0]]
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })
        chain[999].rows.append(chain[0])
        chain[999].send(.run { $0.note = chain[500] })
        chain[999].rows.insert(chain[999], at: 0)
        #expect(errors.reports.count == 3)
        let expected = "LAList.rows[0]" + String(repeating: ".rows[0]", count: 999)
        #expect(chain[999].scopePath == expected)
        #expect(chain[0].scopePath == "LAList.rows[0]")
        #expect(isLive(chain[999]) && isLive(chain[0]))
    }

    // A row revived in another list is not dismissed again with its old, dismissed parent when that
    // parent is revived and dismissed again: it lives where it was linked last.
    @Test func aRowRevivedElsewhereIsNotDismissedWithItsOldParent() async {
        let root = LAList()
        let other = LAList()
        let a = LARow("a", gate: gate)
        let b = LARow("b", gate: gate)
        root.rows = [a]
        a.rows = [b]
        root.rows = []
        other.next = LAList()
        other.next!.rows = [b]
        b.send(.park)
        #expect(b.scopePath == "LAList.next.rows[0]" && isLive(b))
        root.rows = [a]
        #expect(b.scopePath == "LAList.next.rows[0]", "b is listed in other.next, and was taken out of a")
        root.rows = []
        #expect(b.effectsState.effects.count == 1, "b is still in other.next's list")
        #expect(isLive(b))
        await gate.open()
    }

    @Test func cyclesClosedInSeveralStepsOfOneUpdateAreRefused() {
        let errors = ErrorReportCollector(matching: { $0.error is ScopeCycleRefused })
        let root = LAList()
        let (a, b, c) = (LARow("a", gate: gate), LARow("b", gate: gate), LARow("c", gate: gate))
        root.rows = [a, b, c]
        root.send(
            .run { _ in
                a.rows = [b]
                b.rows = [c]
                c.rows = [a]
            })
        #expect(errors.reports.count == 1)
        #expect(a.scopePath == "LAList.rows[0]")
        #expect(c.scopePath == "LAList.rows[0].rows[0].rows[0]")
        let (d, e) = (LARow("d", gate: gate), LARow("e", gate: gate))
        root.rows = [d, e]
        root.send(
            .run { _ in
                d.note = e
                e.note = d
            })
        #expect(errors.reports.count == 2)
        #expect(e.scopePath == "LAList.rows[0].note")
        // Detached from the root first, then closed.
        let (f, g) = (LARow("f", gate: gate), LARow("g", gate: gate))
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
        let root = LAList()
        let (a, b) = (LARow("a", gate: gate), LARow("b", gate: gate))
        root.rows = [a]
        a.rows = [b]
        root.rows = []
        b.rows.append(a)
        let refusal = try #require(errors.reports.first?.error as? ScopeCycleRefused)
        #expect(refusal.childPath == "LAList.rows[0]")
        root.rows = [a]
        #expect(a.scopePath == "LAList.rows[0]" && b.scopePath == "LAList.rows[0].rows[0]")
        #expect(isLive(a) && isLive(b))
    }

    // Linking a former parent below its old child, whose dismissed list still holds that child,
    // returns: the child was linked elsewhere since, so no cycle forms. Run in a child process that an
    // alarm stops after 4 seconds, so that a hang fails the test instead of the run.
    @Test func revivingAFormerParentBelowItsOldChildDoesNotHang() async {
        await #expect(processExitsWith: .success) {
            alarm(4)
            await MainActor.run {
                let root = LAList()
                let gate = Gate()
                let (a, b) = (LARow("a", gate: gate), LARow("b", gate: gate))
                root.rows = [a]
                a.rows = [b]
                root.rows = []
                root.rows = [b]
                b.note = a  // hangs
                precondition(b.scopePath == "LAList.rows[0]")
                _ = a.scopePath
                _ = root.subtreeDescription
            }
        }
    }

    // MARK: - 4. Paths in logs, descriptions and recordings

    @Test func aRecordedSessionNamesRowsByTheirIndexAtTheTimeAndReplaysToTheSameRows() throws {
        let list = LARecList()
        var text = ""
        let recorder = Recorder(recording: list) { text += $0 }
        list.send(.add)
        list.send(.add)
        list.send(.add)  // [0, 1, 2]
        list.send(.insertTop)  // [3, 0, 1, 2]
        list.rows[2].send(.tap)  // id 1 at rows[2]
        list.send(.remove(0))  // [0, 1, 2]
        list.rows[0].send(.tap)  // id 0 at rows[0]
        list.send(.sortDescending)  // [2, 1, 0]
        list.rows[0].send(.tap)  // id 2 at rows[0]
        list.send(.move(0, 2))  // [1, 0, 2]
        list.rows[2].send(.tap)  // id 2 at rows[2]
        recorder.stop()

        let recording = try Recording(jsonLines: text)
        let taps = recording.events.filter { $0.scopeTypeName == "LARecRow" }.map(\.path)
        #expect(taps == [["rows[2]"], ["rows[0]"], ["rows[0]"], ["rows[2]"]], "\(text)")
        let replayed = try recording.reproduce { LARecList() }
        #expect(replayed.rows.map(\.id) == list.rows.map(\.id))
        #expect(replayed.rows.map(\.taps) == list.rows.map(\.taps))
        #expect(list.rows.map(\.taps) == [1, 1, 2])
    }
}

/// Logging is app-wide: this runs with the other logging tests, one at a time.
extension EventLoggingTests {
    @Test func theEventLogAndTheSubtreeDescriptionNameRowsByTheirCurrentIndex() {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info)
        defer { EventLogging.disable() }
        let root = LALogRoot()
        let all = (0..<5).map { LARow("r\($0)", gate: Gate()) }
        root.rows = all
        root.send(.run { $0.rows.insert(LARow("top", gate: Gate()), at: 0) })
        all[2].send(.ping)  // rows[3] now
        root.send(.run { $0.rows.swapAt(0, 5) })
        all[4].send(.ping)  // rows[0] now
        let lines = log.lines.filter { $0.contains("LALogRoot.rows[") && $0.contains("<- ping") }
        #expect(lines == ["info LALogRoot.rows[3] <- ping", "info LALogRoot.rows[0] <- ping"])

        let description = root.subtreeDescription.split(separator: "\n").map(String.init)
        let order = description.indices.compactMap { index -> String? in
            guard description[index].hasPrefix("  rows["), index + 1 < description.count else { return nil }
            return
                "\(description[index].trimmingCharacters(in: .whitespaces)) \(description[index + 1].trimmingCharacters(in: .whitespaces))"
        }
        #expect(
            order == root.rows.enumerated().map { "rows[\($0.offset)]: LARow name = \"\($0.element.name)\"" },
            "\(root.subtreeDescription)")
    }
}
