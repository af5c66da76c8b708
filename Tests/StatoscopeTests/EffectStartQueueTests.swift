import Statoscope
import Testing

/// How effects wait for their tasks: one runner at a time makes them, in order, and a launch
/// cancelled before its task was made never gets one.
struct EffectStartQueueTests {
    @Test func theFirstItemStartsARunnerAndLaterOnesJoinIt() {
        var queue = EffectStartQueue<Int>()
        let first = queue.enqueue(1)
        #expect(first, "no runner yet: the caller starts one")
        let second = queue.enqueue(2)
        #expect(!second, "the runner takes this one too")
        #expect(queue.hasRunner)
        #expect(queue.count == 2)
    }

    @Test func theRunnerTakesItemsInOrderThenEnds() {
        var queue = EffectStartQueue<Int>()
        _ = queue.enqueue(1)
        _ = queue.enqueue(2)
        var taken = [queue.next()]
        let third = queue.enqueue(3)
        #expect(!third, "enqueued while the runner works: it takes it")
        taken += [queue.next(), queue.next()]
        #expect(taken == [1, 2, 3])
        #expect(queue.hasRunner, "the runner ends on the call that finds nothing")
        let none = queue.next()
        #expect(none == nil)
        #expect(!queue.hasRunner)
        let fourth = queue.enqueue(4)
        #expect(fourth, "after the runner ended, the next item starts another")
        let last = queue.next()
        #expect(last == 4)
    }

    @Test func aRunnerFallingBehindLosesNothingAndKeepsTheOrder() {
        var queue = EffectStartQueue<Int>()
        var taken: [Int] = []
        // Two in, one out: the queue grows past its compaction threshold many times over.
        for item in 0..<10_000 {
            _ = queue.enqueue(item)
            if item % 2 == 1, let next = queue.next() { taken.append(next) }
        }
        #expect(queue.count == 5_000)
        while let next = queue.next() { taken.append(next) }
        #expect(taken == Array(0..<10_000))
        #expect(queue.count == 0)
    }

    @Test func anItemIsRefusedWhenTheBacklogIsFull() {
        var queue = EffectStartQueue<Int>()
        let first = queue.enqueue(1, unlessWaiting: 2)
        let second = queue.enqueue(2, unlessWaiting: 2)
        let third = queue.enqueue(3, unlessWaiting: 2)
        #expect(first == true, "the first starts a runner")
        #expect(second == false, "the second joins it")
        #expect(third == nil, "two wait already: the caller does this one itself")
        #expect(queue.count == 2)
        let taken = queue.next()
        #expect(taken == 1)
        let fourth = queue.enqueue(4, unlessWaiting: 2)
        #expect(fourth == false, "room again once the runner took one")
        var rest: [Int] = []
        while let next = queue.next() { rest.append(next) }
        #expect(rest == [2, 4], "the refused item never entered the queue")
    }

    @Test func anItemTakenIsLetGoOfAtOnce() {
        final class Item {}
        var queue = EffectStartQueue<Item>()
        weak var first: Item?
        do {
            let item = Item()
            first = item
            _ = queue.enqueue(item)
            _ = queue.enqueue(Item())
        }
        _ = queue.next()
        // Kept until the queue's buffer is emptied, its release would run wherever the runner takes
        // the next item: with its owner's lock held.
        #expect(first == nil, "the queue keeps no reference to an item it handed over")
        #expect(queue.count == 1)
    }

    @Test func aLaunchCancelledBeforeItsTaskIsMadeRefusesTheTask() {
        var launch = EffectLaunch<String>.pending
        let toCancel = launch.cancel()
        #expect(toCancel == nil, "no task to cancel yet")
        #expect(launch.isCancelled)
        let kept = launch.start("task")
        #expect(!kept, "made too late: the runner cancels it")
        #expect(launch.isCancelled)
    }

    @Test func aLaunchCancelledAfterItsTaskIsMadeHandsTheTaskOver() {
        var launch = EffectLaunch<String>.pending
        let kept = launch.start("task")
        #expect(kept)
        #expect(!launch.isCancelled)
        let toCancel = launch.cancel()
        #expect(toCancel == "task")
        #expect(launch.isCancelled)
        let again = launch.cancel()
        #expect(again == nil, "cancelled once: the task was handed over already")
    }
}
