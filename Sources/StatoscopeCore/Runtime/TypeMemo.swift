/// A fact about types (does it conform to a protocol? what is its name?), computed once per type.
///
/// Asked for every event by analytics, recorders and the flight recorder: looking up a conformance
/// or forming a type's name at run time costs several times what the rest of the event's path
/// does, and an app has a bounded number of event and scope types. The last answer is kept apart,
/// since consecutive events are mostly of one type and a comparison is cheaper than a lookup. A
/// class, so that its users' methods need not be mutating; each instance belongs to one actor's or
/// one owner's code, and `compute` never asks it again, so its accesses never overlap.
///
/// Declared public under the `StatoscopeInternals` SPI, which only the library's own modules import:
/// every module of the library asks it on hot paths, and only public declarations are inlined, and so
/// specialised, across modules. Users never see it.
@_spi(StatoscopeInternals)
public final class TypeMemo<Value> {
    @usableFromInline let compute: (Any.Type) -> Value
    // SAFETY: Sound because no access to these three overlaps another: the memo is not `Sendable`,
    // so the compiler keeps each instance to one isolation domain; `compute` runs between accesses,
    // never inside one, and is the library's own (a conformance test, a type's name), which never
    // asks the memo again; and storing a value or a type releases nothing with a deinit of the
    // app's (the values are `Bool`s and `String`s). Asked once or more per event: hot.
    @exclusivity(unchecked) @usableFromInline var values: [ObjectIdentifier: Value] = [:]
    // SAFETY: Sound as `values` is.
    @exclusivity(unchecked) @usableFromInline var lastType: ObjectIdentifier?
    // SAFETY: Sound as `values` is.
    @exclusivity(unchecked) @usableFromInline var lastValue: Value?

    /// A memo of what `compute` says of each type.
    public init(_ compute: @escaping (Any.Type) -> Value) {
        self.compute = compute
    }

    /// What is known of `type`, computed on first ask.
    @inlinable
    public func value(for type: Any.Type) -> Value {
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

    /// Replaces what is known of `type` with `value`, found by the caller (from an instance of the
    /// type, say, where `compute` only gave a first guess).
    public func remember(_ value: Value, for type: Any.Type) {
        let key = ObjectIdentifier(type)
        values[key] = value
        if key == lastType { lastValue = value }
    }
}
