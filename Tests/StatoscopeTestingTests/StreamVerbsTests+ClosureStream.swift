import Statoscope
import StatoscopeTesting
import Testing

/// A scope that enqueues a closure stream, checked by type in a plan.
final class Ticker: Scope {
    var ticks: [Int] = []

    enum When {
        case start
        case ticked(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .start:
            effectsState.enqueue(
                AnyStreamEffect<Int> { yield in
                    for tick in 0..<3 { yield(tick) }
                }.map(When.ticked))
        case .ticked(let tick):
            ticks.append(tick)
        }
    }
}

/// A stream verb aimed at a closure stream, checked by its type, feeds it.
extension StreamVerbsTests {
    @Test func aStreamVerbOnAClosureStreamFeedsIt() throws {
        let failures = try capturingFailures {
            try Ticker.GIVEN { Ticker() }
                .WHEN(.start)
                .THEN_Enqueued(AnyStreamEffect<Int>.self, count: 1)
                .WHEN_StreamYields(AnyStreamEffect<Int>.self, 7)
                .THEN(\.ticks, equals: [7])
                .WHEN_StreamEnds(AnyStreamEffect<Int>.self)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }
}
