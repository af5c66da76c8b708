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
            // A busy machine may leave the consumer unscheduled for longer than the inspector's one
            // second, after which the main actor would stop waiting: this one waits as long as a test.
            let backlog = HandOverBacklog(patience: testPatience / .seconds(1))
            let (stream, continuation) = AsyncStream<[Int]>.makeStream()
            let batch = TurnBatch(handingTo: continuation, backlog: backlog)
            // A consumer far slower than the main actor's appends: it pauses at every batch.
            let consumer = Task.detached { () -> (taken: [Int], mostWaiting: Int) in
                var taken: [Int] = []
                var mostWaiting = 0
                for await elements in stream {
                    mostWaiting = max(mostWaiting, backlog.count)
                    try? await Task.sleep(for: .milliseconds(20))
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

        @Test func aConsumerThatTakesNothingHoldsTheMainActorBackNoLongerThanItsPatience() {
            let backlog = HandOverBacklog()
            backlog.added(HandOverBacklog.limit)
            let started = ContinuousClock.now
            #expect(backlog.waitUntilBelowLimit() == .outOfPatience)
            #expect(ContinuousClock.now - started >= .seconds(backlog.patience))
        }

        @Test func aConsumerThatEndedIsNotWaitedFor() {
            let backlog = HandOverBacklog()
            backlog.close()
            backlog.added(HandOverBacklog.limit * 2)
            #expect(backlog.waitUntilBelowLimit() == .closed)
        }

        @Test func aConsumerTakingEnoughEndsTheWait() async {
            let backlog = HandOverBacklog(patience: testPatience / .seconds(1))
            backlog.added(HandOverBacklog.limit + 10)
            let taker = Task.detached {
                try? await Task.sleep(for: .milliseconds(50))
                backlog.taken(11)
            }
            #expect(backlog.waitUntilBelowLimit() == .belowLimit)
            #expect(backlog.count == HandOverBacklog.limit - 1)
            await taker.value
        }
    }
}
