@_spi(StatoscopeInternals) import StatoscopeCore

/// The flight recorder's memory: the last `capacity` entries, oldest overwritten first. Plain data.
///
/// Entries keep the event itself, not its text: encoding waits for a dump, so recording one costs a
/// store into a slot that already exists.
///
/// The slots are kept in chunks: an error report keeps a copy of the log as it is, sharing its
/// storage, and the next entry then copies the one chunk it goes into rather than the whole log.
struct FlightLog: Sendable {
    enum Entry: Sendable {
        /// An event sent to the scope at `path` from outside any update.
        case event(path: [String], scopeTypeName: String, event: any Sendable)
        /// A step of an effect's life in the scope at `path`.
        case effect(path: [String], scopeTypeName: String, effectTypeName: String, step: String)
    }

    let capacity: Int
    /// The slots, in chunks of ``chunkSize``, filled up to `capacity` and then reused.
    private var chunks: [[Entry]] = []
    /// How many entries it keeps: at most `capacity`.
    private(set) var count = 0
    /// The slot the next entry goes to once every slot is filled.
    private var next = 0
    /// How many entries were overwritten, and how many of them were events.
    private(set) var droppedCount = 0
    private(set) var droppedEventCount = 0

    /// Slots per chunk: what an entry after a report copies.
    static let chunkSize = 64

    /// Slots reserved up front: enough that a recorder of a usual size never grows its storage while
    /// it records, bounded so that a huge capacity costs memory only as entries arrive.
    static let reservedSlots = 1 << 16

    /// A log of at least one entry: a capacity below one keeps one.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        chunks.reserveCapacity((min(self.capacity, Self.reservedSlots) + Self.chunkSize - 1) / Self.chunkSize)
    }

    mutating func append(_ entry: Entry) {
        if count < capacity {
            if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkSize {
                var chunk: [Entry] = []
                chunk.reserveCapacity(min(Self.chunkSize, capacity - count))
                chunks.append(chunk)
            }
            chunks[chunks.count - 1].append(entry)
            count += 1
            return
        }
        let (chunk, slot) = next.quotientAndRemainder(dividingBy: Self.chunkSize)
        if case .event = chunks[chunk][slot] { droppedEventCount += 1 }
        chunks[chunk][slot] = entry
        next = next + 1 == capacity ? 0 : next + 1
        droppedCount += 1
    }

    /// The entries kept, oldest first.
    var entries: [Entry] {
        let slots = chunks.flatMap { $0 }
        return Array(slots[next...] + slots[..<next])
    }
}
