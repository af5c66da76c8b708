import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import XCTest

/// A scope whose effect waits until the test lets it return.
@MainActor
final class ParkedWork: Scope {
    let parking = Parking()

    enum When: Sendable {
        case park
        case returnAtOnce
        case done
    }

    func update(_ when: When) throws {
        let parking = parking
        switch when {
        case .park: effectsState.enqueue(AnyEffect { await parking.wait() }.map { When.done })
        case .returnAtOnce: effectsState.enqueue(AnyEffect { parking.returned() }.map { When.done })
        case .done: break
        }
    }
}

/// Where an effect waits until the test lets it return, and says when it did return.
final class Parking: Sendable {
    private let state = CriticalState<(parked: CheckedContinuation<Void, Never>?, hasReturned: Bool)>(
        (nil, false))

    func wait() async {
        await withCheckedContinuation { continuation in state.withLock { $0.parked = continuation } }
        returned()
    }

    func returned() { state.withLock { $0.hasReturned = true } }
    var isParked: Bool { state.withLock { $0.parked != nil } }
    var hasReturned: Bool { state.withLock { $0.hasReturned } }

    /// Lets the parked effect return.
    func release() {
        let parked = state.withLock { state in
            defer { state.parked = nil }
            return state.parked
        }
        parked?.resume()
    }
}

/// XCTest, so that it runs with no other test in the process: it holds the main actor while effects'
/// tasks run, which a test waiting for the main actor from a task of the pool would stop.
final class IsolatedDeliveryTests: XCTestCase {
    /// An effect's task runs in the isolation of instruments its effect was started in, and the turn
    /// of the main actor that its result queues delivers other effects' results too: each is delivered
    /// in its own isolation, not in the one of the task that queued the turn.
    @MainActor
    func testAnEffectStartedOutsideDeliversOutsideThoughDeliveredInTheTurnOfAnIsolatedOne() async {
        let outside = ParkedWork()
        let inside = ParkedWork()
        outside.send(.park)
        var patience = TestPatience()
        while !outside.parking.isParked, await patience.pause() {}
        XCTAssertTrue(outside.parking.isParked, "the effect started outside never ran")
        await waitUntilNothingWaits()
        let seen = await withIsolatedInstruments {
            var seen: [String] = []
            let middleware = Middleware.addAppWide { event, next in
                seen.append("\(type(of: event.scope)).\(event.when)")
                try next(event)
            }
            inside.send(.returnAtOnce)
            // Held until both effects posted their results, the isolated one first: the turn its post
            // queued delivers both.
            XCTAssertTrue(holdingTheMainActor { CompletionInbox.shared.waiting.completions == 1 })
            outside.parking.release()
            XCTAssertTrue(holdingTheMainActor { CompletionInbox.shared.waiting.completions == 2 })
            await waitUntilNothingWaits()
            withExtendedLifetime(middleware) {}
            return seen
        }
        XCTAssertTrue(outside.parking.hasReturned)
        XCTAssertEqual(
            seen, ["ParkedWork.returnAtOnce", "ParkedWork.done"], "an effect started outside delivered inside"
        )
    }

    /// Waits, letting go of the main actor, until nothing posted waits for it.
    @MainActor
    private func waitUntilNothingWaits() async {
        var patience = TestPatience()
        while CompletionInbox.shared.waiting != (0, 0), await patience.pause() {}
        XCTAssertTrue(CompletionInbox.shared.waiting == (0, 0), "posted results never delivered")
    }
}
