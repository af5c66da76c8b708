/// One step of a generated program, decoded from a generated number so that shrinking the numbers
/// shrinks the program towards fewer and simpler steps.
enum ProgramStep: CustomStringConvertible, Equatable {
    case send(Int)
    case startEffect(value: Int)
    case startKeyedEffect(key: Int, value: Int)
    case startFailingEffect
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
    /// An update enqueues an effect with a key, replacing the one in flight, then throws: nothing
    /// changes, the older effect included.
    case startKeyedEffectThenThrow(key: Int)

    static let kinds = 16

    init(_ number: Int) {
        let parameter = number / Self.kinds
        switch number % Self.kinds {
        case 0: self = .send(parameter % 10)
        case 1: self = .startEffect(value: parameter % 100)
        case 2: self = .startKeyedEffect(key: parameter % 2, value: parameter % 100)
        case 3: self = .startFailingEffect
        case 4: self = .complete(index: parameter)
        case 5: self = .cancelEvenEffects
        case 6: self = .cancelKey(parameter % 2)
        case 7: self = .cancelAll
        case 8: self = .replaceChild
        case 9: self = .clearChild
        case 10: self = .presentChild
        case 11: self = .dismissHeld
        case 12: self = .lateEvent(parameter % 10)
        case 13: self = .presentHeld
        case 14: self = .moveChild
        default: self = .startKeyedEffectThenThrow(key: parameter % 2)
        }
    }

    var description: String {
        switch self {
        case .send(let value): "send add(\(value))"
        case .startEffect(let value): "start effect of \(value)"
        case .startKeyedEffect(let key, let value): "start effect of \(value) with key \(key)"
        case .startFailingEffect: "start a failing effect"
        case .complete(let index): "complete in-flight effect #\(index)"
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
        case .startKeyedEffectThenThrow(let key): "start an effect with key \(key) in an update that throws"
        }
    }
}
