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
        let runtime: ScopeRuntime
        let id: EffectID
        let outcome: EffectOutcome
        /// Whether the effect ended with this: false for an element of a stream.
        let isFinal: Bool
    }

    // Guards `pending` and `drainScheduled`: the lock is taken by effect tasks and by the drain.
    private let lock = NSLock()
    @exclusivity(unchecked) private var pending: [Completion] = []
    @exclusivity(unchecked) private var drainScheduled = false

    func post(runtime: ScopeRuntime, id: EffectID, outcome: EffectOutcome, isFinal: Bool) {
        lock.lock()
        pending.append(Completion(runtime: runtime, id: id, outcome: outcome, isFinal: isFinal))
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
        guard batch.count >= Self.releaseAwayFrom else {
            for completion in batch {
                _ = deliver(completion)
            }
            batch.removeAll(keepingCapacity: true)
            spare = batch
            return
        }
        // A burst: releasing each finished effect (its body, task, closures and chain) cost the main
        // actor as much as running its `update`. The main actor is the round trip's bottleneck, and
        // the effects' threads have room: one task releases them all there, with the batch.
        var finished: [ScopeEffectBody] = []
        finished.reserveCapacity(batch.count)
        for completion in batch {
            if let body = deliver(completion) { finished.append(body) }
        }
        Self.release(batch, finished)
    }

    /// Hands one completion to its runtime; returns the body of an effect that finished.
    @MainActor
    private func deliver(_ completion: Completion) -> ScopeEffectBody? {
        guard completion.isFinal else {
            completion.runtime.deliverElement(completion.id, outcome: completion.outcome)
            return nil
        }
        return completion.runtime.finishRun(completion.id, outcome: completion.outcome)
    }

    /// Releases what a drain leaves behind on a thread of the global executor.
    private nonisolated static func release(_ batch: [Completion], _ finished: [ScopeEffectBody]) {
        Task.detached(priority: .background) {
            withExtendedLifetime((batch, finished)) {}
        }
    }
}
