import Foundation

/// What changed between two versions of a list of children: which rows joined it and which left it.
/// A row that only moved is in neither, since its name is found lazily (``ChildList``).
///
/// Plain data, computed from the two lists' identities as raw words, so that one change to a list of
/// thousands of rows costs a comparison of memory and work in proportion to the rows that changed,
/// not a lookup per row.
package struct ChildListChange: Equatable {
    /// How many rows at the start are the same objects in both lists.
    package var prefix = 0
    /// How many rows at the end are the same objects in both lists (not overlapping `prefix`).
    package var suffix = 0
    /// Indexes in the new list of the rows that were not in the old one.
    package var joined: [Int] = []
    /// Indexes in the old list of the rows that are not in the new one.
    package var left: [Int] = []
    /// The only positions between `prefix` and `suffix` that hold another row, when the lists are
    /// equally long and these are few; nil when any position between them may differ.
    package var differing: [Int]?

    /// How many differing positions of two equally long lists are compared pairwise before the
    /// comparison falls back to sets.
    static let pairwiseLimit = 32

    private static let word = MemoryLayout<UInt>.stride

    /// The change from `old` to `new`, each a buffer of object identities (or class references, which
    /// have the same representation), one word each; nil when both hold the same rows in the same
    /// order.
    package static func between(old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer) -> ChildListChange?
    {
        let oldCount = old.count / word
        let newCount = new.count / word
        if oldCount == newCount, oldCount == 0 || memcmp(old.baseAddress!, new.baseAddress!, old.count) == 0 {
            return nil
        }
        var change = ChildListChange()
        change.prefix = commonPrefix(old, new, count: min(oldCount, newCount))
        change.suffix = commonSuffix(
            old, new, oldCount: oldCount, newCount: newCount,
            count: min(oldCount, newCount) - change.prefix)
        let oldRange = change.prefix..<(oldCount - change.suffix)
        let newRange = change.prefix..<(newCount - change.suffix)
        if oldRange.isEmpty {
            change.joined = Array(newRange)
        } else if newRange.isEmpty {
            change.left = Array(oldRange)
        } else if oldRange.count == newRange.count {
            change.comparePairwise(old, new, in: oldRange)
        } else {
            change.compareAsSets(old, oldRange, new, newRange)
        }
        return change
    }

    /// Equally long middles: the positions that differ, compared with each other when they are few;
    /// a row moved across the middle (a rotation by one) changes no membership at all.
    private mutating func comparePairwise(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, in range: Range<Int>
    ) {
        var differing: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound, differing.count <= Self.pairwiseLimit {
            index += Self.commonPrefix(
                UnsafeRawBufferPointer(rebasing: old[(index * Self.word)...]),
                UnsafeRawBufferPointer(rebasing: new[(index * Self.word)...]), count: range.upperBound - index
            )
            guard index < range.upperBound else { break }
            differing.append(index)
            index += 1
        }
        if differing.count <= Self.pairwiseLimit {
            self.differing = differing
            let oldWords = differing.map { Self.load(old, $0) }
            let newWords = differing.map { Self.load(new, $0) }
            joined = differing.indices.filter { !oldWords.contains(newWords[$0]) }.map { differing[$0] }
            left = differing.indices.filter { !newWords.contains(oldWords[$0]) }.map { differing[$0] }
            return
        }
        if Self.isRotationByOne(old, new, in: range) { return }
        compareAsSets(old, range, new, range)
    }

    /// Any middles: rows are looked up by identity.
    private mutating func compareAsSets(
        _ old: UnsafeRawBufferPointer, _ oldRange: Range<Int>, _ new: UnsafeRawBufferPointer,
        _ newRange: Range<Int>
    ) {
        var oldRows = IdentityTable<Void>(minimumCapacity: oldRange.count)
        for index in oldRange { oldRows.updateValue((), forKey: Self.load(old, index)) }
        var newRows = IdentityTable<Void>(minimumCapacity: newRange.count)
        for index in newRange { newRows.updateValue((), forKey: Self.load(new, index)) }
        joined = newRange.filter { oldRows[Self.load(new, $0)] == nil }
        left = oldRange.filter { newRows[Self.load(old, $0)] == nil }
    }

    /// Whether `new` is `old` with the first row of `range` moved to its end, or the last to its start.
    private static func isRotationByOne(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, in range: Range<Int>
    ) -> Bool {
        let first = range.lowerBound * word
        let last = (range.upperBound - 1) * word
        let bytes = last - first
        if load(new, range.upperBound - 1) == load(old, range.lowerBound),
            memcmp(new.baseAddress! + first, old.baseAddress! + first + word, bytes) == 0
        {
            return true
        }
        return load(new, range.lowerBound) == load(old, range.upperBound - 1)
            && memcmp(new.baseAddress! + first + word, old.baseAddress! + first, bytes) == 0
    }

    private static func load(_ buffer: UnsafeRawBufferPointer, _ index: Int) -> ObjectIdentifier {
        buffer.load(fromByteOffset: index * word, as: ObjectIdentifier.self)
    }

    /// How many leading words of `a` and `b` are equal, looking at `count` at most.
    private static func commonPrefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, count: Int)
        -> Int
    {
        matchingRun(count: count) { start, length in
            memcmp(a.baseAddress! + start * word, b.baseAddress! + start * word, length * word) == 0
        }
    }

    /// How many trailing words of `a` (of `oldCount`) and `b` (of `newCount`) are equal, looking at
    /// `count` at most.
    private static func commonSuffix(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, oldCount: Int, newCount: Int, count: Int
    ) -> Int {
        matchingRun(count: count) { start, length in
            memcmp(
                a.baseAddress! + (oldCount - start - length) * word,
                b.baseAddress! + (newCount - start - length) * word, length * word) == 0
        }
    }

    /// The length of the run of equal words, at most `count`, given a test of whether the `length`
    /// words from `start` (counted along the run) are all equal: blocks that double while they match
    /// and halve when they do not, so that a long run costs a few calls to `memcmp`, which compares
    /// memory several times faster than a loop over words, and a short one a few words.
    private static func matchingRun(count: Int, _ areEqual: (_ start: Int, _ length: Int) -> Bool) -> Int {
        var matched = 0
        var block = 4
        while matched < count {
            let length = min(block, count - matched)
            if areEqual(matched, length) {
                matched += length
                block = min(block * 2, 1 << 12)
            } else if length == 1 {
                return matched
            } else {
                block = length / 2
            }
        }
        return matched
    }
}
