import Statoscope
import Testing

/// How a list of children changed, as plain data: which rows joined it, which left it, and which
/// only moved.
@MainActor
struct ChildListChangeTests {
    final class Row: Scope {
        enum When {}
        func update(_ when: When) throws {}
    }

    /// A list's record of `old`, then the change to `new`: the old indexes of the rows that left and
    /// the new indexes of those that joined; nil when nothing changed.
    private func change(from old: [Row], to new: [Row]) -> (left: [Int], joined: [Int])? {
        let list = ChildList(property: "rows")
        let oldIDs = old.map(ObjectIdentifier.init)
        let newIDs = new.map(ObjectIdentifier.init)
        oldIDs.withUnsafeBytes { oldBytes in
            [ObjectIdentifier]().withUnsafeBytes { empty in
                if let first = ChildListChange.between(old: empty, new: oldBytes) {
                    _ = list.apply(first, newIdentities: oldBytes) { ScopeRuntimeTable.runtime(for: old[$0]) }
                }
            }
        }
        let found = list.identities.withUnsafeBytes { recorded in
            newIDs.withUnsafeBytes { newBytes in
                ChildListChange.between(old: recorded, new: newBytes).map { change in
                    list.apply(change, newIdentities: newBytes) { ScopeRuntimeTable.runtime(for: new[$0]) }
                }
            }
        }
        #expect(Array(list.identities) == newIDs, "the list records the new rows")
        return found.map { ($0.left.map(\.index), $0.joined.map(\.index)) }
    }

    /// The raw difference: where the lists differ.
    private func difference(from old: [Row], to new: [Row]) -> ChildListChange? {
        let oldIDs = old.map(ObjectIdentifier.init)
        let newIDs = new.map(ObjectIdentifier.init)
        return oldIDs.withUnsafeBytes { oldBytes in
            newIDs.withUnsafeBytes { newBytes in ChildListChange.between(old: oldBytes, new: newBytes) }
        }
    }

    private func rows(_ count: Int) -> [Row] {
        (0..<count).map { _ in Row() }
    }

    @Test func theSameRowsInTheSameOrderAreNoChange() {
        let list = rows(1_000)
        #expect(change(from: list, to: list) == nil)
        #expect(change(from: [], to: []) == nil)
    }

    @Test func anAppendedRowJoinsAndNothingLeaves() throws {
        let list = rows(1_000)
        let found = try #require(change(from: list, to: list + [Row()]))
        #expect(found.joined == [1_000])
        #expect(found.left.isEmpty)
        #expect(difference(from: list, to: list + [Row()])?.prefix == 1_000)
    }

    @Test func aRowInsertedAtTheTopJoinsAtIndexZero() throws {
        let list = rows(1_000)
        let found = try #require(change(from: list, to: [Row()] + list))
        #expect(found.joined == [0])
        #expect(found.left.isEmpty)
        #expect(difference(from: list, to: [Row()] + list)?.suffix == 1_000)
    }

    @Test func aRemovedMiddleRowLeavesFromItsOldIndex() throws {
        var list = rows(1_000)
        let old = list
        list.remove(at: 500)
        let found = try #require(change(from: old, to: list))
        #expect(found.left == [500])
        #expect(found.joined.isEmpty)
    }

    @Test func swappingTheEndsChangesNoMembership() throws {
        var list = rows(10_000)
        let old = list
        list.swapAt(0, list.count - 1)
        let found = try #require(change(from: old, to: list))
        #expect(found.joined.isEmpty && found.left.isEmpty)
        #expect(difference(from: old, to: list)?.differing == [0, 9_999])
    }

    @Test func movingOneRowAcrossTheListChangesNoMembership() throws {
        var list = rows(10_000)
        let old = list
        list.append(list.removeFirst())
        let forward = try #require(change(from: old, to: list))
        #expect(forward.joined.isEmpty && forward.left.isEmpty)
        #expect(difference(from: old, to: list)?.removed.isEmpty == true, "a rotation touches no row")
        let moved = list
        list.insert(list.removeLast(), at: 0)
        let back = try #require(change(from: moved, to: list))
        #expect(back.joined.isEmpty && back.left.isEmpty)
    }

    @Test func aReplacedRowLeavesAndItsReplacementJoinsAtTheSameIndex() throws {
        var list = rows(10_000)
        let old = list
        list[4_321] = Row()
        let found = try #require(change(from: old, to: list))
        #expect(found.joined == [4_321])
        #expect(found.left == [4_321])
    }

    @Test func replacingEveryRowMakesEveryOldOneLeaveAndEveryNewOneJoin() throws {
        let old = rows(3_000)
        let new = rows(2_000) + [old[7]]
        let found = try #require(change(from: old, to: new))
        #expect(found.joined == Array(0..<2_000))
        #expect(found.left.map(\.self).sorted() == Array(0..<3_000).filter { $0 != 7 })
    }

    @Test func manyScatteredChangesKeepTheRowsThatStay() throws {
        let old = rows(1_000)
        var new = old.reversed() as [Row]
        new.removeLast(10)
        new.append(contentsOf: rows(5))
        let found = try #require(change(from: old, to: new))
        #expect(found.joined == Array(990..<995))
        #expect(found.left.sorted() == Array(0..<10))
    }

    @Test func aRowListedTwiceLeavesOnlyWithItsLastPlace() throws {
        let (a, b) = (Row(), Row())
        let twice = try #require(change(from: [a, b], to: [a, b, a]))
        #expect(twice.joined.isEmpty, "a second place is no new row")
        let once = try #require(change(from: [a, b, a], to: [b, a]))
        #expect(once.left.isEmpty, "one of its two places is gone: it stays")
        let gone = try #require(change(from: [a, b, a], to: [b]))
        #expect(gone.left == [0] || gone.left == [2], "both places gone: it leaves, once")
        #expect(gone.left.count == 1)
    }
}
