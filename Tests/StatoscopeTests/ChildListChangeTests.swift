import Statoscope
import Testing

/// How a list of children changed, as plain data: which rows joined and which left.
struct ChildListChangeTests {
    final class Row {}

    /// The change from `old` to `new`, computed on the lists' identities as raw words.
    private func change(from old: [Row], to new: [Row]) -> ChildListChange? {
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
        #expect(found.prefix == 1_000)
    }

    @Test func aRowInsertedAtTheTopJoinsAtIndexZero() throws {
        let list = rows(1_000)
        let found = try #require(change(from: list, to: [Row()] + list))
        #expect(found.joined == [0])
        #expect(found.left.isEmpty)
        #expect(found.suffix == 1_000)
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
        #expect(found.differing == [0, 9_999])
    }

    @Test func movingOneRowAcrossTheListChangesNoMembership() throws {
        var list = rows(10_000)
        let old = list
        list.append(list.removeFirst())
        let forward = try #require(change(from: old, to: list))
        #expect(forward.joined.isEmpty && forward.left.isEmpty)
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
        #expect(found.left == Array(0..<3_000).filter { $0 != 7 })
    }

    @Test func manyScatteredChangesAreComparedAsSets() throws {
        let old = rows(1_000)
        var new = old.reversed() as [Row]
        new.removeLast(10)
        new.append(contentsOf: rows(5))
        let found = try #require(change(from: old, to: new))
        #expect(found.joined == Array(990..<995))
        #expect(found.left == Array(0..<10))
    }

    @Test func aRowListedTwiceIsOneMember() throws {
        let list = rows(3)
        let found = try #require(change(from: list, to: list + [list[1]]))
        #expect(found.left.isEmpty)
        #expect(found.joined == [3], "the duplicate is at a new index; linking it again moves nothing")
    }
}
