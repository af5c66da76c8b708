import Foundation

/// The lock and wake-ups around ``SurvivingLogPending``: the recorder hands entries over on the main
/// actor, the writer thread takes them in batches, and closing waits for the writer to end.
// SAFETY (`@unchecked Sendable`): Sound because `state` and `writerIdentity`, the mutable parts, are
// read and written only while `condition`'s lock is held.
final class SurvivingLogHandOver: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: SurvivingLogPending
    /// The writer thread's identity once it has started, for the fatal-signal handler.
    private var writerIdentity: UInt?
    private let file: SurvivingLogFile

    init(file: SurvivingLogFile) {
        self.file = file
        state = SurvivingLogPending(capacity: file.slotCount)
    }

    /// Hands an entry to the writer, waking it if it waits; notes in the file's header that the
    /// entry is handed over, under the lock, so that the header never says less than was handed.
    func handOver(_ content: FlightLog.Entry, isEvent: Bool, at time: Int64) {
        condition.lock()
        let (sequence, wakesWriter) = state.handOver(content, isEvent: isEvent, at: time)
        file.noteHandedOver(sequence)
        if wakesWriter {
            state.writerIsWaiting = false
            condition.signal()
        }
        condition.unlock()
    }

    /// On the writer thread: notes that the entries of `batch` are written, waits until entries wait
    /// or the log closes, then moves the waiting entries to `batch`. Returns false, having noted that the writer ends, once the log is closing
    /// and nothing waits.
    func takeEntries(into batch: inout [SurvivingLogPending.Entry]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if let written = batch.last?.sequence {
            state.writtenThrough = written
            if state.awaitsWrites { condition.broadcast() }
        }
        batch.removeAll(keepingCapacity: true)
        while state.count == 0, !state.isClosing {
            state.writerIsWaiting = true
            condition.wait()
        }
        state.writerIsWaiting = false
        guard state.count > 0 else {
            state.writerHasEnded = true
            condition.broadcast()
            return false
        }
        state.takeAll(into: &batch)
        return true
    }

    /// Returns once the writer has written every entry handed over so far, or ended.
    func waitUntilWritten() {
        condition.lock()
        defer { condition.unlock() }
        state.awaitsWrites = true
        while state.writtenThrough < state.lastSequence, !state.writerHasEnded { condition.wait() }
        state.awaitsWrites = false
    }

    /// On the writer thread, first: says which thread it is.
    func writerStarted(as identity: UInt) {
        condition.lock()
        writerIdentity = identity
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the writer thread to start; returns its identity.
    func waitForWriter() -> UInt {
        condition.lock()
        defer { condition.unlock() }
        while writerIdentity == nil { condition.wait() }
        return writerIdentity ?? 0
    }

    /// Tells the writer to write what waits, then end; with `waiting`, returns once it has.
    func close(waiting: Bool) {
        condition.lock()
        defer { condition.unlock() }
        state.isClosing = true
        condition.broadcast()
        while waiting, !state.writerHasEnded { condition.wait() }
    }
}
