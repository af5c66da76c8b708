import Statoscope
import StatoscopeTestSupport
import XCTest

@testable import StatoscopeInspector

/// A scope that counts what it is told to add: one small event after another.
@MainActor
final class Tally: Scope {
    var total = 0

    enum When: Codable, Sendable {
        case add(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let amount): total += amount
        }
    }
}

/// What the inspector keeps while it runs, however long: XCTest, so that nothing else allocates while
/// it measures (see `EffectMemoryTests`).
final class InspectorMemoryTests: XCTestCase {
    @MainActor
    func testTheInspectorsMemoryStaysFlatHoweverManyEventsItRecords() async throws {
        let tally = Tally()
        let inspector = try await Inspector.start(root: tally, replayingInto: { Tally() })
        // The first 100,000 events fill what it keeps for pages that connect late, and warm the
        // allocator up; the next 200,000 must not grow it.
        try await send(100_000, to: tally, inspector: inspector)
        let warm = ResidentMemory.bytes
        try await send(200_000, to: tally, inspector: inspector)
        let after = ResidentMemory.bytes
        await inspector.stop()
        XCTAssertEqual(tally.total, 300_000)
        if let warm, let after {
            XCTAssertLessThan(
                after - warm, 8 << 20,
                "resident memory grew by \(after - warm) bytes over 200,000 events, \((after - warm) / 200_000) per event"
            )
        }
    }

    /// Sends `count` events, a thousand a turn, each turn once the inspector took the one before.
    @MainActor
    private func send(_ count: Int, to tally: Tally, inspector: Inspector) async throws {
        for _ in 0..<(count / 1_000) {
            for _ in 0..<1_000 { tally.send(.add(1)) }
            let last = tally.total
            var patience = TestPatience()
            while await inspector.journal.inputs(through: last) == nil {
                guard await patience.pause() else {
                    XCTFail("waited \(testPatience) but the inspector never took event \(last)")
                    return
                }
            }
        }
    }
}
