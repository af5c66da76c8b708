import Statoscope
import StatoscopeTestSupport
import XCTest

/// A scope that starts keyed effects, as many as it is told.
@MainActor
final class KeyedWork: Scope {
    var completions = 0

    enum When: Sendable {
        case start(key: Int)
        case completed
    }

    func update(_ when: When) throws {
        switch when {
        case .start(let key):
            effectsState.enqueue(AnyEffect { When.completed }, key: key)
        case .completed:
            completions += 1
        }
    }
}

/// Resident memory says something only while nothing else runs in the process. XCTest runs its
/// tests one at a time, before any Swift Testing test starts, so this target is XCTest on purpose:
/// no other suite can allocate while it measures.
final class EffectMemoryTests: XCTestCase {
    @MainActor
    func testAHundredThousandEffectsWithRandomCancellationGiveTheirMemoryBack() async throws {
        // The first run warms the allocator and the runtime's tables up; later runs must not grow.
        let first = try await runEffects()
        let warm = ResidentMemory.bytes
        let second = try await runEffects()
        let third = try await runEffects()
        for run in [first, second, third] {
            XCTAssertEqual(run.enqueued, 100_000)
            XCTAssertTrue(
                run.delivered > 0 && run.delivered < run.enqueued,
                "some completed, the cancelled did not: \(run.delivered) of \(run.enqueued)")
        }
        if let warm, let after = ResidentMemory.bytes {
            XCTAssertLessThan(
                after - warm, 16 << 20, "resident memory grew by \(after - warm) bytes over two runs")
        }
    }

    /// Enqueues 100,000 effects in batches, cancelling some at random, and waits for the rest.
    @MainActor
    private func runEffects() async throws -> (enqueued: Int, delivered: Int) {
        var random = SystemRandomNumberGenerator()
        var enqueued = 0
        let work = KeyedWork()
        for batch in 0..<100 {
            for index in 0..<1_000 {
                // Keys repeat, so newer effects cancel older ones with the same key.
                work.send(.start(key: batch * 1_000 + Int.random(in: 0...index, using: &random)))
                enqueued += 1
            }
            if Bool.random(using: &random) {
                work.effectsState.cancelEffect { _ in Bool.random() }
            }
            try await settle(work, batch: batch)
        }
        XCTAssertTrue(work.effectsState.effects.isEmpty)
        let runtime = try XCTUnwrap(ScopeRuntimeTable.existingRuntime(for: work))
        let deadline = ContinuousClock.now + testPatience
        while runtime.unfinishedRuns > 0 {
            guard ContinuousClock.now < deadline else {
                XCTFail("waited \(testPatience) but \(runtime.unfinishedRuns) effect tasks never ended")
                break
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        return (enqueued, work.completions)
    }

    /// Waits for the batch's effects to deliver or be cancelled, failing the test past the patience.
    @MainActor
    private func settle(_ work: KeyedWork, batch: Int) async throws {
        let deadline = ContinuousClock.now + testPatience
        while !work.effectsState.effects.isEmpty {
            guard ContinuousClock.now < deadline else {
                XCTFail("batch \(batch): \(work.effectsState.effects.count) effects never settled")
                return
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
