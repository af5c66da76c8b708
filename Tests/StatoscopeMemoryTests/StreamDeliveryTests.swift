import Statoscope
import StatoscopeTestSupport
import XCTest

/// 1 through `count`, each at once: a producer far faster than the main actor delivers. It counts
/// what it produced, so that a test sees how far it runs ahead of delivery.
struct Burst: AsyncSequence, Sendable {
    let count: Int
    let produced: CriticalState<Int>

    func makeAsyncIterator() -> Iterator { Iterator(count: count, produced: produced) }

    struct Iterator: AsyncIteratorProtocol {
        let count: Int
        let produced: CriticalState<Int>
        var next = 1

        mutating func next() async -> Int? {
            guard next <= count else { return nil }
            defer { next += 1 }
            produced.withLock { $0 = next }
            return next
        }
    }
}

/// A scope flooded by a stream, which notes how much arrived when another main-actor task ran, and
/// how far the producer ran ahead of delivery.
///
/// Its state stays small, counts rather than the elements, so that an app-wide instrument another
/// test installs meanwhile (event logging with state diffs) costs little per event.
@MainActor
final class Flooded: Scope {
    /// How many elements arrived.
    var received = 0
    /// How many elements did not follow the one before.
    var outOfOrder = 0
    var receivedWhenTheOtherTaskRan: Int?
    var largestLead = 0
    let produced = CriticalState(0)

    enum When: Sendable {
        case flood(Int)
        case floodFromClosure(Int)
        case element(Int)
        case otherTaskRan
    }

    func update(_ when: When) throws {
        switch when {
        case .flood(let count):
            effectsState.enqueue(AnyStreamEffect(Burst(count: count, produced: produced)).map(When.element))
        case .floodFromClosure(let count):
            effectsState.enqueue(
                AnyStreamEffect { yield in
                    for element in 1...count { yield(element) }
                }.map(When.element))
        case .element(let element):
            if element != received + 1 { outOfOrder += 1 }
            received += 1
            largestLead = max(largestLead, produced.withLock { $0 } - element)
            if element == 1 {
                // Queued behind the delivery under way: it runs once delivery lets go of the main actor.
                Task { @MainActor in self.send(.otherTaskRan) }
            }
        case .otherTaskRan:
            receivedWhenTheOtherTaskRan = received
        }
    }
}

/// A flooding stream holds the main actor in turns, and every other completion of the process waits
/// behind its elements: XCTest, so that these run one at a time with no other test in the process
/// (XCTest runs before any Swift Testing test starts), neither slowed by other tests' work on the
/// main actor nor slowing theirs.
final class StreamDeliveryTests: XCTestCase {
    // Past both bounds: twice the delivery turn, and twice the elements that may wait.
    private static let burst = 12_000

    @MainActor
    func testAnotherMainActorTaskRunsWhileABurstIsDelivered() async {
        for fromClosure in [true, false] {
            let scope = Flooded()
            scope.send(fromClosure ? .floodFromClosure(Self.burst) : .flood(Self.burst))
            let settled = await scope.effectsState.waitUntilSettled(timeout: testPatience)
            XCTAssertTrue(settled, "from a closure: \(fromClosure)")
            XCTAssertEqual(scope.received, Self.burst, "every element")
            XCTAssertEqual(scope.outOfOrder, 0, "in order")
            let seen = scope.receivedWhenTheOtherTaskRan ?? Self.burst
            // The task was queued while the first element was delivered: at most that turn of the
            // delivery and one other, queued before it, ran before it.
            XCTAssertLessThanOrEqual(
                seen, 2 * CompletionInbox.deliveriesPerTurn, "the other task waited for \(seen) elements")
        }
    }

    @MainActor
    func testAProducerRunsNoFurtherAheadOfDeliveryThanTheBound() async {
        let scope = Flooded()
        scope.send(.flood(Self.burst))
        let settled = await scope.effectsState.waitUntilSettled(timeout: testPatience)
        XCTAssertTrue(settled)
        XCTAssertEqual(scope.received, Self.burst)
        XCTAssertEqual(scope.outOfOrder, 0)
        XCTAssertLessThanOrEqual(
            scope.largestLead, 2 * CompletionInbox.waitingElementsBound + 2,
            "the producer ran \(scope.largestLead) elements ahead")
    }
}
