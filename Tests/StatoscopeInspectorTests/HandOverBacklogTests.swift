import Foundation
import StatoscopeTestSupport
import Testing

@testable import StatoscopeInspector

/// A burst of events faster than the inspector renders them waits for it on the main actor, so what
/// the inspector holds stays bounded; nothing is dropped, and a consumer that stops taking never
/// hangs the app.
extension InspectorTests {
    @MainActor
    @Suite struct HandOverBacklogTests {
        @Test func aBurstFasterThanItsConsumerWaitsForItAndLosesNothing() async {
            let limit = HandOverBacklog.limit
            let total = limit * 6
            // The consumer runs on a thread of its own: the main actor blocks while it waits, and on a
            // busy test run the cooperative pool may be full of tests waiting for the main actor.
            let consumerThread = DedicatedThreadExecutor()
            defer { consumerThread.stop() }
            let backlog = HandOverBacklog(patience: testPatience / .seconds(1))
            let (stream, continuation) = AsyncStream<[Int]>.makeStream()
            let batch = TurnBatch(handingTo: continuation, backlog: backlog)
            // A consumer far slower than the main actor's appends: it pauses at every batch.
            let consumer = Task.detached(executorPreference: consumerThread) {
                () -> (taken: [Int], mostWaiting: Int) in
                var taken: [Int] = []
                var mostWaiting = 0
                for await elements in stream {
                    mostWaiting = max(mostWaiting, backlog.count)
                    usleep(20_000)
                    taken += elements
                    backlog.taken(elements.count)
                }
                backlog.close()
                return (taken, mostWaiting)
            }
            // One turn of the main actor: nothing else runs on it until the burst is handed over.
            for element in 0..<total { batch.append(element) }
            batch.finish()
            let (taken, mostWaiting) = await consumer.value
            #expect(taken == Array(0..<total), "elements were lost or reordered: \(taken.count) of \(total)")
            #expect(
                mostWaiting <= 2 * limit,
                "\(mostWaiting) elements waited for the consumer, more than twice the limit of \(limit)")
        }

        @Test func aConsumerThatTakesNothingHoldsTheMainActorBackOnceForItsPatience() {
            let backlog = HandOverBacklog(patience: 0.2)
            backlog.added(HandOverBacklog.limit)
            let started = ContinuousClock.now
            #expect(backlog.waitUntilBelowLimit() == .outOfPatience)
            #expect(ContinuousClock.now - started >= .seconds(backlog.patience))
            // Until it catches up, the next hand-overs do not wait for it again.
            backlog.added(10)
            #expect(backlog.waitUntilBelowLimit() == .outOfPatience)
            backlog.taken(HandOverBacklog.limit)
            #expect(backlog.count == 10)
            backlog.added(HandOverBacklog.limit)
            let again = ContinuousClock.now
            #expect(backlog.waitUntilBelowLimit() == .outOfPatience)
            #expect(
                ContinuousClock.now - again >= .seconds(backlog.patience),
                "once caught up, the consumer is waited for again")
        }

        @Test func aConsumerThatEndedIsNotWaitedFor() {
            let backlog = HandOverBacklog()
            backlog.close()
            backlog.added(HandOverBacklog.limit * 2)
            #expect(backlog.waitUntilBelowLimit() == .closed)
        }

        @Test func aConsumerTakingEnoughEndsTheWait() {
            let backlog = HandOverBacklog(patience: testPatience / .seconds(1))
            backlog.added(HandOverBacklog.limit + 10)
            // The taker is a thread, scheduled by the system whatever the cooperative pool is doing.
            let taker = Thread {
                Thread.sleep(forTimeInterval: 0.05)
                backlog.taken(11)
            }
            taker.start()
            #expect(backlog.waitUntilBelowLimit() == .belowLimit)
            #expect(backlog.count == HandOverBacklog.limit - 1)
        }
    }
}

/// Runs the jobs of the tasks that prefer it on one thread of its own, whatever the cooperative pool
/// is doing.
private final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    // Sound because `jobs` and `isStopped` are read and written only with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isStopped = false

    init() {
        Thread { [self] in run() }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the jobs enqueued so far have run.
    func stop() {
        condition.lock()
        isStopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isStopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
