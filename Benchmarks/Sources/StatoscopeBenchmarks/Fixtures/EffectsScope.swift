import Statoscope

/// An effect that returns at once: the round trip then measures the library and the runtime, not work.
struct EchoEffect: Effect {
    let value: Int

    func runEffect() async -> Int {
        value
    }
}

/// An effect that waits at a gate until cancelled: what keeps 100,000 effects in flight at once.
struct ParkedEffect: Effect {
    let gate: ParkingGate

    func runEffect() async -> Int {
        await gate.park()
        return 0
    }
}

/// A scope that enqueues one effect per event, as a screen does per tap or per request.
@MainActor
final class EffectsScope: Scope {
    var delivered = 0
    let gate: ParkingGate

    init(gate: ParkingGate) {
        self.gate = gate
    }

    enum When: Sendable {
        case echo(Int)
        case echoed(Int)
        case park
        case parkKeyed(Int)
        case follow(AsyncStream<Int>)
        case unparked(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .echo(let value):
            effectsState.enqueue(EchoEffect(value: value).map(When.echoed))
        case .echoed(let value):
            delivered &+= value
        case .park:
            effectsState.enqueue(ParkedEffect(gate: gate).map(When.unparked))
        case .parkKeyed(let key):
            effectsState.enqueue(ParkedEffect(gate: gate).map(When.unparked), key: key)
        case .follow(let stream):
            effectsState.enqueue(AnyStreamEffect(stream).map(When.echoed))
        case .unparked:
            // A cancelled effect delivers nothing: reaching this would be a bug in the library.
            throw InvalidStateError("a cancelled effect delivered its result")
        }
    }
}
