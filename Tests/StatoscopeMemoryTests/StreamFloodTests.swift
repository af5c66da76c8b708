import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import XCTest

/// 1 through `count`, each at once: a producer far faster than the main actor delivers. It counts
/// what it produced, so that a test sees how far it runs ahead of delivery, and says when its
/// iteration ended.
struct Burst: AsyncSequence, Sendable {
    let count: Int
    let produced: CriticalState<Int>
    let ended: CriticalState<Bool>

    func makeAsyncIterator() -> Iterator {
        Iterator(count: count, produced: produced, end: End(ended))
    }

    struct Iterator: AsyncIteratorProtocol {
        let count: Int
        let produced: CriticalState<Int>
        let end: End
        var next = 1

        mutating func next() async -> Int? {
            guard next <= count else { return nil }
            defer { next += 1 }
            produced.withLock { $0 = next }
            return next
        }
    }

    /// Notes that the iteration ended when the iterator goes.
    final class End: Sendable {
        let ended: CriticalState<Bool>

        init(_ ended: CriticalState<Bool>) {
            self.ended = ended
        }

        deinit { ended.withLock { $0 = true } }
    }
}

/// A scope flooded by a stream, which notes how far the producer ran ahead of delivery and how much
/// had arrived when another main-actor task ran; or, as another scope, one that runs a one-shot
/// effect and notes how many of the flood's elements had arrived when it completed.
@MainActor
final class Flooded: Scope {
    /// How many elements arrived.
    var received = 0
    /// How many elements did not follow the one before.
    var outOfOrder = 0
    /// The most elements produced and not yet delivered, seen as each element arrives.
    var largestLead = 0
    /// The element that queues another main-actor task, which notes `received` when it runs.
    var queueTaskAt: Int?
    var receivedWhenTheTaskRan: Int?
    /// The flood's elements delivered when this scope's one-shot effect completed.
    var floodDeliveriesWhenTheOneShotCompleted: Int?
    /// The flood's elements delivered when this scope's other stream's first element arrived.
    var floodDeliveriesWhenTheOtherStreamDelivered: Int?
    let produced = CriticalState(0)
    let ended = CriticalState(false)
    /// Elements delivered, shared with another scope, which reads it.
    let deliveries: CriticalState<Int>

    init(deliveries: CriticalState<Int> = CriticalState(0)) {
        self.deliveries = deliveries
    }

    enum When: Sendable {
        case flood(Int)
        case floodFromClosure(Int)
        case element(Int)
        case taskRan
        case runOneShot
        case oneShotCompleted
        case runOneShots(Int)
        case oneShotOfManyCompleted
        case follow(AsyncStream<Int>)
        case followed(Int)
        case stop
    }

    func update(_ when: When) throws {
        switch when {
        case .flood(let count):
            effectsState.enqueue(
                AnyStreamEffect(Burst(count: count, produced: produced, ended: ended)).map(When.element))
        case .floodFromClosure(let count):
            let produced = produced
            effectsState.enqueue(
                AnyStreamEffect { yield in
                    for element in 1...count {
                        produced.withLock { $0 = element }
                        yield(element)
                    }
                }.map(When.element))
        case .element(let element):
            if element != received + 1 { outOfOrder += 1 }
            received += 1
            deliveries.withLock { $0 += 1 }
            largestLead = max(largestLead, produced.withLock { $0 } - element)
            if element == queueTaskAt {
                // Queued behind the turn of delivery under way, and at most the one queued before it.
                Task { @MainActor in self.send(.taskRan) }
            }
        case .taskRan:
            receivedWhenTheTaskRan = received
        case .runOneShot:
            effectsState.enqueue(AnyEffect { When.oneShotCompleted })
        case .oneShotCompleted:
            floodDeliveriesWhenTheOneShotCompleted = deliveries.withLock { $0 }
        case .runOneShots(let count):
            for _ in 0..<count { effectsState.enqueue(AnyEffect { When.oneShotOfManyCompleted }) }
        case .oneShotOfManyCompleted:
            deliveries.withLock { $0 += 1 }
        case .follow(let stream):
            effectsState.enqueue(AnyStreamEffect(stream).map(When.followed))
        case .followed:
            floodDeliveriesWhenTheOtherStreamDelivered =
                floodDeliveriesWhenTheOtherStreamDelivered ?? deliveries.withLock { $0 }
        case .stop:
            effectsState.cancelAllEffects()
        }
    }
}

/// A screen that shows a flooded scope, and dismisses it.
@MainActor
final class FloodedHost: Scope {
    @Subscope var child: Flooded? = nil

    enum When: Sendable {
        case show(Flooded)
        case dismiss
    }

    func update(_ when: When) throws {
        switch when {
        case .show(let flooded): child = flooded
        case .dismiss: child = nil
        }
    }
}

/// A stream faster than the main actor: delivered in turns, with other work between them, behind
/// other effects' completions, and never further ahead than its backlog.
///
/// XCTest, so that these run one at a time with no other test in the process (XCTest runs before
/// any Swift Testing test starts): a flood holds the main actor in turns, which would slow other
/// tests' work on it, and theirs would slow these.
final class StreamFloodTests: XCTestCase {
    private static let capacity = CompletionInbox.streamBacklogCapacity
    /// Past both bounds many times over: a turn's deliveries, and a stream's backlog.
    private static let burst = 30_000
    /// An element well into the burst, where a drain that took everything posted during the one
    /// before would be delivering thousands at once.
    private static let middle = 10_000

    @MainActor
    func testAnotherMainActorTaskRunsBetweenTurnsOfABurst() async {
        for fromClosure in [false, true] {
            let flooded = Flooded()
            flooded.queueTaskAt = Self.middle
            flooded.send(fromClosure ? .floodFromClosure(Self.burst) : .flood(Self.burst))
            let settled = await flooded.effectsState.settlesWithinTestPatience()
            XCTAssertTrue(settled, "from a closure: \(fromClosure)")
            XCTAssertEqual(flooded.received, Self.burst, "every element, from a closure: \(fromClosure)")
            XCTAssertEqual(flooded.outOfOrder, 0, "in order, from a closure: \(fromClosure)")
            let waitedFor = (flooded.receivedWhenTheTaskRan ?? Self.burst) - Self.middle
            // The rest of the turn under way, and the one turn that may have been queued before
            // the task.
            XCTAssertLessThanOrEqual(
                waitedFor, 2 * DeliveryTurn.mostDeliveries,
                "the task waited for \(waitedFor) elements, from a closure: \(fromClosure)")
        }
    }

    @MainActor
    func testAOneShotCompletionIsDeliveredBeforeTheBacklogOfAFloodingStream() async {
        let deliveries = CriticalState(0)
        let flooded = Flooded(deliveries: deliveries)
        let other = Flooded(deliveries: deliveries)
        await waitUntilNothingWaits()
        flooded.send(.flood(.max))
        // The main actor is held: nothing is delivered, the stream fills its backlog and waits.
        XCTAssertTrue(
            holdingTheMainActor { CompletionInbox.shared.waiting.elements >= Self.capacity },
            "the stream's backlog never filled")
        other.send(.runOneShot)
        XCTAssertTrue(
            holdingTheMainActor { CompletionInbox.shared.waiting.completions >= 1 },
            "the one-shot effect never completed")
        XCTAssertEqual(flooded.produced.withLock { $0 }, Self.capacity, "the stream waits for room")
        let settled = await other.effectsState.settlesWithinTestPatience()
        XCTAssertTrue(settled)
        XCTAssertEqual(
            other.floodDeliveriesWhenTheOneShotCompleted, 0,
            "the completion came before the stream's elements that waited for the main actor")
        XCTAssertEqual(flooded.effectsState.effects.count, 1, "the stream still runs")
        flooded.send(.stop)
        await waitUntilTheIterationEnds(of: flooded)
    }

    @MainActor
    func testAnotherStreamsElementWaitsForOneShareOfAFloodingStreamsBacklog() async {
        let deliveries = CriticalState(0)
        let flooded = Flooded(deliveries: deliveries)
        let other = Flooded(deliveries: deliveries)
        let (elements, continuation) = AsyncStream.makeStream(of: Int.self)
        await waitUntilNothingWaits()
        flooded.send(.flood(.max))
        other.send(.follow(elements))
        XCTAssertTrue(
            holdingTheMainActor { CompletionInbox.shared.waiting.elements >= Self.capacity },
            "the stream's backlog never filled")
        continuation.yield(1)
        XCTAssertTrue(
            holdingTheMainActor { CompletionInbox.shared.waiting.elements > Self.capacity },
            "the other stream's element never came")
        await waitForMainActor("the other stream's element") {
            other.floodDeliveriesWhenTheOtherStreamDelivered != nil
        }
        // The flood asked first: it had its share of the turn, at most, then the other stream had
        // its.
        let waitedFor = other.floodDeliveriesWhenTheOtherStreamDelivered ?? .max
        XCTAssertLessThanOrEqual(
            waitedFor, CompletionInbox.elementsPerVisit,
            "the other stream's element waited for \(waitedFor) of the flood's")
        continuation.finish()
        flooded.send(.stop)
        await waitUntilTheIterationEnds(of: flooded)
    }

    @MainActor
    func testAStreamsElementWaitsForHalfATurnOfAFloodOfOneShotCompletionsAtMost() async {
        let deliveries = CriticalState(0)
        let flooding = Flooded(deliveries: deliveries)
        let other = Flooded(deliveries: deliveries)
        let (elements, continuation) = AsyncStream.makeStream(of: Int.self)
        await waitUntilNothingWaits()
        other.send(.follow(elements))
        flooding.send(.runOneShots(3 * DeliveryTurn.mostDeliveries))
        XCTAssertTrue(
            holdingTheMainActor {
                CompletionInbox.shared.waiting.completions >= 3 * DeliveryTurn.mostDeliveries
            },
            "the one-shot effects never completed")
        continuation.yield(1)
        XCTAssertTrue(
            holdingTheMainActor { CompletionInbox.shared.waiting.elements >= 1 }, "the element never came")
        await waitForMainActor("the stream's element") {
            other.floodDeliveriesWhenTheOtherStreamDelivered != nil
        }
        let waitedFor = other.floodDeliveriesWhenTheOtherStreamDelivered ?? .max
        XCTAssertLessThanOrEqual(
            waitedFor, DeliveryTurn.mostDeliveries / 2,
            "the stream's element waited for \(waitedFor) one-shot completions")
        continuation.finish()
        let settled = await flooding.effectsState.settlesWithinTestPatience()
        XCTAssertTrue(settled)
        XCTAssertEqual(deliveries.withLock { $0 }, 3 * DeliveryTurn.mostDeliveries, "every completion")
    }

    @MainActor
    func testAFloodingSequenceRunsNoFurtherAheadOfDeliveryThanItsBacklogAndLosesNothing() async {
        let flooded = Flooded()
        flooded.send(.flood(Self.burst))
        let settled = await flooded.effectsState.settlesWithinTestPatience()
        XCTAssertTrue(settled)
        XCTAssertEqual(flooded.received, Self.burst, "every element")
        XCTAssertEqual(flooded.outOfOrder, 0, "in order")
        // Those taken and being delivered, those waiting, and the one on its way.
        XCTAssertLessThanOrEqual(
            flooded.largestLead, 2 * Self.capacity, "the producer ran \(flooded.largestLead) elements ahead")
    }

    @MainActor
    func testDismissingAFloodedScopeStopsItsStream() async {
        let host = FloodedHost()
        let flooded = Flooded()
        host.send(.show(flooded))
        flooded.send(.flood(.max))
        // Waiting lets go of the main actor: the flood is delivered between these checks.
        await waitForMainActor("the flood going") { flooded.received >= 3 * Self.capacity }
        host.send(.dismiss)
        let receivedWhenDismissed = flooded.received
        let producedWhenDismissed = flooded.produced.withLock { $0 }
        await waitUntilTheIterationEnds(of: flooded)
        XCTAssertEqual(flooded.received, receivedWhenDismissed, "a dismissed scope receives nothing more")
        XCTAssertLessThanOrEqual(
            flooded.produced.withLock { $0 } - producedWhenDismissed, 1,
            "the iteration stops at the next element once cancelled")
    }

    /// Waits, letting go of the main actor, until `condition` holds, or fails once the patience runs
    /// out.
    @MainActor
    private func waitForMainActor(_ what: String, until condition: () -> Bool) async {
        let deadline = ContinuousClock.now + testPatience
        while !condition() && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        XCTAssertTrue(condition(), "waited \(testPatience) for \(what)")
    }

    /// Waits until what tests before this one left for the main actor is delivered.
    @MainActor
    private func waitUntilNothingWaits() async {
        await waitForMainActor("nothing waiting") { CompletionInbox.shared.waiting == (0, 0) }
    }

    @MainActor
    private func waitUntilTheIterationEnds(of flooded: Flooded) async {
        await waitForMainActor("the stream's iteration to end") { flooded.ended.withLock { $0 } }
    }
}
