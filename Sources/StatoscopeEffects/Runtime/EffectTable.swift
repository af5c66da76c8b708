@_spi(StatoscopeInternals) import StatoscopeCore

/// The payloads of the effects in flight, found by identifier: what ``EffectsStateMachine`` keeps of
/// each effect.
///
/// Identifiers only grow, so the table is an array in identifier order: enqueueing appends, a lookup
/// is a binary search, and a removal leaves a hole that a compaction closes once holes outnumber
/// effects. Next to a dictionary, it hashes nothing, takes half the memory (16 bytes an effect for a
/// one-word payload, where a dictionary at 100,000 effects has 262,144 buckets of 16 bytes), and
/// lists its effects in order without sorting them. An effect that never ends (a stream) costs its
/// own slot only: compaction keeps the slots in order, wherever they are.
struct EffectTable<Payload> {
    private struct Slot {
        let id: EffectID
        /// Nil once the effect left: a hole until the next compaction.
        var payload: Payload?
    }

    private var slots: [Slot] = []
    /// The number of effects in the table, holes not counted.
    private(set) var count = 0
    /// Every slot before this one is a hole. Effects mostly end in the order they started, so the
    /// oldest effect, found here without a search, is the one a completion most often looks up.
    private var head = 0

    var isEmpty: Bool { count == 0 }

    /// Adds an effect whose identifier is greater than every identifier the table has held.
    mutating func append(_ id: EffectID, _ payload: Payload) {
        slots.append(Slot(id: id, payload: payload))
        count += 1
    }

    subscript(id: EffectID) -> Payload? {
        index(of: id).flatMap { slots[$0].payload }
    }

    /// Where the effect is, if the table has it.
    func index(of id: EffectID) -> Int? {
        // The effect enqueued last, as an update's return starts it: no search.
        if let last = slots.last, last.id == id {
            return last.payload == nil ? nil : slots.count - 1
        }
        guard head < slots.count else { return nil }
        // The oldest effect, as a completion mostly finds it: no search either.
        let oldest = slots[head].id
        if oldest == id { return head }
        // Every slot before `head` is a hole.
        guard oldest < id else { return nil }
        // Identifiers increase along the slots, one slot at most each: the effect is no further from
        // the head than its identifier is from the oldest one, and exactly that far while no slot
        // between them was compacted away or never added. Effects ending nearly in order (two
        // threads, say) are found there.
        let distance = id.rawValue - oldest.rawValue
        let guess = distance < UInt64(slots.count - head) ? head + Int(distance) : slots.count - 1
        if slots[guess].id == id { return slots[guess].payload == nil ? nil : guess }
        var low = head
        var high = guess
        while low < high {
            let middle = (low + high) / 2
            if slots[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < slots.count, slots[low].id == id, slots[low].payload != nil else { return nil }
        return low
    }

    /// Takes out the effect at `index`, from ``index(of:)``; indices found before are stale after.
    mutating func remove(at index: Int) -> (id: EffectID, payload: Payload) {
        let id = slots[index].id
        // SAFETY: Sound because the payload is present: `index(of:)` returns only the indices of
        // effects the table has, and every caller passes one it just got, with no change to the
        // table and no user code in between. Debug builds check the unwrap. Taken out rather than
        // copied and cleared: no retain and release of the payload, once per completion.
        let payload = slots[index].payload.take().unsafelyUnwrapped
        count -= 1
        if index == head {
            while head < slots.count, slots[head].payload == nil { head += 1 }
        }
        let holes = slots.count - count
        if count == 0 {
            // A burst's buffer is kept for the next one, unless it is a large one's.
            slots.removeAll(keepingCapacity: slots.capacity <= 4_096)
            head = 0
        } else if holes > 64, holes > count {
            // Each slot moves once per compaction, and a compaction waits for as many removals as
            // the effects it keeps: removal stays constant time, amortised. Holes only at the head,
            // as effects ending in order leave them, go in one move.
            if holes == head {
                slots.removeFirst(head)
            } else {
                slots.removeAll { $0.payload == nil }
            }
            head = 0
        }
        return (id, payload)
    }

    mutating func removeAll() {
        slots.removeAll()
        count = 0
        head = 0
    }

    /// The effects, in identifier order.
    package var all: [(id: EffectID, payload: Payload)] {
        var all: [(id: EffectID, payload: Payload)] = []
        all.reserveCapacity(count)
        for slot in slots {
            if let payload = slot.payload { all.append((slot.id, payload)) }
        }
        return all
    }
}
