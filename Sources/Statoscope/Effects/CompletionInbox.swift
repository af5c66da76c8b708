import Foundation

/// Carries finished effects back to the main actor in batches.
///
/// A hop onto the main actor costs several microseconds; one per effect would dominate a cheap
/// effect's round trip. Effects post here from their tasks, and a single main-actor drain delivers
/// everything posted since the previous drain.
///
/// One for the process, because batching is its purpose: every effect of every scope shares the
/// same main-actor drain.
final class CompletionInbox: @unchecked Sendable {
    static let shared = CompletionInbox()

    private struct Completion {
        /// The effect's body, which knows its runtime and identifier there. Once the runtime forgot
        /// a finished effect, the batch holding this is what keeps the body: see ``drain()``.
        let body: ScopeEffectBody
        let outcome: EffectOutcome
        /// Whether the effect ended with this: false for an element of a stream.
        let isFinal: Bool
    }

    // Guards `pending` and `drainScheduled`: the lock is taken by effect tasks and by the drain.
    private let lock = NSLock()
    @exclusivity(unchecked) private var pending: [Completion] = []
    @exclusivity(unchecked) private var drainScheduled = false

    /// Posts what `body`'s effect brought back, from its task; `body`'s runtime and identifier are
    /// set, as they are before its task starts.
    func post(body: ScopeEffectBody, outcome: EffectOutcome, isFinal: Bool) {
        lock.lock()
        pending.append(Completion(body: body, outcome: outcome, isFinal: isFinal))
        let mustSchedule = !drainScheduled
        drainScheduled = true
        lock.unlock()
        if mustSchedule {
            Task { @MainActor in self.drain() }
        }
    }

    /// The buffer the next drain hands to `pending`: two buffers take turns, so that a drain
    /// allocates none. Main actor only.
    @exclusivity(unchecked) private var spare: [Completion] = []

    /// From this many completions in one drain, what they leave behind is released off the main
    /// actor: see ``drain()``.
    private static let releaseAwayFrom = 16

    @MainActor
    private func drain() {
        // Taken out of `spare` before the lock, so that `pending` holds its buffer alone and effect
        // tasks append to it without copying it.
        var batch = spare
        spare = []
        lock.lock()
        swap(&pending, &batch)
        drainScheduled = false
        lock.unlock()
        // Each completion borrowed where it lies: iterating the array would copy each one, a
        // retain and a release of its body and of its outcome's closure.
        for index in batch.indices {
            Self.deliver(batch[index])
        }
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
