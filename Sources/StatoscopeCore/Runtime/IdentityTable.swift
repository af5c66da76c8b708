/// A hash table keyed by object identity, for the tables every change of the tree touches (scopes'
/// runtimes, dismissed scopes, the rows of a changed list).
///
/// Plain data: open addressing with linear probing, keys hashed by one multiplication (an object's
/// address is already unique, and no outsider chooses it), removal by shifting the following entries
/// back. `Dictionary` hashes each key with SipHash, which cost more than the rest of linking a row.
package struct IdentityTable<Value> {
    /// A key and its value side by side, so that a lookup touches one place in memory, not two.
    private struct Slot {
        /// An address; 0 marks an empty slot (no object lives at address 0).
        var key: UInt
        package var value: Value?
    }

    private var slots: [Slot]
    package private(set) var count = 0
    /// 64 minus the number of bits that index a slot.
    private var shift: UInt64

    package init(minimumCapacity: Int = 0) {
        var capacity = 8
        while capacity < minimumCapacity * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(key: 0, value: nil), count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    package var isEmpty: Bool { count == 0 }

    /// How many entries fit before the table grows, at most half its slots.
    package var capacity: Int { slots.count / 2 }

    package subscript(id: ObjectIdentifier) -> Value? {
        get {
            let key = UInt(bitPattern: id)
            let mask = slots.count - 1
            var slot = home(of: key)
            while slots[slot].key != 0 {
                if slots[slot].key == key { return slots[slot].value }
                slot = (slot + 1) & mask
            }
            return nil
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: id)
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// Sets the value of `id`, returning the one it replaces.
    @discardableResult
    package mutating func updateValue(_ value: Value, forKey id: ObjectIdentifier) -> Value? {
        let key = UInt(bitPattern: id)
        let mask = slots.count - 1
        var slot = home(of: key)
        while slots[slot].key != 0 {
            if slots[slot].key == key {
                let old = slots[slot].value
                slots[slot].value = value
                return old
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(key: key, value: value)
        count += 1
        if count * 2 > slots.count { resize(toHold: slots.count) }
        return nil
    }

    /// Removes `id`, returning its value.
    @discardableResult
    package mutating func removeValue(forKey id: ObjectIdentifier) -> Value? {
        let key = UInt(bitPattern: id)
        let mask = slots.count - 1
        var slot = home(of: key)
        while slots[slot].key != key {
            if slots[slot].key == 0 { return nil }
            slot = (slot + 1) & mask
        }
        let removed = slots[slot].value
        // Shift back each following entry that its probe reached past the freed slot, so that no
        // lookup stops at a hole before its key.
        var hole = slot
        var next = (slot + 1) & mask
        while slots[next].key != 0 {
            let wanted = home(of: slots[next].key)
            let reachesHole =
                hole <= next ? (wanted <= hole || wanted > next) : (wanted <= hole && wanted > next)
            if reachesHole {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot(key: 0, value: nil)
        count -= 1
        return removed
    }

    /// Gives memory back once most entries are gone: a table that held a burst of scopes would
    /// otherwise spread every later lookup over the burst's slots.
    package mutating func shrinkIfSparse() {
        guard slots.count > 64, count * 16 < slots.count else { return }
        resize(toHold: count)
    }

    /// Every value, in no particular order.
    package var allValues: [Value] {
        slots.compactMap(\.value)
    }

    /// Every key, in no particular order.
    package var allKeys: [ObjectIdentifier] {
        slots.compactMap { $0.key == 0 ? nil : ObjectIdentifier(address: $0.key) }
    }

    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func resize(toHold minimumCapacity: Int) {
        var resized = IdentityTable(minimumCapacity: minimumCapacity)
        for slot in slots where slot.key != 0 {
            resized.updateValue(slot.value!, forKey: ObjectIdentifier(address: slot.key))
        }
        self = resized
    }
}

extension ObjectIdentifier {
    /// The identity of the object at `address`, as ``IdentityTable`` stores it.
    fileprivate init(address: UInt) {
        // SAFETY: Sound because an `ObjectIdentifier` is the object's address, one word with no other
        // content, and `address` came from `UInt(bitPattern:)` of a real identity (every key the table
        // stores does), so the result is that identity.
        self = unsafeBitCast(address, to: ObjectIdentifier.self)
    }
}
