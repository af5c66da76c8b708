/// One step of a generated program, decoded from a generated number so that shrinking the numbers
/// shrinks the program towards fewer and simpler steps.
enum ProgramStep: CustomStringConvertible, Equatable {
    case send(Int)
    case startEffect(value: Int)
    case startKeyedEffect(key: Int, value: Int)
    case startFailingEffect
    /// Completes one of the one-shot effects whose work started (not one still in its quiet period).
    case complete(index: Int)
    case cancelEvenEffects
    case cancelKey(Int)
    case cancelAll
    case replaceChild
    case clearChild
    case presentChild
    /// The parent's update dismisses the child while the program holds it, as a view would.
    case dismissHeld
    /// An event sent to the held, dismissed child: reported, never delivered.
    case lateEvent(Int)
    /// The held, dismissed child presented again.
    case presentHeld
    /// One update moves the child to the other parent: its work goes on.
    case moveChild
    /// An update enqueues an effect with a key and a policy, then throws: nothing changes, the older
    /// effect with the key and the key's throttle interval included.
    case startKeyedEffectThenThrow(key: Int, policy: ProgramPolicy)
    /// An update enqueues a stream with a key, then throws: the stream never starts.
    case startKeyedStreamThenThrow(key: Int)
    /// A keyed one-shot effect that waits for a quiet period or is throttled, on the injected clock.
    case startTimedEffect(key: Int, value: Int, policy: ProgramPolicy)
    /// A stream the program feeds; with `reportsEnd`, its end and failure come as events (`onEnd`).
    case startStream(key: Int?, reportsEnd: Bool)
    /// One of the open streams produces an element.
    case streamYields(index: Int, value: Int)
    case streamFinishes(index: Int)
    case streamFails(index: Int)
    /// One of the open streams produces an element, and its work is interrupted before the main
    /// actor could take that element: the element must never be delivered.
    case streamYieldsThen(index: Int, value: Int, then: StreamInterruption)
    /// The injected clock moves forward.
    case timePasses(milliseconds: Int)

    /// How many kinds of step a number decodes to; the steps that give the others something to act
    /// on (a child, effects, streams, time) take more than one.
    static let kinds = 34

    init(_ number: Int) {
        let parameter = number / Self.kinds
        switch number % Self.kinds {
        case 0: self = .send(parameter % 10)
        case 1: self = .startEffect(value: parameter % 100)
        case 2: self = .startKeyedEffect(key: parameter % 2, value: parameter % 100)
        case 3: self = .startFailingEffect
        case 4, 25, 26: self = .complete(index: parameter % 4)
        case 5: self = .cancelEvenEffects
        case 6: self = .cancelKey(parameter % 2)
        case 7: self = .cancelAll
        case 8: self = .replaceChild
        case 9: self = .clearChild
        case 10, 27: self = .presentChild
        case 11: self = .dismissHeld
        case 12: self = .lateEvent(parameter % 10)
        case 13: self = .presentHeld
        case 14: self = .moveChild
        case 15:
            self = .startKeyedEffectThenThrow(key: parameter % 2, policy: ProgramPolicy(parameter / 2))
        case 16: self = .startKeyedStreamThenThrow(key: parameter % 2)
        case 17, 28:
            self = .startTimedEffect(
                key: parameter % 2, value: parameter % 100, policy: parameter % 4 < 2 ? .debounce : .throttle)
        case 18, 29: self = .startStream(key: [nil, 0, 1][parameter % 3], reportsEnd: parameter / 3 % 2 == 0)
        case 19, 20, 30, 31: self = .streamYields(index: parameter / 10 % 4, value: parameter % 10)
        case 21: self = .streamFinishes(index: parameter % 4)
        case 22: self = .streamFails(index: parameter % 4)
        case 23:
            self = .streamYieldsThen(
                index: parameter / 40 % 4, value: parameter % 10, then: StreamInterruption(parameter / 10))
        default: self = .timePasses(milliseconds: [100, 200, 300, 1_000][parameter % 4])
        }
    }

    var description: String {
        switch self {
        case .send(let value): "send add(\(value))"
        case .startEffect(let value): "start effect of \(value)"
        case .startKeyedEffect(let key, let value): "start effect of \(value) with key \(key)"
        case .startFailingEffect: "start a failing effect"
        case .complete(let index): "complete started one-shot effect [\(index) mod started ones]"
        case .cancelEvenEffects: "cancel effects with an even id"
        case .cancelKey(let key): "cancel key \(key)"
        case .cancelAll: "cancel all effects"
        case .replaceChild: "replace the child"
        case .clearChild: "clear the child"
        case .presentChild: "present a child"
        case .dismissHeld: "dismiss the child, holding it"
        case .lateEvent(let value): "send add(\(value)) to the held child"
        case .presentHeld: "present the held child again"
        case .moveChild: "move the child to the other parent"
        case .startKeyedEffectThenThrow(let key, let policy):
            "start an effect with key \(key), \(policy), in an update that throws"
        case .startKeyedStreamThenThrow(let key): "start a stream with key \(key) in an update that throws"
        case .startTimedEffect(let key, let value, let policy):
            "start effect of \(value) with key \(key), \(policy)"
        case .startStream(let key, let reportsEnd):
            "start a stream" + (key.map { " with key \($0)" } ?? "")
                + (reportsEnd ? " reporting its end" : "")
        case .streamYields(let index, let value): "open stream [\(index) mod open ones] yields \(value)"
        case .streamFinishes(let index): "open stream [\(index) mod open ones] finishes"
        case .streamFails(let index): "open stream [\(index) mod open ones] fails"
        case .streamYieldsThen(let index, let value, let then):
            "open stream [\(index) mod open ones] yields \(value), then at once \(then)"
        case .timePasses(let milliseconds): "\(milliseconds) ms pass on the clock"
        }
    }
}

/// What ends a stream's work right after it produced an element.
enum StreamInterruption: CustomStringConvertible, Equatable {
    case cancelStream
    case cancelAll
    case clearChild
    case dismissHeld

    init(_ number: Int) {
        self = [.cancelStream, .cancelAll, .clearChild, .dismissHeld][number % 4]
    }

    var description: String {
        switch self {
        case .cancelStream: "the stream is cancelled"
        case .cancelAll: "all effects are cancelled"
        case .clearChild: "the child is cleared"
        case .dismissHeld: "the child is dismissed, held"
        }
    }
}
