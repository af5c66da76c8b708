import Foundation

/// The latest messages, at most ``capacity`` of them, oldest first: once full, each new one takes the
/// place of the oldest, so that a page connecting late gets exactly the last ``capacity``, at a
/// constant cost per message.
struct RecentMessages {
    let capacity: Int
    private var ring: [Data] = []
    /// Where the oldest message is once the ring is full; the next one goes there.
    private var oldest = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a page connecting late gets at least one message")
        self.capacity = capacity
    }

    mutating func append(_ message: Data) {
        guard ring.count == capacity else {
            ring.append(message)
            return
        }
        ring[oldest] = message
        oldest = (oldest + 1) % capacity
    }

    /// The messages kept, oldest first.
    var oldestFirst: [Data] {
        Array(ring[oldest...] + ring[..<oldest])
    }
}
