/// `value` as a `W`, if it is one: what `value as? W` gives, without the run-time dynamic cast when
/// `value` holds a `W` itself, the case of every effect's run and completion and of every event a
/// middleware passes on, where a dynamic cast would look up the conformance each time.
@inlinable
package func cast<W>(_ value: Any, to type: W.Type) -> W? {
    func exactly<T>(_ opened: T) -> W? {
        // SAFETY: Sound because the cast runs only when `T.self == W.self`: a value to its own type.
        T.self == W.self ? unsafeBitCast(opened, to: W.self) : nil
    }
    // Opened to the type the box holds; anything else (a subclass seen as its base, an existential
    // `W`) takes the dynamic cast.
    return exactly(value) ?? value as? W
}
