@_spi(StatoscopeInternals) import StatoscopeCore

/// How a recording writes a NaN, which JSON has no number for: as a string that keeps its bits.
///
/// The standard NaN of its type (`Double.nan`, `Float.nan`) is `"NaN"`, as recordings have always
/// written every NaN; any other (negative, signalling, or with a payload) is `"NaN(0x…)"`, its whole
/// bit pattern in hexadecimal, as many digits as its type is wide: `"NaN(0x7ff8000000000123)"` for a
/// `Double`, `"NaN(0x7fa00000)"` for a `Float`.
extension RecordingFormat: FloatSpelling {
    /// The text of `value`, a NaN: `NaN`, or `NaN(0x…)` with its bits.
    static func text<T: BinaryFloatingPoint>(ofNaN value: T) -> String {
        guard let width = hexDigits(of: T.self), bitPattern(of: value) != bitPattern(of: T.nan) else {
            return nan
        }
        let digits = String(bitPattern(of: value), radix: 16)
        return nan + "(0x" + String(repeating: "0", count: width - digits.count) + digits + ")"
    }

    /// The text of `value` when `JSONEncoder` cannot write it exactly (a NaN but the standard one),
    /// for the recorder's fallback encoding; nil for every other value, which it writes as it is.
    package static func text<T: BinaryFloatingPoint>(of value: T) -> String? {
        guard value.isNaN else { return nil }
        let text = text(ofNaN: value)
        return text == nan ? nil : text
    }

    /// The NaN that `text` spells for `T`: `NaN` is the standard one, `NaN(0x…)` the one of those
    /// bits, when it has as many digits as `T` is wide and they are a NaN's; nil for anything else.
    static func nan<T: BinaryFloatingPoint>(fromText text: String, as type: T.Type) -> T? {
        if text == nan { return .nan }
        let prefix = nan + "(0x"
        guard let width = hexDigits(of: T.self), text.hasPrefix(prefix), text.hasSuffix(")") else {
            return nil
        }
        let digits = text.dropFirst(prefix.count).dropLast()
        guard digits.count == width, digits.allSatisfy(\.isHexDigit), let bits = UInt64(digits, radix: 16)
        else { return nil }
        let significandBits = T.significandBitCount
        let exponentBits = T.exponentBitCount
        let value = T(
            sign: (bits >> (significandBits + exponentBits)) & 1 == 1 ? .minus : .plus,
            exponentBitPattern: T.RawExponent(
                truncatingIfNeeded: (bits >> significandBits) & ((1 << exponentBits) - 1)),
            significandBitPattern: T.RawSignificand(truncatingIfNeeded: bits & ((1 << significandBits) - 1)))
        return value.isNaN ? value : nil
    }

    /// How many hexadecimal digits `T`'s bit pattern takes; nil for a type wider than 64 bits, whose
    /// NaNs are all written `NaN` (no `Codable` type is).
    private static func hexDigits<T: BinaryFloatingPoint>(of type: T.Type) -> Int? {
        let bits = 1 + T.exponentBitCount + T.significandBitCount
        return bits <= 64 ? (bits + 3) / 4 : nil
    }

    /// The bits of `value`, sign first, for a type at most 64 bits wide.
    private static func bitPattern<T: BinaryFloatingPoint>(of value: T) -> UInt64 {
        let sign: UInt64 = value.sign == .minus ? 1 : 0
        return sign << (T.exponentBitCount + T.significandBitCount)
            | UInt64(truncatingIfNeeded: value.exponentBitPattern) << T.significandBitCount
            | UInt64(truncatingIfNeeded: value.significandBitPattern)
    }
}
