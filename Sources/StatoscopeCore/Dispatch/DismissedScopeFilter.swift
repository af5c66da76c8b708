/// Tells `send`, from a scope's address alone, that the scope is certainly not a dismissed one, so
/// that events to scopes in the app keep their fast path while dismissed scopes are still held
/// somewhere (by a view during its dismissal animation, a cache, a list's snapshot).
///
/// A one-probe Bloom filter: one bit per hashed address, set for every dismissed scope that may be
/// alive. A clear bit proves the scope was not dismissed; a set bit sends the event to the full path,
/// which checks the scope's lifetime exactly. The table holds at least 256 bits per scope it was
/// built for, so a scope in the app meets a set bit in fewer than one case in 200; bits of scopes
/// revived or released stay set until the filter is rebuilt, which only ever costs a lookup.
@MainActor
@usableFromInline
enum DismissedScopeFilter {
    /// The table of bits and its size.
    @usableFromInline
    struct Table {
        /// The bits, or nil while no dismissed scope is held. Owned here: allocated by
        /// ``rebuild(with:)`` and freed by the next rebuild or by ``clear()``.
        @usableFromInline var words: UnsafeMutablePointer<UInt64>?
        /// 64 minus the number of bits that index a table bit.
        @usableFromInline var shift: UInt64 = 64
        /// How many scopes the table is sized for.
        var capacity = 0
    }

    // Global because `send` must tell, for any scope, without a lookup, that it is not dismissed.
    // SAFETY: Sound because only the main actor touches it, every access is a load or a store that
    // calls nothing, and the bits are replaced only by `rebuild` and `clear`, which call no code of
    // the app's. Read by every `send` while a dismissed scope is held: hot.
    @exclusivity(unchecked) @usableFromInline static var table = Table()
    /// How many scopes the table is sized for.
    static var capacity: Int { table.capacity }
    private static var minimumBitCount: Int { 1 << 14 }
    private static var bitsPerScope: Int { 256 }

    /// Whether `scope` may be dismissed; false means it certainly is not.
    @inlinable
    static func mayContain(_ scope: AnyObject) -> Bool {
        guard let words = table.words else { return false }
        let bit = slot(of: ObjectIdentifier(scope))
        // SAFETY: Sound because `slot` is below the table's bit count (a 64-bit hash shifted right by
        // `shift`), and `words` holds that many bits: `rebuild` sets the two together, and `clear`
        // sets `words` to nil; only the main actor reads or replaces them.
        return words[Int(truncatingIfNeeded: bit >> 6)] & (1 << (bit & 63)) != 0
    }

    /// The table bit of an address: Fibonacci hashing, so that neighbouring allocations spread.
    @inlinable
    static func slot(of id: ObjectIdentifier) -> UInt64 {
        (UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> table.shift
    }

    /// Sets the bit of `id`; the caller rebuilds first when ``capacity`` is reached.
    static func insert(_ id: ObjectIdentifier) {
        guard let words = table.words else { return }
        let bit = slot(of: id)
        // SAFETY: Sound as the read in `mayContain(_:)` is: `slot` is below the bits `words` holds.
        words[Int(truncatingIfNeeded: bit >> 6)] |= 1 << (bit & 63)
    }

    /// Makes a table sized for `ids` with room to grow, holding exactly them.
    static func rebuild<IDs: Collection<ObjectIdentifier>>(with ids: IDs) {
        clear()
        table.capacity = max(ids.count * 2, 64)
        var bitCount = minimumBitCount
        while bitCount < table.capacity * bitsPerScope { bitCount <<= 1 }
        let wordCount = bitCount / 64
        // SAFETY: Sound because the bits are initialised right below, owned by `words` alone, and
        // freed only by `clear()` (which `rebuild` calls first), which sets `words` to nil at once.
        let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
        bits.initialize(repeating: 0, count: wordCount)
        table.words = bits
        table.shift = UInt64(64 - bitCount.trailingZeroBitCount)
        for id in ids { insert(id) }
    }

    /// Frees the table: no dismissed scope is held.
    static func clear() {
        // SAFETY: Sound because `words` was allocated by `rebuild(with:)` with trivial elements and is
        // referenced nowhere else; it is set to nil before anything can read it again.
        table.words?.deallocate()
        table = Table()
    }
}
