/// What the library promises, as plain data: which effects are in flight, what each child received.
struct ReferenceModel {
    struct InFlight: Equatable {
        let id: Int
        let key: Int?
        let value: Int
        let fails: Bool
    }

    private(set) var generation: Int?
    private(set) var lastGeneration = 0
    private(set) var total = 0
    private(set) var inFlight: [InFlight] = []
    private(set) var deliveries: [String] = []
    private(set) var failures = 0
    /// The dismissed child the program holds: its generation and total.
    private(set) var held: (generation: Int, total: Int)?
    private var lastEffectID = 0

    /// The effect a step starts, if it starts one: the real run enqueues the same.
    mutating func nextEffect(key: Int?, value: Int, fails: Bool) -> InFlight? {
        guard generation != nil else { return nil }
        lastEffectID += 1
        return InFlight(id: lastEffectID, key: key, value: value, fails: fails)
    }

    /// The in-flight effect a `complete` step finishes, if any.
    func effectToComplete(index: Int) -> InFlight? {
        inFlight.isEmpty ? nil : inFlight[index % inFlight.count]
    }

    mutating func apply(_ step: ProgramStep, starting effect: InFlight?) {
        switch step {
        case .send(let value):
            if generation != nil { total += value }
        case .startEffect, .startKeyedEffect, .startFailingEffect:
            guard let effect else { return }
            if let key = effect.key { inFlight.removeAll { $0.key == key } }
            inFlight.append(effect)
        case .complete(let index):
            guard let effect = effectToComplete(index: index), let generation else { return }
            inFlight.removeAll { $0.id == effect.id }
            if effect.fails {
                failures += 1
            } else {
                total += effect.value
                deliveries.append("child \(generation) received \(effect.value)")
            }
        case .cancelEvenEffects:
            inFlight.removeAll { $0.id % 2 == 0 }
        case .cancelKey(let key):
            inFlight.removeAll { $0.key == key }
        case .cancelAll:
            inFlight.removeAll()
        case .replaceChild:
            guard generation != nil else { return }
            newChild()
        case .clearChild:
            generation = nil
            inFlight.removeAll()
            total = 0
        case .presentChild:
            if generation == nil { newChild() }
        case .dismissHeld:
            guard let generation else { return }
            held = (generation, total)
            self.generation = nil
            inFlight.removeAll()
            total = 0
        case .lateEvent:
            if held != nil { failures += 1 }
        case .presentHeld:
            guard generation == nil, let held else { return }
            generation = held.generation
            total = held.total
            self.held = nil
        case .moveChild:
            break
        case .startKeyedEffectThenThrow:
            if generation != nil { failures += 1 }
        }
    }

    private mutating func newChild() {
        lastGeneration += 1
        generation = lastGeneration
        inFlight.removeAll()
        total = 0
    }
}
