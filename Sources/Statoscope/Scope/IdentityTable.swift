/// A hash table keyed by object identity, for the tables every change of the tree touches (scopes'
/// runtimes, dismissed scopes, the rows of a changed list).
///
/// Plain data: open addressing with linear probing, keys hashed by one multiplication (an object's
/// address is already unique, and no outsider chooses it), removal by shifting the following entries
/// back. `Dictionary` hashes each key with SipHash, which cost more than the rest of linking a row.
package struct IdentityTable<Value> {
    /// The keys, an address each; 0 marks an empty slot (no object lives at address 0).
    private var keys: [UInt]
    private var values: [Value?]
    package private(set) var count = 0
    /// 64 minus the number of bits that index a slot.
    private var shift: UInt64

    package init(minimumCapacity: Int = 0) {
        var slots = 8
        while slots < minimumCapacity * 2 { slots <<= 1 }
        keys = Array(repeating: 0, count: slots)
        values = Array(repeating: nil, count: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
    }

    package var isEmpty: Bool { count == 0 }

    package subscript(id: ObjectIdentifier) -> Value? {
        get {
            let key = UInt(bitPattern: id)
            var slot = home(of: key)
            while keys[slot] != 0 {
                if keys[slot] == key { return values[slot] }
                slot = (slot + 1) & (keys.count - 1)
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
        var slot = home(of: key)
        while keys[slot] != 0 {
            if keys[slot] == key {
                let old = values[slot]
                values[slot] = value
                return old
            }
            slot = (slot + 1) & (keys.count - 1)
        }
        keys[slot] = key
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return nil
    }

    /// Removes `id`, returning its value.
    @discardableResult
    package mutating func removeValue(forKey id: ObjectIdentifier) -> Value? {
        let key = UInt(bitPattern: id)
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != key {
            if keys[slot] == 0 { return nil }
            slot = (slot + 1) & mask
        }
        let removed = values[slot]
        // Shift back each following entry that its probe reached past the freed slot, so that no
        // lookup stops at a hole before its key.
        var hole = slot
        var next = (slot + 1) & mask
        while keys[next] != 0 {
            let wanted = home(of: keys[next])
            let reachesHole =
                hole <= next ? (wanted <= hole || wanted > next) : (wanted <= hole && wanted > next)
            if reachesHole {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        values[hole] = nil
        count -= 1
        return removed
    }

    /// Every value, in no particular order.
    package var allValues: [Value] {
        values.compactMap { $0 }
    }

    /// Every key, in no particular order.
    package var allKeys: [ObjectIdentifier] {
        keys.indices.compactMap { keys[$0] == 0 ? nil : ObjectIdentifier(address: keys[$0]) }
    }

    private func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        var larger = IdentityTable(minimumCapacity: keys.count)
        for slot in keys.indices where keys[slot] != 0 {
            larger.updateValue(values[slot]!, forKey: ObjectIdentifier(address: keys[slot]))
        }
        self = larger
    }
}

extension ObjectIdentifier {
    /// The identity of the object at `address`, as ``IdentityTable`` stores it.
    fileprivate init(address: UInt) {
        // SAFETY: an `ObjectIdentifier` is the object's address, one word with no other content;
        // `address` came from `UInt(bitPattern:)` of a real identity, so the result is that identity.
        self = unsafeBitCast(address, to: ObjectIdentifier.self)
    }
}
