/// The entries a surviving log's recorder has handed over and its writer has not yet taken: the
/// hand-over's state, apart from its lock and thread (``SurvivingLogHandOver``).
///
/// The ring is as long as the file: when the writer falls behind, the entry given up to make room
/// is the oldest one waiting, which the newer ones waiting would overwrite in the file anyway. So the
/// file ends up holding the same last entries whether the writer kept up or not; only the process
/// dying while entries wait loses them.
struct SurvivingLogPending {
    /// One entry as the recorder kept it, numbered and timed when it was kept.
    struct Entry: Sendable {
        let content: FlightLog.Entry
        /// The entry's place among all the log's entries, from 1; its slot is `(sequence - 1) % slots`.
        let sequence: UInt64
        /// How many events were kept up to and including this entry.
        let eventNumber: UInt64
        /// Nanoseconds since 1970, when the recorder kept it.
        let time: Int64
    }

    private var ring: [Entry?]
    /// Where the oldest waiting entry is in `ring`.
    private var oldest = 0
    private(set) var count = 0
    private(set) var lastSequence: UInt64 = 0
    private(set) var eventCount: UInt64 = 0
    /// The writer waits for entries: the next one handed over must wake it.
    var writerIsWaiting = false
    /// The log is closing: the writer writes what waits, then ends.
    var isClosing = false
    /// The writer has written everything handed over before closing, and ended.
    var writerHasEnded = false
    /// The last entry the writer has written, or given up.
    var writtenThrough: UInt64 = 0
    /// Someone waits for the writer to write every entry handed over.
    var awaitsWrites = false

    init(capacity: Int) {
        ring = Array(repeating: nil, count: max(capacity, 1))
    }

    /// Numbers `content`, puts it after the others waiting (in place of the oldest when the ring is
    /// full), and says whether the writer must be woken.
    mutating func handOver(_ content: FlightLog.Entry, isEvent: Bool, at time: Int64) -> (
        sequence: UInt64, wakesWriter: Bool
    ) {
        lastSequence += 1
        if isEvent { eventCount += 1 }
        let entry = Entry(content: content, sequence: lastSequence, eventNumber: eventCount, time: time)
        if count == ring.count {
            ring[oldest] = entry
            oldest = (oldest + 1) % ring.count
        } else {
            ring[(oldest + count) % ring.count] = entry
            count += 1
        }
        return (lastSequence, writerIsWaiting)
    }

    /// Moves every waiting entry, oldest first, to the end of `batch`.
    mutating func takeAll(into batch: inout [Entry]) {
        for offset in 0..<count {
            let index = (oldest + offset) % ring.count
            if let entry = ring[index] { batch.append(entry) }
            ring[index] = nil
        }
        oldest = 0
        count = 0
    }
}
