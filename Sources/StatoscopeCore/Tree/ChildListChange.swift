import Foundation

/// Where two versions of a list of children differ: the positions whose rows were taken out of the
/// old list, and those whose rows were put in the new one. A row that only moved may be in both;
/// ``ChildList`` counts each row's places to tell a move from a row that joined or left.
///
/// Plain data, computed from the two lists' identities as raw words, so that one change to a list of
/// thousands of rows costs a comparison of memory and work in proportion to the rows that changed,
/// not a lookup per row.
package struct ChildListChange: Equatable {
    /// How many rows at the start are the same objects in both lists.
    package var prefix = 0
    /// How many rows at the end are the same objects in both lists (not overlapping `prefix`).
    package var suffix = 0
    /// Indexes in the old list of the rows taken out.
    package var removed: [Int] = []
    /// Indexes in the new list of the rows put in.
    package var inserted: [Int] = []
    /// The only positions between `prefix` and `suffix` that hold another row, when the lists are
    /// equally long and these are few; nil when any position between them may differ.
    package var differing: [Int]?

    /// How many differing positions of two equally long lists are compared one by one; past that,
    /// the whole middle counts as changed, unless one row moved across it.
    static let pairwiseLimit = 32

    private static let word = MemoryLayout<UInt>.stride

    /// The change from `old` to `new`, each a buffer of object identities (or class references, which
    /// have the same representation), one word each; nil when both hold the same rows in the same
    /// order.
    // SAFETY: Sound because both callers pass buffers of whole words, each an identity or a class
    // reference, live for the call; every word read is below the count of the buffer it is read from
    // (the prefix, the suffix and the middle are derived from those counts, and `memcmp` and `load`
    // run only on non-empty runs, so no empty buffer's missing base address is unwrapped); and the
    // buffers are only read.
    package static func between(old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer) -> ChildListChange?
    {
        let oldCount = old.count / word
        let newCount = new.count / word
        // The common prefix is found first, and equal lists are those whose prefix is all of them:
        // a comparison of the whole lists before it would read the rows up to a change twice.
        let prefix = commonPrefix(old, new, count: min(oldCount, newCount))
        if oldCount == newCount, prefix == oldCount { return nil }
        var change = ChildListChange()
        change.prefix = prefix
        change.suffix = commonSuffix(
            old, new, oldCount: oldCount, newCount: newCount,
            count: min(oldCount, newCount) - change.prefix)
        let oldRange = change.prefix..<(oldCount - change.suffix)
        let newRange = change.prefix..<(newCount - change.suffix)
        if oldRange.count == newRange.count {
            change.comparePairwise(old, new, in: oldRange)
        } else {
            change.removed = Array(oldRange)
            change.inserted = Array(newRange)
        }
        return change
    }

    /// Equally long middles: the positions that differ, when they are few; a row moved across the
    /// middle (a rotation by one) puts in and takes out no row at all.
    // SAFETY: Sound because `range` lies within both buffers (a middle of two lists of one length),
    // and each rebased buffer starts inside it and is read `range.upperBound - index` words at most.
    private mutating func comparePairwise(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, in range: Range<Int>
    ) {
        var differing: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound, differing.count <= Self.pairwiseLimit {
            // SAFETY: Sound because `index` is below `range.upperBound`, so both rebased buffers start
            // inside their lists and hold at least the `range.upperBound - index` words compared.
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
            removed = differing
            inserted = differing
        } else if !Self.isRotationByOne(old, new, in: range) {
            removed = Array(range)
            inserted = Array(range)
        }
    }

    /// Whether `new` is `old` with the first row of `range` moved to its end, or the last to its start.
    // SAFETY: Sound because `range` lies within both buffers and is not empty (more rows than
    // `pairwiseLimit` differ in it), and each comparison covers one word fewer than the range, from
    // its start or one word in.
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

    // SAFETY: Sound because every caller passes an index below the buffer's count of words.
    private static func load(_ buffer: UnsafeRawBufferPointer, _ index: Int) -> ObjectIdentifier {
        buffer.load(fromByteOffset: index * word, as: ObjectIdentifier.self)
    }

    /// How many leading words of `a` and `b` are equal, looking at `count` at most.
    // SAFETY: Sound because every caller passes a `count` no greater than the words of either buffer,
    // and `matchingRun` compares runs within the first `count` words only, never an empty one.
    private static func commonPrefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, count: Int)
        -> Int
    {
        matchingRun(count: count) { start, length in
            memcmp(a.baseAddress! + start * word, b.baseAddress! + start * word, length * word) == 0
        }
    }

    /// How many trailing words of `a` (of `oldCount`) and `b` (of `newCount`) are equal, looking at
    /// `count` at most.
    // SAFETY: Sound because `count` is at most the shorter buffer's words less the common prefix, so
    // each run compared lies within both buffers, and never is empty.
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
