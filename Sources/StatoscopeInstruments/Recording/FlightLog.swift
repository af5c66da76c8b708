@_spi(StatoscopeInternals) import StatoscopeCore

/// The flight recorder's memory: the last `capacity` entries, oldest overwritten first. Plain data.
///
/// Entries keep the event itself, not its text: encoding waits for a dump, so recording one costs a
/// store into a slot that already exists.
struct FlightLog: Sendable {
    enum Entry: Sendable {
        /// An event sent to the scope at `path` from outside any update.
        case event(path: [String], scopeTypeName: String, event: any Sendable)
        /// A step of an effect's life in the scope at `path`.
        case effect(path: [String], scopeTypeName: String, effectTypeName: String, step: String)
    }

    let capacity: Int
    /// The slots, filled up to `capacity` and then reused.
    private(set) var slots: [Entry] = []
    /// The slot the next entry goes to once every slot is filled.
    private var next = 0
    /// How many entries were overwritten, and how many of them were events.
    private(set) var droppedCount = 0
    private(set) var droppedEventCount = 0

    /// Slots reserved up front: enough that a recorder of a usual size never grows its storage while
    /// it records, bounded so that a huge capacity costs memory only as entries arrive.
    static let reservedSlots = 1 << 16

    /// A log of at least one entry: a capacity below one keeps one.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots.reserveCapacity(min(self.capacity, Self.reservedSlots))
    }

    mutating func append(_ entry: Entry) {
        if slots.count < capacity {
            slots.append(entry)
            return
        }
        if case .event = slots[next] { droppedEventCount += 1 }
        slots[next] = entry
        next = next + 1 == capacity ? 0 : next + 1
        droppedCount += 1
    }

    /// The entries kept, oldest first.
    var entries: [Entry] {
        Array(slots[next...] + slots[..<next])
    }
}
