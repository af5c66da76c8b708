/// A yes-or-no fact about types (does it conform to a protocol?), remembered per type.
///
/// Asked for every event by analytics and recorders: looking up a conformance at run time costs
/// several times what the rest of an untracked event's path does, and an app has a bounded number of
/// event types. The last answer is kept apart, since consecutive events are mostly of one type and a
/// comparison is cheaper than a lookup. A class, so that its users' methods need not be mutating;
/// each instance belongs to one actor's or one owner's code.
final class TypeFlags {
    private let compute: (Any.Type) -> Bool
    private var flags: [ObjectIdentifier: Bool] = [:]
    private var lastType: ObjectIdentifier?
    private var lastFlag = false

    init(_ compute: @escaping (Any.Type) -> Bool) {
        self.compute = compute
    }

    func flag(for type: Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if key == lastType { return lastFlag }
        let flag: Bool
        if let known = flags[key] {
            flag = known
        } else {
            flag = compute(type)
            flags[key] = flag
        }
        lastType = key
        lastFlag = flag
        return flag
    }
}
