/// A fact about types (does it conform to a protocol? what is its name?), computed once per type.
///
/// Asked for every event by analytics, recorders and the flight recorder: looking up a conformance
/// or forming a type's name at run time costs several times what the rest of the event's path
/// does, and an app has a bounded number of event and scope types. The last answer is kept apart,
/// since consecutive events are mostly of one type and a comparison is cheaper than a lookup. A
/// class, so that its users' methods need not be mutating; each instance belongs to one actor's or
/// one owner's code, and `compute` never asks it again, so its accesses never overlap.
final class TypeMemo<Value> {
    private let compute: (Any.Type) -> Value
    @exclusivity(unchecked) private var values: [ObjectIdentifier: Value] = [:]
    @exclusivity(unchecked) private var lastType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastValue: Value?

    init(_ compute: @escaping (Any.Type) -> Value) {
        self.compute = compute
    }

    func value(for type: Any.Type) -> Value {
        let key = ObjectIdentifier(type)
        if key == lastType, let lastValue { return lastValue }
        let value: Value
        if let known = values[key] {
            value = known
        } else {
            value = compute(type)
            values[key] = value
        }
        lastType = key
        lastValue = value
        return value
    }
}
