import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Carries finished effects, and streams' elements, back to the main actor in batches.
///
/// A hop onto the main actor costs far more than delivering; one per effect would dominate a cheap
/// effect's round trip. Effects post here from their tasks, and a main-actor drain delivers what
/// they posted, many at a time.
///
/// One for the process, because batching is its purpose: every effect of every scope shares the
/// same main-actor drain.
///
/// The drain delivers in turns (see ``DeliveryTurn``): a turn stops when its time or count is up,
/// and queues the next turn behind what else waits for the main actor, so that no burst holds the
/// main actor for long. A turn delivers one-shot completions first, then serves the streams with
/// something waiting in turn, a share each: a stream that produces faster than the main actor
/// delivers queues behind itself only, in its own ``StreamBacklog``, and the completions of other
/// effects never wait behind its elements. A stream's iteration waits while its backlog is full.
///
/// Effect tasks reach only `posted`, and through its lock every stream body's `backlog`; the rest
/// belongs to the main actor.
package final class CompletionInbox: Sendable {
    package static let shared = CompletionInbox()

    /// How many elements of one stream may wait for the main actor before its iteration waits: what
    /// a stream outrunning the main actor keeps in memory, twice this at most, counting the elements
    /// taken and being delivered.
    package static let streamBacklogCapacity = 1_024

    /// The most elements of one stream a turn delivers before it serves the next stream.
    package static let elementsPerVisit = 128

    private struct Completion: Sendable {
        /// The effect's body, which knows its runtime and identifier there. Once the runtime forgot
        /// a finished effect, the batch holding this is what keeps the body: see ``drain()``.
        let body: ScopeEffectBody
        let outcome: EffectOutcome
        /// Whether the effect ended with this: false for an element of a stream.
        let isFinal: Bool
    }

    /// What effect tasks post and the main actor takes. Its lock also guards every stream body's
    /// `backlog`. Nothing run with it held calls out or releases anything: appending and swapping
    /// release nothing (a batch is swapped out whole, into a buffer emptied before `withLock`), and
    /// a producer is resumed once `withLock` returned.
    private let posted = CriticalState(Posted())

    /// What effect tasks share with the main actor's drain.
    private struct Posted: Sendable {
        /// One-shot completions, and the ends of effects that never ran, oldest first.
        var pending: [Completion] = []
        /// Whether a turn of the drain is queued and has not begun.
        var drainScheduled = false
        /// Streams that posted while the drain did not serve them, for the next turn to serve.
        var askingToBeServed: [StreamScopeEffectBody] = []
        /// Elements in the streams' backlogs, all streams together: see ``waiting``.
        var elementsWaiting = 0

        /// Marks a turn of the drain queued; returns whether none was, and the caller must queue it.
        mutating func markDrainQueued() -> Bool {
            defer { drainScheduled = true }
            return !drainScheduled
        }

        /// Puts `body` among the streams the next turn serves; returns whether the caller must queue
        /// that turn.
        mutating func askToBeServed(_ body: StreamScopeEffectBody) -> Bool {
            askingToBeServed.append(body)
            return markDrainQueued()
        }
    }

    /// How many one-shot completions, and streams' elements, were posted and are not yet taken by the
    /// main actor, for tests; a turn under way may still deliver some it took.
    package var waiting: (completions: Int, elements: Int) {
        posted.withLock { ($0.pending.count, $0.elementsWaiting) }
    }

    /// Posts what `body`'s one-shot effect brought back, or the end of an effect that never ran,
    /// from its task; `body`'s runtime and identifier are set, as they are before its task starts.
    func post(body: ScopeEffectBody, outcome: EffectOutcome, isFinal: Bool) {
        let mustSchedule = posted.withLock {
            $0.pending.append(Completion(body: body, outcome: outcome, isFinal: isFinal))
            return $0.markDrainQueued()
        }
        if mustSchedule {
            queueTurn()
        }
    }

    /// Posts an element of `body`'s stream, from its task; returns whether the stream's backlog is
    /// full, and a producer that can wait should: see ``waitForRoom(in:)``.
    func post(element outcome: EffectOutcome, of body: StreamScopeEffectBody) -> Bool {
        let (mustSchedule, isFull) = posted.withLock { posted in
            let mustAsk = body.backlog.post(outcome)
            posted.elementsWaiting += 1
            return (mustAsk && posted.askToBeServed(body), body.backlog.isFull)
        }
        if mustSchedule {
            queueTurn()
        }
        return isFull
    }

    /// Posts the last outcome of `body`'s stream, delivered after every element it posted.
    func post(end outcome: EffectOutcome, of body: StreamScopeEffectBody) {
        let mustSchedule = posted.withLock {
            body.backlog.postEnd(outcome) && $0.askToBeServed(body)
        }
        if mustSchedule {
            queueTurn()
        }
    }

    /// Waits until the drain takes the elements of `body`'s full backlog.
    func waitForRoom(in body: StreamScopeEffectBody) async {
        await withCheckedContinuation { continuation in
            let hasRoom = posted.withLock { _ in body.backlog.wait(continuation) }
            hasRoom?.resume()
        }
    }

    /// Queues a turn of the drain, unless one is queued: there is never more than one, so whatever
    /// else waits for the main actor waits for one turn at most.
    private func scheduleDrain() {
        if posted.withLock({ $0.markDrainQueued() }) {
            queueTurn()
        }
    }

    /// Makes the task of the drain's next turn. Detached: a task made by the code that posts would
    /// inherit its task-local values (an effect's task runs in the isolation of instruments it was
    /// started in), and the turn delivers the outcomes of every effect, each in its own isolation or
    /// in none.
    private func queueTurn() {
        Task.detached { @MainActor in self.drain() }
    }

    /// The buffer the next drain hands to `pending`: two buffers take turns, so that a drain
    /// allocates none.
    // SAFETY: Sound because only the drain touches it and the six below, on the main actor, and the
    // drain is never re-entered: it runs only from its own task, and no code it runs can call it,
    // neither a delivery (outside any access: what a delivery needs is moved into locals first) nor a
    // deinit of the app's that a change here may run (emptying `round` can release the last
    // reference to a stream's body). Unchecked because the run-time checks cost every drain, one per
    // completion at least.
    @MainActor @exclusivity(unchecked) private var spare: [Completion] = []

    /// The one-shot batch a turn left undelivered, from `unfinishedFrom` on: the next turn delivers
    /// it before anything else.
    // SAFETY: Sound as `spare` is: only the drain touches it, and the drain is never re-entered.
    @MainActor @exclusivity(unchecked) private var unfinished: [Completion] = []
    // SAFETY: Sound as `spare` is.
    @MainActor @exclusivity(unchecked) private var unfinishedFrom = 0

    /// The streams the drain serves, a share each in turn: this round's from `roundFrom` on, then
    /// the next round's. A stream leaves once the drain finds nothing waiting in its backlog.
    // SAFETY: Sound as `spare` is: only the drain touches it, and the drain is never re-entered.
    @MainActor @exclusivity(unchecked) private var round: [StreamScopeEffectBody] = []
    // SAFETY: Sound as `spare` is.
    @MainActor @exclusivity(unchecked) private var roundFrom = 0
    // SAFETY: Sound as `spare` is.
    @MainActor @exclusivity(unchecked) private var nextRound: [StreamScopeEffectBody] = []
    /// The buffer `askingToBeServed` is swapped with.
    // SAFETY: Sound as `spare` is; its swap with `askingToBeServed` is made with `posted`'s lock held.
    @MainActor @exclusivity(unchecked) private var asked: [StreamScopeEffectBody] = []

    /// From this many completions in one batch, what they leave behind is released off the main
    /// actor: see ``finish(_:)``.
    private static let releaseAwayFrom = 16

    /// One turn of the drain: the one-shot completions waiting, oldest first, then the streams' in
    /// turn, until none waits or the turn is up; then, if any waits, queues the next turn behind the
    /// main actor's other jobs.
    ///
    /// While streams wait, the one-shot completions have half the turn, and the streams the rest at
    /// least: neither kind can starve the other.
    @MainActor
    private func drain() {
        var turn = DeliveryTurn()
        // Moved out while delivering: a delivery runs the app's code, which never drains, and the
        // batch is then a local that nothing else reaches.
        var batch: [Completion]
        var index = unfinishedFrom
        // A turn that goes on with an unfinished batch takes what was posted meanwhile once it is
        // delivered, if the turn is not up.
        var tookPending = unfinished.isEmpty
        if tookPending {
            // Taken out of `spare` before the lock, so that `pending` holds its buffer alone and
            // effect tasks append to it without copying it.
            batch = spare
            spare = []
        } else {
            batch = unfinished
            unfinished = []
            unfinishedFrom = 0
        }
        posted.withLock { posted in
            posted.drainScheduled = false
            if tookPending { swap(&posted.pending, &batch) }
            if !posted.askingToBeServed.isEmpty { swap(&posted.askingToBeServed, &asked) }
        }
        if !asked.isEmpty {
            nextRound.append(contentsOf: asked)
            asked.removeAll(keepingCapacity: true)
        }
        let streamsWait = roundFrom < round.count || !nextRound.isEmpty
        while true {
            // Each completion borrowed where it lies: iterating the array would copy each one, a
            // retain and a release of its body and of its outcome's closure.
            while index < batch.count {
                Self.deliver(batch[index])
                index += 1
                if (turn.count() || (streamsWait && turn.isHalfUp)) && index < batch.count {
                    unfinished = consume batch
                    unfinishedFrom = index
                    serveStreams(&turn)
                    scheduleDrain()
                    return
                }
            }
            finish(consume batch)
            guard !tookPending && !turn.isUp && !(streamsWait && turn.isHalfUp) else { break }
            batch = spare
            spare = []
            posted.withLock { swap(&$0.pending, &batch) }
            index = 0
            tookPending = true
        }
        serveStreams(&turn)
        // What was posted while an unfinished batch waited queued no turn: the next one takes it.
        if !tookPending || roundFrom < round.count || !nextRound.isEmpty {
            scheduleDrain()
        }
    }

    /// Serves the streams with something waiting, a share each in turn, until none waits or the turn
    /// is up.
    @MainActor
    private func serveStreams(_ turn: inout DeliveryTurn) {
        while !turn.isUp {
            if roundFrom == round.count {
                // A round served: the streams it held are in the next one, or left.
                if !round.isEmpty {
                    round.removeAll(keepingCapacity: true)
                    roundFrom = 0
                }
                guard !nextRound.isEmpty else { return }
                swap(&round, &nextRound)
            }
            let stream = round[roundFrom]
            roundFrom += 1
            if serve(stream, &turn) { nextRound.append(stream) }
        }
    }

    /// Delivers what `stream` posted, oldest first, until its share or the turn is up; returns
    /// whether the stream is still to be served.
    @MainActor
    private func serve(_ stream: StreamScopeEffectBody, _ turn: inout DeliveryTurn) -> Bool {
        // Moved out while delivering, like a batch of completions.
        var taken = stream.taken
        stream.taken = []
        var index = stream.takenFrom
        var delivered = 0
        while true {
            if index == taken.count {
                taken.removeAll(keepingCapacity: true)
                index = 0
                let next = posted.withLock { posted in
                    let next = stream.backlog.take(into: &taken)
                    posted.elementsWaiting -= taken.count
                    return next
                }
                switch next {
                case .elements(let producer):
                    producer?.resume()
                case .end(let last):
                    // The stream's buffers go with `taken`: its body may outlive the stream.
                    stream.takenFrom = 0
                    Self.deliver(Completion(body: stream, outcome: last, isFinal: true))
                    turn.count()
                    return false
                case .nothing:
                    stream.takenFrom = 0
                    return false
                }
            }
            if let runtime = stream.runtime {
                if let isolation = stream.isolation {
                    InstrumentIsolation.$current.withValue(isolation) {
                        runtime.deliverElement(stream.id, outcome: taken[index])
                    }
                } else {
                    runtime.deliverElement(stream.id, outcome: taken[index])
                }
            }
            index += 1
            delivered += 1
            if turn.count() || delivered == Self.elementsPerVisit {
                stream.taken = taken
                stream.takenFrom = index
                return true
            }
        }
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
    // SAFETY: Sound because `completions` is written by its initialiser, on the main actor, then only
    // by the one releasing task, which the drain starts after it let go of the batch: no two threads
    // ever reach it at once.
    private final class Burst: @unchecked Sendable {
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
        if let isolation = completion.body.isolation {
            return InstrumentIsolation.$current.withValue(isolation) { deliver(completion, to: runtime) }
        }
        deliver(completion, to: runtime)
    }

    @MainActor
    private static func deliver(_ completion: borrowing Completion, to runtime: ScopeRuntime) {
        if completion.isFinal {
            runtime.finishRun(completion.body.id, outcome: completion.outcome)
            // The body may be released off the main actor (see ``drain()``); the runtime belongs to
            // the main actor, and may hold the last reference to a released scope's dependencies.
            completion.body.runtime = nil
            completion.body.isolation = nil
        } else {
            runtime.deliverElement(completion.body.id, outcome: completion.outcome)
        }
    }
}
