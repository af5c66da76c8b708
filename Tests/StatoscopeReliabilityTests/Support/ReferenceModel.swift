/// What the library promises, as plain data: which effects are in flight, which are still in their
/// quiet period, what each child received, and in which order.
struct ReferenceModel {
    struct InFlight: Equatable {
        enum Work: Equatable {
            case oneShot(value: Int, fails: Bool)
            /// With `reportsEnd`, the stream's end and failure are events (`onEnd`).
            case stream(reportsEnd: Bool)
        }

        let id: Int
        let key: Int?
        let work: Work
        /// For a debounced effect in its quiet period: the time on the clock its work starts.
        var startsAt: Int?
    }

    /// What a child scope holds: what it received, and when each key's throttle interval began.
    struct Child {
        let generation: Int
        var total = 0
        /// How many elements the child received from each stream, by stream id.
        var elements: [Int: Int] = [:]
        var throttleStarts: [Int: Int] = [:]
    }

    private(set) var child: Child?
    /// The dismissed child the program holds.
    private(set) var held: Child?
    private(set) var lastGeneration = 0
    /// The time on the clock, in milliseconds.
    private(set) var now = 0
    private(set) var inFlight: [InFlight] = []
    private(set) var deliveries: [String] = []
    private(set) var failures = 0
    /// How many elements each stream's task took from its sequence while the stream was open.
    private(set) var elementsTaken: [Int: Int] = [:]
    private var lastEffectID = 0

    /// The effects waiting on the clock: debounced effects in their quiet period.
    var sleepers: Int { inFlight.count { $0.startsAt != nil } }

    /// The one-shot effects whose work started, which a `complete` step can finish.
    var completable: [InFlight] {
        inFlight.filter { if case .oneShot = $0.work { $0.startsAt == nil } else { false } }
    }

    var openStreams: [InFlight] {
        inFlight.filter { if case .stream = $0.work { true } else { false } }
    }

    /// Applies a step; returns the id of the effect the real run must act on: the one it enqueues
    /// (even when the library is to drop it), or the one it completes, feeds or ends. Nil when the
    /// step has nothing to act on.
    mutating func apply(_ step: ProgramStep) -> Int? {
        switch step {
        case .send(let value):
            child?.total += value
        case .startEffect(let value):
            return enqueue(.oneShot(value: value, fails: false), key: nil, policy: .cancelOlder)
        case .startKeyedEffect(let key, let value):
            return enqueue(.oneShot(value: value, fails: false), key: key, policy: .cancelOlder)
        case .startFailingEffect:
            return enqueue(.oneShot(value: 0, fails: true), key: nil, policy: .cancelOlder)
        case .startTimedEffect(let key, let value, let policy):
            return enqueue(.oneShot(value: value, fails: false), key: key, policy: policy)
        case .startStream(let key, let reportsEnd):
            return enqueue(.stream(reportsEnd: reportsEnd), key: key, policy: .cancelOlder)
        case .complete(let index):
            return complete(index: index)
        case .streamYields(let index, let value):
            guard let stream = pick(openStreams, index), let generation = child?.generation else {
                return nil
            }
            elementsTaken[stream.id, default: 0] += 1
            child?.elements[stream.id, default: 0] += 1
            deliveries.append("child \(generation) got \(value) from stream \(stream.id)")
            return stream.id
        case .streamFinishes(let index):
            return end(pick(openStreams, index), failed: false)
        case .streamFails(let index):
            return end(pick(openStreams, index), failed: true)
        case .streamYieldsThen(let index, _, let interruption):
            // The element is taken but never delivered, whatever ends the stream's work.
            guard let stream = pick(openStreams, index) else { return nil }
            switch interruption {
            case .cancelStream: inFlight.removeAll { $0.id == stream.id }
            case .cancelAll: inFlight.removeAll()
            case .clearChild: _ = apply(.clearChild)
            case .dismissHeld: _ = apply(.dismissHeld)
            }
            return stream.id
        case .cancelEvenEffects:
            inFlight.removeAll { $0.id % 2 == 0 }
        case .cancelKey(let key):
            inFlight.removeAll { $0.key == key }
        case .cancelAll:
            inFlight.removeAll()
        case .replaceChild:
            if child != nil { newChild() }
        case .clearChild:
            child = nil
            inFlight.removeAll()
        case .presentChild:
            if child == nil { newChild() }
        case .dismissHeld:
            guard let child else { break }
            held = child
            self.child = nil
            inFlight.removeAll()
        case .lateEvent:
            if held != nil { failures += 1 }
        case .presentHeld:
            guard child == nil, let held else { break }
            child = held
            self.held = nil
        case .moveChild:
            break
        case .startKeyedEffectThenThrow, .startKeyedStreamThenThrow:
            if child != nil { failures += 1 }
        case .timePasses(let milliseconds):
            now += milliseconds
            for index in inFlight.indices where (inFlight[index].startsAt ?? .max) <= now {
                inFlight[index].startsAt = nil
            }
        }
        return nil
    }

    /// Enqueues an effect with the library's rules for keys: a newer effect replaces an older one
    /// with its key, a throttle drops it within the interval since its key's latest start, and a
    /// debounced one waits for its quiet period.
    private mutating func enqueue(_ work: InFlight.Work, key: Int?, policy: ProgramPolicy) -> Int? {
        guard child != nil else { return nil }
        lastEffectID += 1
        if let key {
            if policy == .throttle {
                if let start = child?.throttleStarts[key], now - start < ProgramPolicy.throttleInterval {
                    return lastEffectID
                }
                child?.throttleStarts[key] = now
            }
            inFlight.removeAll { $0.key == key }
        }
        let startsAt = policy == .debounce ? now + ProgramPolicy.quietPeriod : nil
        inFlight.append(InFlight(id: lastEffectID, key: key, work: work, startsAt: startsAt))
        return lastEffectID
    }

    private mutating func complete(index: Int) -> Int? {
        guard let effect = pick(completable, index), let generation = child?.generation,
            case .oneShot(let value, let fails) = effect.work
        else { return nil }
        inFlight.removeAll { $0.id == effect.id }
        if fails {
            failures += 1
        } else {
            child?.total += value
            deliveries.append("child \(generation) received \(value)")
        }
        return effect.id
    }

    private mutating func end(_ stream: InFlight?, failed: Bool) -> Int? {
        guard let stream, let generation = child?.generation, case .stream(let reportsEnd) = stream.work
        else {
            return nil
        }
        inFlight.removeAll { $0.id == stream.id }
        if reportsEnd {
            deliveries.append("child \(generation) saw stream \(stream.id) \(failed ? "fail" : "finish")")
        } else if failed {
            failures += 1
        }
        return stream.id
    }

    private func pick(_ candidates: [InFlight], _ index: Int) -> InFlight? {
        candidates.isEmpty ? nil : candidates[index % candidates.count]
    }

    private mutating func newChild() {
        lastGeneration += 1
        child = Child(generation: lastGeneration)
        inFlight.removeAll()
    }
}
