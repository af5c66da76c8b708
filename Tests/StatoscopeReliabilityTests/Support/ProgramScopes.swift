import Statoscope
import StatoscopeTestSupport

/// Every delivery any child received, in order, tagged with the child's generation.
@MainActor
final class DeliveryLog {
    var entries: [String] = []
}

/// An effect that waits for its own gate, then returns its value or throws.
struct ProgramEffect: Effect {
    let id: Int
    let value: Int
    let fails: Bool
    let gate: Gate

    struct Failure: Error {}

    func runEffect() async throws -> Int {
        await gate.wait()
        if fails { throw Failure() }
        return value
    }
}

@MainActor
final class ProgramChild: Scope {
    let generation: Int
    let log: DeliveryLog
    var total = 0

    init(generation: Int, log: DeliveryLog) {
        self.generation = generation
        self.log = log
    }

    enum When: Sendable {
        case add(Int)
        case start(ProgramEffect, key: Int?)
        case startThenThrow(ProgramEffect, key: Int)
        case completed(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total += value
        case .start(let effect, let key):
            if let key {
                effectsState.enqueue(effect.map(When.completed), key: key)
            } else {
                effectsState.enqueue(effect.map(When.completed))
            }
        case .startThenThrow(let effect, let key):
            effectsState.enqueue(effect.map(When.completed), key: key)
            throw InvalidStateError("refused after enqueueing an effect with key \(key)")
        case .completed(let value):
            total += value
            log.entries.append("child \(generation) received \(value)")
        }
    }
}

@MainActor
final class ProgramParent: Scope {
    @Subscope var child: ProgramChild? = nil
    enum When: Sendable {
        case clear
        case moveChild(to: ProgramParent)
    }
    func update(_ when: When) throws {
        switch when {
        case .clear:
            child = nil
        case .moveChild(let other):
            other.child = child
            child = nil
        }
    }
}
