import Foundation

/// The identities of a list's rows in order, with free room kept before the first and after the
/// last, so that a row put in or taken out near either end moves the few rows on that side only.
///
/// A plain array would move every row behind an insert at the top: a chat or a feed that shows new
/// rows first would pay for the whole list at every change.
package struct RowIdentities: RandomAccessCollection {
    /// The rows from `start`, `count` of them; the slots around them hold any identity.
    private var storage: [ObjectIdentifier] = []
    private var start = 0
    package private(set) var count = 0

    private static let word = MemoryLayout<ObjectIdentifier>.stride
    private static let filler = ObjectIdentifier(RowIdentitiesFiller.self)

    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(index: Int) -> ObjectIdentifier {
        get { storage[start + index] }
        set { storage[start + index] = newValue }
    }

    /// The rows as raw words, one identity each, in order.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result
    {
        try storage.withUnsafeBytes { all in
            // SAFETY: Sound because the rows `start..<start + count` lie inside `storage` (every
            // change keeps them there: `makeRoom` moves rows only into room it checked, and
            // `relayout` sizes the new storage for them), and the buffer lives for `body` only, as
            // `storage`'s own does.
            try body(
                UnsafeRawBufferPointer(rebasing: all[(start * Self.word)..<((start + count) * Self.word)]))
        }
    }

    /// Replaces the rows in `range` with the rows of `source` (a buffer of the whole new list, one
    /// identity per word) from `range.lowerBound` on, `newCount` of them.
    // SAFETY: Sound because `source` is only read, during the call, and only the words the contract
    // above says it holds (see the copy below).
    package mutating func replaceSubrange(
        _ range: Range<Int>, withRowsOf source: UnsafeRawBufferPointer, count newCount: Int
    ) {
        makeRoom(replacing: range, with: newCount)
        guard newCount > 0 else { return }
        // SAFETY: Sound because `makeRoom` left `newCount` slots from `start + range.lowerBound`
        // inside `storage`, and the caller's `source` holds the whole new list, so it has `newCount`
        // words from `range.lowerBound`; identities are plain words, so copying their bytes copies
        // them.
        storage.withUnsafeMutableBytes { all in
            _ = memcpy(
                all.baseAddress! + (start + range.lowerBound) * Self.word,
                source.baseAddress! + range.lowerBound * Self.word, newCount * Self.word)
        }
    }

    /// Resizes `range` to `newCount` slots, moving whichever side of it is shorter; the slots of the
    /// range then hold any identity.
    private mutating func makeRoom(replacing range: Range<Int>, with newCount: Int) {
        let growth = newCount - range.count
        guard growth != 0 else { return }
        let head = range.lowerBound
        let tail = count - range.upperBound
        let newTotal = count + growth
        let roomBefore = start
        let roomAfter = storage.count - start - count
        if growth < 0, newTotal * 8 >= storage.count || storage.count <= 64 {
            // Shrinking: the shorter side moves inward.
            if head <= tail {
                move(from: start, count: head, to: start - growth)
                start -= growth
            } else {
                move(from: start + range.upperBound, count: tail, to: start + range.upperBound + growth)
            }
        } else if growth > 0, head <= tail, roomBefore >= growth {
            move(from: start, count: head, to: start - growth)
            start -= growth
        } else if growth > 0, roomAfter >= growth {
            move(from: start + range.upperBound, count: tail, to: start + range.upperBound + growth)
        } else if growth > 0, roomBefore >= growth {
            move(from: start, count: head, to: start - growth)
            start -= growth
        } else {
            relayout(head: head, tail: tail, tailFrom: range.upperBound, total: newTotal)
        }
        count = newTotal
    }

    /// Moves the rows into fresh storage with room on both sides as large as the list itself: runs
    /// of inserts at either end then move nothing until the room is used up, which halves how often
    /// this happens, and a list that shrank far gives its memory back.
    private mutating func relayout(head: Int, tail: Int, tailFrom oldTailStart: Int, total: Int) {
        let capacity = Swift.max(16, total * 3)
        let newStart = (capacity - total) / 2
        var fresh = [ObjectIdentifier](repeating: Self.filler, count: capacity)
        // SAFETY: Sound because the head and the tail are rows of `storage` (`head + tail <= count`),
        // and they land in `fresh` from `newStart` and ending at `newStart + total`, inside its
        // `capacity` slots.
        storage.withUnsafeBytes { old in
            fresh.withUnsafeMutableBytes { new in
                if head > 0 {
                    _ = memcpy(
                        new.baseAddress! + newStart * Self.word, old.baseAddress! + start * Self.word,
                        head * Self.word)
                }
                if tail > 0 {
                    _ = memcpy(
                        new.baseAddress! + (newStart + total - tail) * Self.word,
                        old.baseAddress! + (start + oldTailStart) * Self.word, tail * Self.word)
                }
            }
        }
        storage = fresh
        start = newStart
    }

    /// Moves `count` identities from slot `source` to slot `target`; the two runs may overlap.
    private mutating func move(from source: Int, count: Int, to target: Int) {
        guard count > 0, source != target else { return }
        // SAFETY: Sound because callers move runs of rows into the room next to them, so both runs
        // lie inside `storage`; `memmove` copies overlapping runs correctly.
        storage.withUnsafeMutableBytes { all in
            _ = memmove(
                all.baseAddress! + target * Self.word, all.baseAddress! + source * Self.word,
                count * Self.word)
        }
    }
}

/// Only its identity is used: the identity free slots of ``RowIdentities`` hold.
private enum RowIdentitiesFiller {}
