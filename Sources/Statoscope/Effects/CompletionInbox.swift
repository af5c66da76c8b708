import Foundation

/// Carries finished effects back to the main actor in batches.
///
/// A hop onto the main actor costs several microseconds; one per effect would dominate a cheap
/// effect's round trip. Effects post here from their tasks, and a main-actor drain delivers what
/// they posted, many at a time.
///
/// One for the process, because batching is its purpose: every effect of every scope shares the
/// same main-actor drain.
///
/// The drain delivers in turns: a turn lasts at most a few milliseconds, or ``deliveriesPerTurn``
/// completions, then lets go of the main actor and queues the next turn behind what else waits for
/// it. A stream that produces faster than the main actor delivers thus never holds the main actor
/// for long; it waits instead once ``waitingElementsBound`` completions wait for the main actor.
package final class CompletionInbox: @unchecked Sendable {
    static let shared = CompletionInbox()

    private struct Completion {
        /// The effect's body, which knows its runtime and identifier there. Once the runtime forgot
        /// a finished effect, the batch holding this is what keeps the body: see ``drain()``.
        let body: ScopeEffectBody
        let outcome: EffectOutcome
        /// Whether the effect ended with this: false for an element of a stream.
        let isFinal: Bool
    }

    /// The most completions one turn of the drain delivers before it lets other main-actor jobs run.
    package static let deliveriesPerTurn = 1_024

    /// The longest one turn of the drain delivers before it lets other main-actor jobs run: half a
    /// frame at 60 Hz, so that a turn and the work queued behind it fit in one.
    private static let turn: Duration = .milliseconds(8)

    /// How many completions may wait for the main actor before a stream's producer waits for the
    /// drain to take them: what a stream outrunning the main actor keeps in memory (twice this at
    /// most, counting the batch being delivered).
    package static let waitingElementsBound = 4_096

    // Guards `pending`, `drainScheduled` and `producersWaiting`: the lock is taken by effect tasks
    // and by the drain.
    private let lock = NSLock()
    @exclusivity(unchecked) private var pending: [Completion] = []
    /// Whether a turn of the drain is queued and has not begun.
    @exclusivity(unchecked) private var drainScheduled = false
    /// Streams waiting for the drain to take `pending`, which held too many completions.
    // SAFETY: read and written only with `lock` held, which keeps every access apart.
    @exclusivity(unchecked) private var producersWaiting: [CheckedContinuation<Void, Never>] = []

    /// Posts what `body`'s effect brought back, from its task; `body`'s runtime and identifier are
    /// set, as they are before its task starts.
    func post(body: ScopeEffectBody, outcome: EffectOutcome, isFinal: Bool) {
        _ = append(Completion(body: body, outcome: outcome, isFinal: isFinal))
    }

    /// Posts an element of `body`'s stream, then waits while too many completions wait for the main
    /// actor (see ``waitingElementsBound``), so that the stream runs only a bounded way ahead.
    func postElement(body: ScopeEffectBody, outcome: EffectOutcome) async {
        guard append(Completion(body: body, outcome: outcome, isFinal: false)) else { return }
        await withCheckedContinuation { continuation in
            lock.lock()
            // The drain may have taken them meanwhile; it resumes the waiters when it does.
            guard pending.count >= Self.waitingElementsBound else {
                lock.unlock()
                return continuation.resume()
            }
            producersWaiting.append(continuation)
            lock.unlock()
        }
    }

    /// Appends a completion, and queues a turn of the drain unless one is queued. Returns whether
    /// the completions waiting reached ``waitingElementsBound``.
    private func append(_ completion: Completion) -> Bool {
        lock.lock()
        pending.append(completion)
        let mustSchedule = !drainScheduled
        drainScheduled = true
        let isFull = pending.count >= Self.waitingElementsBound
        lock.unlock()
        if mustSchedule {
            Task { @MainActor in self.drain() }
        }
        return isFull
    }

    /// The buffer the next drain hands to `pending`: two buffers take turns, so that a drain
    /// allocates none. Main actor only.
    @exclusivity(unchecked) private var spare: [Completion] = []

    /// From this many completions in one drain, what they leave behind is released off the main
    /// actor: see ``drain()``.
    private static let releaseAwayFrom = 16

    /// The batch a turn of the drain left undelivered, and where it stopped: the next turn goes on
    /// from there. Main actor only, and moved out while a turn delivers it.
    // SAFETY: only the drain reads and writes them, on the main actor, and never while it runs the
    // app's code: no access overlaps another.
    @exclusivity(unchecked) private var unfinished: [Completion] = []
    @exclusivity(unchecked) private var unfinishedFrom = 0

    /// One turn of the drain: delivers what is waiting, oldest first, until none is or the turn is
    /// up; then queues the next turn behind the main actor's other jobs.
    @MainActor
    private func drain() {
        let deadline = ContinuousClock.now.advanced(by: Self.turn)
        var delivered = 0
        // A turn that goes on with an unfinished batch also takes what was posted before it began,
        // once the batch is delivered, or queues a turn that does: no other turn is queued for it.
        var goesOn = !unfinished.isEmpty
        // Moved out while delivering: a delivery runs the app's code, which never drains, and the
        // batch is then a local that nothing else reaches.
        var batch = goesOn ? unfinished : takePending(beginningTurn: true)
        var index = unfinishedFrom
        if goesOn {
            unfinished = []
            unfinishedFrom = 0
            lock.lock()
            drainScheduled = false
            lock.unlock()
        }
        while true {
            while index < batch.count {
                // Each completion borrowed where it lies: iterating the array would copy each one,
                // a retain and a release of its body and of its outcome's closure.
                Self.deliver(batch[index])
                index += 1
                delivered += 1
                // The clock is read every few deliveries: reading it costs about as much as a cheap
                // delivery does.
                let isTurnUp =
                    delivered >= Self.deliveriesPerTurn
                    || (delivered & 7 == 0 && ContinuousClock.now >= deadline)
                if isTurnUp && index < batch.count {
                    unfinished = batch
                    unfinishedFrom = index
                    scheduleDrain()
                    return
                }
            }
            finish(consume batch)
            guard goesOn else { return }
            goesOn = false
            if delivered >= Self.deliveriesPerTurn || ContinuousClock.now >= deadline {
                scheduleDrain()
                return
            }
            batch = takePending(beginningTurn: false)
            index = 0
        }
    }

    /// Queues a turn of the drain, unless one is queued: there is never more than one, so whatever
    /// else waits for the main actor waits for one turn at most.
    private func scheduleDrain() {
        lock.lock()
        let mustSchedule = !drainScheduled
        drainScheduled = true
        lock.unlock()
        if mustSchedule {
            Task { @MainActor in self.drain() }
        }
    }

    /// Takes everything posted since the last time, in the spare buffer's place, and lets the
    /// streams waiting for room go on. At the beginning of a turn, the turn is no longer queued:
    /// what is posted from now on queues another.
    @MainActor
    private func takePending(beginningTurn: Bool) -> [Completion] {
        // Taken out of `spare` before the lock, so that `pending` holds its buffer alone and effect
        // tasks append to it without copying it.
        var batch = spare
        spare = []
        lock.lock()
        swap(&pending, &batch)
        if beginningTurn { drainScheduled = false }
        let waiting = producersWaiting
        if !waiting.isEmpty { producersWaiting = [] }
        lock.unlock()
        for producer in waiting { producer.resume() }
        return batch
    }

    /// A delivered batch: kept as the spare buffer when small, else released away from the main
    /// actor.
    @MainActor
    private func finish(_ batch: consuming [Completion]) {
        guard batch.count >= Self.releaseAwayFrom else {
            batch.removeAll(keepingCapacity: true)
            spare = batch
            return
        }
        // A burst: releasing each finished effect (its body, its ended task, their closures and the
        // chain) cost the main actor about as much as delivering it, time the app's own events
        // wait for. The batch holds the last reference to most bodies now that their runtime forgot
        // them: one task releases it on the global executor, the bodies with it.
        // Finished bodies let go of their runtimes when delivered (see `deliver`), so nothing of the
        // main actor's leaves with them.
        Burst(consume batch).releaseAwayFromMainActor()
    }

    /// A drained batch on its way to being released away from the main actor.
    ///
    /// A task that captured the batch itself could finish before the drain's own reference went,
    /// and the drain would then release the whole burst on the main actor after all. The batch
    /// moves in here instead, and only the releasing task takes it out.
    private final class Burst: @unchecked Sendable {
        // Written by the drain when made, then only by the releasing task.
        private var completions: [Completion]

        init(_ completions: consuming [Completion]) {
            self.completions = completions
        }

        /// Releases the batch on a thread of the global executor.
        func releaseAwayFromMainActor() {
            // Below the app's own work, and above background work, which a busy device may hold
            // back long enough for the bursts' memory to pile up.
            Task.detached(priority: .utility) {
                self.completions = []
            }
        }
    }

    /// Hands one completion to its effect's runtime.
    @MainActor
    private static func deliver(_ completion: borrowing Completion) {
        // Set before the effect's task starts, and let go of once its final outcome was delivered.
        guard let runtime = completion.body.runtime else { return }
        if completion.isFinal {
            runtime.finishRun(completion.body.id, outcome: completion.outcome)
            // The body may be released off the main actor (see ``drain()``); the runtime belongs to
            // the main actor, and may hold the last reference to a released scope's dependencies.
            completion.body.runtime = nil
        } else {
            runtime.deliverElement(completion.body.id, outcome: completion.outcome)
        }
    }
}
