import Statoscope
import Testing

/// How a stream's elements wait for the main actor: in order, then the end; a producer that can
/// wait does so once the backlog is full; the main actor is asked to serve the stream once, until it
/// finds the backlog empty.
struct StreamBacklogTests {
    /// A producer stands for a continuation: its number says which one was resumed.
    private typealias Backlog = StreamBacklog<Int, Int>

    @Test func theFirstPostAsksToBeServedAndLaterOnesJoinIt() {
        var backlog = Backlog(capacity: 4)
        let first = backlog.post(1)
        #expect(first, "not served yet: the caller asks the main actor")
        let second = backlog.post(2)
        #expect(!second, "already asked: the main actor takes this one too")
        #expect(backlog.isServed)
    }

    @Test func theMainActorTakesEveryElementInOrderThenTheEndThenNothing() {
        var backlog = Backlog(capacity: 4)
        _ = backlog.post(1)
        _ = backlog.post(2)
        var buffer: [Int] = []
        guard case .elements(resuming: nil) = backlog.take(into: &buffer) else {
            Issue.record("the elements first, and no producer waits")
            return
        }
        #expect(buffer == [1, 2])
        _ = backlog.post(3)
        let askedAgain = backlog.postEnd(-1)
        #expect(!askedAgain, "still served: the main actor did not find the backlog empty")
        buffer.removeAll()
        _ = backlog.take(into: &buffer)
        #expect(buffer == [3], "the element posted before the end comes first")
        buffer.removeAll()
        guard case .end(-1) = backlog.take(into: &buffer) else {
            Issue.record("the end once every element is taken")
            return
        }
        #expect(!backlog.isServed, "the end is the stream's last")
        guard case .nothing = backlog.take(into: &buffer) else {
            Issue.record("nothing after the end")
            return
        }
    }

    @Test func anEmptyBacklogIsServedNoLongerAndTheNextPostAsksAgain() {
        var backlog = Backlog(capacity: 4)
        _ = backlog.post(1)
        var buffer: [Int] = []
        _ = backlog.take(into: &buffer)
        buffer.removeAll()
        guard case .nothing = backlog.take(into: &buffer) else {
            Issue.record("nothing waits")
            return
        }
        #expect(!backlog.isServed)
        let asks = backlog.post(2)
        #expect(asks, "the main actor serves the stream no longer: the post asks again")
    }

    @Test func aProducerWaitsOnlyOnceTheBacklogIsFullAndGoesOnWhenTheMainActorTakesIt() {
        var backlog = Backlog(capacity: 2)
        _ = backlog.post(1)
        #expect(!backlog.isFull)
        #expect(backlog.wait(7) == 7, "room left: the producer goes on at once")
        _ = backlog.post(2)
        #expect(backlog.isFull)
        #expect(backlog.wait(7) == nil, "full: the producer waits")
        var buffer: [Int] = []
        guard case .elements(resuming: 7) = backlog.take(into: &buffer) else {
            Issue.record("taking the elements resumes the producer that waited")
            return
        }
        #expect(buffer == [1, 2])
        #expect(backlog.count == 0)
        #expect(!backlog.isFull)
    }

    @Test func aProducerThatCannotWaitPostsPastTheCapacityAndLosesNothing() {
        var backlog = Backlog(capacity: 2)
        for element in 1...5 { _ = backlog.post(element) }
        #expect(backlog.count == 5, "a closure's synchronous yield cannot wait: its elements pile up")
        var buffer: [Int] = []
        _ = backlog.take(into: &buffer)
        #expect(buffer == [1, 2, 3, 4, 5])
    }

    @Test func aTurnEndsAfterItsMostDeliveries() {
        // Begun an hour from now: only the count can end it.
        var turn = DeliveryTurn(beginning: .now + .seconds(3_600))
        var delivered = 0
        while !turn.count() { delivered += 1 }
        #expect(delivered + 1 == DeliveryTurn.mostDeliveries)
        #expect(turn.isUp)
    }

    @Test func aTurnIsHalfUpAfterHalfItsDeliveries() {
        var turn = DeliveryTurn(beginning: .now + .seconds(3_600))
        var delivered = 0
        while !turn.isHalfUp {
            turn.count()
            delivered += 1
        }
        #expect(delivered == DeliveryTurn.mostDeliveries / 2)
        #expect(!turn.isUp)
    }

    @Test func aTurnWhoseTimeIsUpEndsWithinEightDeliveries() {
        var turn = DeliveryTurn(beginning: .now - DeliveryTurn.longest)
        var delivered = 0
        while !turn.count() { delivered += 1 }
        #expect(delivered + 1 == 8, "the clock is read every eighth delivery")
    }
}
