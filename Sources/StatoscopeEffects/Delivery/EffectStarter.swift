import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// Makes the tasks of started effects away from the main actor.
///
/// Making a task costs the main actor about as much as everything else an effect's round trip asks
/// of it (its allocation, and a hand-over to the global executor that may wake a thread). The main
/// actor only queues the effect's body; one runner task makes the tasks of
/// everything queued, in order, and ends when the queue is empty. While the main actor keeps
/// enqueuing, the runner is already awake, so the hand-overs come in batches. When the runner
/// falls behind, the main actor makes tasks itself again (see ``backlog``), as it does for an effect
/// that waits for a delay first. Every effect's task is made here, and cancelled through here.
///
/// One for the process, like ``CompletionInbox``: batching is its purpose. ``EffectStartQueue``
/// holds the logic, and `queue` holds it with the lock that guards it.
final class EffectStarter: Sendable {
    static let shared = EffectStarter()

    /// An effect waiting for its task, with the dependencies its task provides.
    private struct Start: Sendable {
        let body: ScopeEffectBody
        let dependencies: DependencySnapshot
        /// Where the effect was started, when in an isolation of instruments: its task runs there.
        let isolation: InstrumentIsolation?
    }

    /// The effects waiting for their tasks. Its lock also guards the `launch` of every body handed to
    /// `start`: the main actor and the runner take it. Nothing run with it held calls out: the tasks
    /// made or cancelled here are made and cancelled once `withLock` returned (`Task.cancel()` runs
    /// the effect's own cancellation handlers at once, on this thread), and no body is released in it
    /// (the queue lets go of each body as it hands it over).
    private let queue = CriticalState(EffectStartQueue<Start>())

    /// Queues `body` for its task, which runs it with `dependencies` provided, or makes the task at
    /// once when the runner is behind. Main actor; the body's runtime and identifier are set.
    func start(_ body: ScopeEffectBody, providing dependencies: DependencySnapshot) {
        let start = Start(body: body, dependencies: dependencies, isolation: body.isolation)
        let queued = queue.withLock { $0.enqueue(start, unlessWaiting: Self.backlog) }
        switch queued {
        case nil:
            started(body, task: Self.task(running: start))
        case true:
            Task.detached { EffectStarter.shared.runQueued() }
        case false:
            break
        }
    }

    /// How many bodies may wait for the runner before the main actor makes tasks itself: a runner
    /// that far behind is not keeping up with the main actor, and making the next tasks here spreads
    /// the work over both threads rather than letting the queue, and the effects' wait, grow.
    private static let backlog = 4

    /// Makes the task of `body` at once, here on the main actor: a task that waits for `delay` on
    /// `clock` before it runs the effect, with `dependencies` provided. Rare (a debounce's quiet
    /// period, a delayed start), and the task sleeps first, so it is not worth the runner's queue.
    func start(
        _ body: ScopeEffectBody, providing dependencies: DependencySnapshot, after delay: Duration,
        on clock: EffectClock
    ) {
        let isolation = body.isolation
        let task: Task<Void, any Error> = Task.detached {
            do {
                try await clock.sleep(for: delay)
            } catch {
                // Cancelled while waiting: replaced by a newer effect with its key, or ended.
                CompletionInbox.shared.post(body: body, outcome: .nothing, isFinal: true)
                return
            }
            // Logged as started from here: until now the effect was only scheduled.
            CompletionInbox.shared.post(body: body, outcome: .waitEnded, isFinal: false)
            await InstrumentIsolation.$current.withValue(isolation) {
                await RunningEffect.$current.withValue(body) {
                    await dependencies.provide { await body.run() }
                }
            }
        }
        started(body, task: task)
    }

    /// Records the task of a body made on the main actor, so that ``cancel(_:)`` finds it.
    private func started(_ body: ScopeEffectBody, task: Task<Void, any Error>) {
        _ = queue.withLock { _ in body.launch.start(task) }
    }

    /// Cancels `body`'s task, or, when it is not made yet, keeps it from being made. Main actor.
    func cancel(_ body: ScopeEffectBody) {
        let task = queue.withLock { _ in body.launch.cancel() }
        task?.cancel()
    }

    /// The runner: makes the task of each queued body until none is left.
    private func runQueued() {
        while let (start, isCancelled) = next() {
            if isCancelled {
                // Never ran: the runtime still counts the run until its final outcome arrives.
                CompletionInbox.shared.post(body: start.body, outcome: .nothing, isFinal: true)
                continue
            }
            let task = Self.task(running: start)
            if !queue.withLock({ _ in start.body.launch.start(task) }) { task.cancel() }
        }
    }

    /// The next queued body, and whether it was cancelled while it waited.
    private func next() -> (Start, isCancelled: Bool)? {
        queue.withLock { queue in
            guard let start = queue.next() else { return nil }
            return (start, start.body.launch.isCancelled)
        }
    }

    private static func task(running start: Start) -> Task<Void, any Error> {
        let body = start.body
        let dependencies = start.dependencies
        // A throwing task, though the work throws nothing: `Task.detached` hands a non-throwing
        // operation to the runtime through a thunk whose context is one allocation more per effect,
        // and a throwing one as it is.
        // The body is the running effect for its work, and for the tasks that work makes: an error
        // the work handles is reported for the effect's scope.
        if let isolation = start.isolation {
            // Started in an isolation of instruments: the effect's work is code of the isolated run,
            // so what it reports, sends or writes from its task (or the tasks it makes, and their
            // hops to the main actor) happens in it, as its completion does.
            return Task.detached {
                await InstrumentIsolation.$current.withValue(isolation) {
                    await RunningEffect.$current.withValue(body) {
                        await dependencies.provide { await body.run() }
                    }
                }
            }
        }
        if dependencies.isEmpty {
            // Without dependencies to provide, the task runs the effect with no snapshot around it: an
            // effect parked at an `await` keeps every frame below it, and fewer frames fit in the
            // task's first allocator slab.
            return Task.detached { await RunningEffect.$current.withValue(body) { await body.run() } }
        }
        return Task.detached {
            await RunningEffect.$current.withValue(body) { await dependencies.provide { await body.run() } }
        }
    }
}
