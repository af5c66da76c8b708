import Statoscope
import Testing

@MainActor
final class Tally: Scope {
    var total = 0
    var completions = 0

    enum When: Sendable {
        case add(Int)
        case start(key: Int)
        case completed
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total &+= value
        case .start(let key):
            effectsState.enqueue(AnyEffect { When.completed }, key: key)
        case .completed:
            completions += 1
        }
    }
}

/// Large workloads in one process: nothing lost, nothing kept.
@MainActor
@Suite(.serialized)
struct StressTests {
    @Test func aMillionSendsAreAllHandled() async {
        let tally = Tally()
        for value in 0..<1_000_000 {
            tally.send(.add(value & 7))
        }
        #expect(tally.total == (0..<1_000_000).reduce(0) { $0 + ($1 & 7) })
    }

    @Test func aHundredThousandEffectsWithRandomCancellationGiveTheirMemoryBack() async throws {
        // The first run warms the allocator and the runtime's tables up; later runs must not grow.
        let first = try await runEffects()
        let warm = ResidentMemory.bytes
        let second = try await runEffects()
        let third = try await runEffects()
        for run in [first, second, third] {
            #expect(run.enqueued == 100_000)
            #expect(
                run.delivered > 0 && run.delivered < run.enqueued, "some completed, the cancelled did not")
        }
        if let warm, let after = ResidentMemory.bytes {
            #expect(after - warm < 16 << 20, "resident memory grew by \(after - warm) bytes over two runs")
        }
    }

    /// Enqueues 100,000 effects in batches, cancelling some at random, and waits for the rest.
    private func runEffects() async throws -> (enqueued: Int, delivered: Int) {
        var random = SystemRandomNumberGenerator()
        var enqueued = 0
        let tally = Tally()
        for batch in 0..<100 {
            for index in 0..<1_000 {
                // Keys repeat, so newer effects cancel older ones with the same key.
                tally.send(.start(key: batch * 1_000 + Int.random(in: 0...index, using: &random)))
                enqueued += 1
            }
            if Bool.random(using: &random) {
                tally.effectsState.cancelEffect { _ in Bool.random() }
            }
            await tally.effectsState.waitUntilSettled()
        }
        #expect(tally.effectsState.effects.isEmpty)
        let runtime = try #require(ScopeRuntimeTable.existingRuntime(for: tally))
        while runtime.unfinishedRuns > 0 { await Task.yield() }
        return (enqueued, tally.completions)
    }
}
