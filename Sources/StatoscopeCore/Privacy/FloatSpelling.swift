/// Writes as text the floating-point values an encoder cannot write exactly: a recording's NaNs,
/// which JSON has no number for. ``SensitiveCasesRedacted`` hands it every `Double` and `Float` it
/// meets when given one.
package protocol FloatSpelling {
    /// The text `value` is written as, or nil to leave it to the encoder.
    static func text<T: BinaryFloatingPoint>(of value: T) -> String?
}

extension FloatSpelling {
    /// The text of `value` if it is a `Double` or a `Float` that ``text(of:)`` spells.
    static func text<T>(ofAny value: T) -> String? {
        // SAFETY: Sound because each bit cast is from a type to itself, which the comparison before
        // it on its line has just proven.
        if T.self == Double.self { return text(of: unsafeBitCast(value, to: Double.self)) }
        // SAFETY: Sound because `T` is `Float`, as compared just before.
        if T.self == Float.self { return text(of: unsafeBitCast(value, to: Float.self)) }
        return nil
    }
}
