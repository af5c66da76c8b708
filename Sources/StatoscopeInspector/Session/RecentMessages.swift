import Foundation

/// The latest messages, oldest first: at most ``capacity`` of them, and fewer when they would hold
/// more than ``byteLimit`` bytes. Each new one takes the place of the oldest once full, so that a
/// page connecting late gets exactly the last ones, at a constant cost per message.
struct RecentMessages {
    let capacity: Int
    let byteLimit: Int
    /// The slots, made as they are first needed; the kept messages run from `oldest`, wrapping.
    private var ring: [Data] = []
    private var oldest = 0
    /// How many messages are kept, and their bytes.
    private(set) var count = 0
    private(set) var bytes = 0

    init(capacity: Int, byteLimit: Int) {
        precondition(capacity > 0, "a page connecting late gets at least one message")
        self.capacity = capacity
        self.byteLimit = byteLimit
    }

    mutating func append(_ message: Data) {
        if count == capacity { dropOldest() }
        let slot = (oldest + count) % capacity
        // Until the ring is full, the next slot is the one past its end.
        if slot == ring.count {
            ring.append(message)
        } else {
            ring[slot] = message
        }
        count += 1
        bytes += message.count
        // The newest is always kept, however long.
        while bytes > byteLimit, count > 1 { dropOldest() }
    }

    private mutating func dropOldest() {
        bytes -= ring[oldest].count
        ring[oldest] = Data()
        oldest = (oldest + 1) % capacity
        count -= 1
    }

    /// The messages kept, oldest first.
    var oldestFirst: [Data] {
        (0..<count).map { ring[(oldest + $0) % capacity] }
    }
}
