import Statoscope
import StatoscopeTestSupport

/// Every delivery any child received, in order, tagged with the child's generation.
@MainActor
final class DeliveryLog {
    var entries: [String] = []
}

/// The work of a program, one-shot or stream, identified as the reference model identifies it.
protocol ProgramWork {
    var id: Int { get }
}

/// The program's id of an effect, if it is one of the program's.
func programID(of effect: any Effect) -> Int? {
    (effect as? any ProgramWork)?.id
}

/// An effect that waits for its own gate, then returns its value or throws.
struct ProgramEffect: Effect, ProgramWork {
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
    /// How many elements the child received from each stream, by stream id.
    var elements: [Int: Int] = [:]

    init(generation: Int, log: DeliveryLog) {
        self.generation = generation
        self.log = log
    }

    enum When: Sendable {
        case add(Int)
        case start(ProgramEffect, key: Int?, policy: ProgramPolicy)
        case startStream(ProgramStream, key: Int?, reportsEnd: Bool)
        case startThenThrow(ProgramEffect, key: Int, policy: ProgramPolicy)
        case startStreamThenThrow(ProgramStream, key: Int)
        case completed(Int)
        case streamElement(stream: Int, value: Int)
        case streamEnded(stream: Int, failed: Bool)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total += value
        case .start(let effect, let key, let policy):
            enqueue(effect, key: key, policy: policy)
        case .startStream(let stream, let key, let reportsEnd):
            enqueue(stream, key: key, reportsEnd: reportsEnd)
        case .startThenThrow(let effect, let key, let policy):
            enqueue(effect, key: key, policy: policy)
            throw InvalidStateError("refused after enqueueing an effect with key \(key)")
        case .startStreamThenThrow(let stream, let key):
            enqueue(stream, key: key, reportsEnd: true)
            throw InvalidStateError("refused after enqueueing a stream with key \(key)")
        case .completed(let value):
            total += value
            log.entries.append("child \(generation) received \(value)")
        case .streamElement(let stream, let value):
            elements[stream, default: 0] += 1
            log.entries.append("child \(generation) got \(value) from stream \(stream)")
        case .streamEnded(let stream, let failed):
            log.entries.append("child \(generation) saw stream \(stream) \(failed ? "fail" : "finish")")
        }
    }

    private func enqueue(_ effect: ProgramEffect, key: Int?, policy: ProgramPolicy) {
        let mapped = effect.map(When.completed)
        if let key {
            effectsState.enqueue(mapped, key: key, ifKeyInFlight: policy.keyPolicy)
        } else {
            effectsState.enqueue(mapped)
        }
    }

    private func enqueue(_ stream: ProgramStream, key: Int?, reportsEnd: Bool) {
        let id = stream.id
        let taken = stream.taken
        let elements = stream.map { value in
            // Counted in the stream's task, as the library maps the element: the program waits for
            // this before it interrupts the stream, so the element is produced but not yet delivered.
            taken.increment()
            return When.streamElement(stream: id, value: value)
        }
        let mapped =
            reportsEnd
            ? elements.onEnd { end in
                if case .failed = end { return When.streamEnded(stream: id, failed: true) }
                return When.streamEnded(stream: id, failed: false)
            } : elements
        if let key {
            effectsState.enqueue(mapped, key: key)
        } else {
            effectsState.enqueue(mapped)
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
