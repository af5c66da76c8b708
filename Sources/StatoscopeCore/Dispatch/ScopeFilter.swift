/// Tells `send`, from a scope's address alone, that an event to the scope certainly needs no full
/// path: the scope is not a dismissed one, and it has no middleware of its own. Events to the other
/// scopes keep their fast path while dismissed scopes are still held somewhere (by a view during its
/// dismissal animation, a cache, a list's snapshot) and while some scopes have middleware.
///
/// A one-probe Bloom filter: one bit per hashed address, set for every dismissed scope that may be
/// alive and every scope with middleware. A clear bit proves the scope is neither; a set bit sends
/// the event to the full path, which checks the scope's lifetime and looks its middleware up exactly.
/// The table holds at least 256 bits per scope it was built for, so a scope in the app meets a set
/// bit in fewer than one case in 200; bits of scopes revived, released or left without middleware
/// stay set until the filter is rebuilt, which only ever costs a lookup.
@MainActor
@usableFromInline
package enum ScopeFilter {
    /// What the filter keeps about its bits. The bits themselves, and their shift, are in
    /// `Dispatcher.sendState`, beside the gate, where `send` reads them: owned here, allocated by
    /// ``rebuild()`` and freed by the next rebuild or by ``update()``.
    struct Table {
        /// Whether a dismissed scope may still be held: then an event to a scope whose bit is set is
        /// checked against the dismissed scopes (the dispatcher's gate says so too, for `send`).
        var holdsDismissed = false
        /// How many scopes the table is sized for.
        var capacity = 0
        /// How many scopes' bits are set though they no longer need the full path.
        var staleBits = 0
    }

    // Global because `send` must tell, for any scope, without a lookup, that it needs no full path:
    // this is what keeps the bits it reads right.
    static var table = Table()
    private static var minimumBitCount: Int { 1 << 14 }
    private static var bitsPerScope: Int { 256 }

    /// Whether `scope` may be dismissed or have middleware; false means it certainly is neither.
    @inlinable
    package static func mayContain(_ scope: AnyObject) -> Bool {
        guard let words = Dispatcher.sendState.filterWords else { return false }
        let bit = slot(of: ObjectIdentifier(scope))
        // SAFETY: Sound because `slot` is below the table's bit count (a 64-bit hash shifted right by
        // `shift`), and `words` holds that many bits: `rebuild` sets the two together, and `update`
        // sets `words` to nil when it frees them; only the main actor reads or replaces them.
        return words[Int(truncatingIfNeeded: bit >> 6)] & (1 << (bit & 63)) != 0
    }

    /// The table bit of an address: Fibonacci hashing, so that neighbouring allocations spread.
    /// Asked only while the table exists, when `shift` is below 64: a masking shift then shifts by
    /// `shift` itself, and saves `send` the test of a larger one.
    @inlinable
    static func slot(of id: ObjectIdentifier) -> UInt64 {
        (UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) &>> Dispatcher.sendState.filterShift
    }

    /// The scopes that need the full path, from the two that decide it.
    private static var scopeCount: Int { ScopeLifetimes.heldCount + InstrumentHooks.scopeMiddlewares.count }

    /// A scope now needs the full path (dismissed while held, or given its first middleware).
    static func insert(_ id: ObjectIdentifier) {
        guard Dispatcher.sendState.filterWords != nil, scopeCount <= table.capacity else { return rebuild() }
        setBit(of: id)
        update()
    }

    /// A scope no longer needs the full path: its bit stays set until the table is rebuilt, which
    /// happens once stale bits outnumber the scopes that need it, or goes with the last of those.
    static func remove() {
        let count = scopeCount
        guard count > 0 else { return update() }
        table.staleBits += 1
        if table.staleBits > count { rebuild() }
    }

    /// Frees the table when no scope needs the full path, and tells the dispatcher; keeps
    /// ``Table/holdsDismissed`` as the scopes' lifetimes say.
    static func update() {
        table.holdsDismissed = ScopeLifetimes.heldCount > 0
        if scopeCount == 0 { freeTable() }
        Dispatcher.filterChanged()
    }

    private static func setBit(of id: ObjectIdentifier) {
        guard let words = Dispatcher.sendState.filterWords else { return }
        let bit = slot(of: id)
        // SAFETY: Sound as the read in `mayContain(_:)` is: `slot` is below the bits `words` holds.
        words[Int(truncatingIfNeeded: bit >> 6)] |= 1 << (bit & 63)
    }

    /// Makes a table sized for the scopes that need the full path, with room to grow, holding exactly
    /// them.
    static func rebuild() {
        freeTable()
        let count = scopeCount
        if count > 0 {
            table.capacity = max(count * 2, 64)
            var bitCount = minimumBitCount
            while bitCount < table.capacity * bitsPerScope { bitCount <<= 1 }
            let wordCount = bitCount / 64
            // SAFETY: Sound because the bits are initialised right below, owned by `words` alone, and
            // freed only by `freeTable()` (which `rebuild` calls first), which sets `words` to nil at
            // once.
            let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
            bits.initialize(repeating: 0, count: wordCount)
            Dispatcher.sendState.filterWords = bits
            Dispatcher.sendState.filterShift = UInt64(64 - bitCount.trailingZeroBitCount)
            for id in ScopeLifetimes.heldIDs { setBit(of: id) }
            for id in InstrumentHooks.scopeMiddlewares.scopeIDs { setBit(of: id) }
        }
        update()
    }

    private static func freeTable() {
        // SAFETY: Sound because `words` was allocated by `rebuild()` with trivial elements and is
        // referenced nowhere else; it is set to nil before anything can read it again.
        Dispatcher.sendState.filterWords?.deallocate()
        Dispatcher.sendState.filterWords = nil
        Dispatcher.sendState.filterShift = 64
        table.capacity = 0
        table.staleBits = 0
    }
}
