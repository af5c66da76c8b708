import Statoscope
import Testing

@MainActor
final class Tally: Scope {
    var total = 0

    enum When: Sendable {
        case add(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total &+= value
        }
    }
}

/// Large workloads in one process: nothing lost, nothing kept.
@MainActor
struct StressTests {
    @Test func aMillionSendsAreAllHandled() async {
        let tally = Tally()
        for value in 0..<1_000_000 {
            tally.send(.add(value & 7))
        }
        #expect(tally.total == (0..<1_000_000).reduce(0) { $0 + ($1 & 7) })
    }
}
