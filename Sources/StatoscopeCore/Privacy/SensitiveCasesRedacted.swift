import Foundation

/// A value that encodes, through any encoder, with each case that ``SensitiveWhen`` marks sensitive
/// redacted wherever it sits (as ``EventValue/redactedCase``): for `JSONEncoder`, which calls each
/// nested value's `encode(to:)` itself, where the library's own encoders redact as they go.
///
/// It hands the encoder each nested value wrapped, so that the value's containers are the wrapper's,
/// and redacts a sensitive case in its place. Values that hold nothing to redact (numbers, text,
/// dates, data, URLs, decimals) go to the encoder as they are, which writes them its own way.
///
/// Since every value passes through its containers, it also writes the floating-point values that
/// the encoder cannot write exactly as the ``FloatSpelling`` it is given spells them.
package struct SensitiveCasesRedacted: Encodable {
    private let value: any Encodable
    private let floats: (any FloatSpelling.Type)?

    /// `value`, to encode with its sensitive cases redacted, and the floating-point values that
    /// `floats` spells written as its text.
    package init(_ value: any Encodable, spellingFloatsAs floats: (any FloatSpelling.Type)? = nil) {
        self.value = value
        self.floats = floats
    }

    /// Encodes the value, its sensitive cases redacted.
    package func encode(to encoder: any Encoder) throws {
        try Self.encode(value, to: encoder, floats: floats)
    }

    private static func encode<Value: Encodable>(
        _ value: Value, to encoder: any Encoder, floats: (any FloatSpelling.Type)?
    ) throws {
        if Redacting<Value>.isPlain {
            var container = encoder.singleValueContainer()
            if let text = floats?.text(ofAny: value) { return try container.encode(text) }
            try container.encode(value)
        } else {
            try Redacting(value, floats: floats).encode(to: encoder)
        }
    }
}

/// A value handed to the wrapped encoder in place of a nested one.
private struct Redacting<Value: Encodable>: Encodable {
    let value: Value
    let floats: (any FloatSpelling.Type)?

    init(_ value: Value, floats: (any FloatSpelling.Type)?) {
        self.value = value
        self.floats = floats
    }

    func encode(to encoder: any Encoder) throws {
        if Redaction.isSensitiveEvent(value) {
            var container = encoder.singleValueContainer()
            try container.encode(try EventEncoding.redactedSensitiveCase(value))
        } else {
            try value.encode(to: RedactingEncoder(base: encoder, floats: floats))
        }
    }

    /// Whether a value of this type holds nothing to redact, so goes to the encoder as it is.
    static var isPlain: Bool {
        Value.self == String.self || Value.self == Int.self || Value.self == Double.self
            || Value.self == Bool.self || Value.self == Date.self || Value.self == Data.self
            || Value.self == URL.self || Value.self == Decimal.self || Value.self == EventValue.self
    }
}

/// An encoder whose containers are `base`'s, each nested value wrapped in ``Redacting``.
private struct RedactingEncoder: Encoder {
    let base: any Encoder
    let floats: (any FloatSpelling.Type)?
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RedactingKeyedContainer(base: base.container(keyedBy: type), floats: floats))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RedactingUnkeyedContainer(base: base.unkeyedContainer(), floats: floats)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RedactingSingleValueContainer(base: base.singleValueContainer(), floats: floats)
    }
}

private struct RedactingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    let floats: (any FloatSpelling.Type)?
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        if let text = floats?.text(of: value) { return try base.encode(text, forKey: key) }
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        if let text = floats?.text(of: value) { return try base.encode(text, forKey: key) }
        try base.encode(value, forKey: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let text = floats?.text(ofAny: value) {
            try base.encode(text, forKey: key)
        } else if Redacting<T>.isPlain {
            try base.encode(value, forKey: key)
        } else {
            try base.encode(Redacting(value, floats: floats), forKey: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            RedactingKeyedContainer<NestedKey>(
                base: base.nestedContainer(keyedBy: keyType, forKey: key), floats: floats))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RedactingUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key), floats: floats)
    }

    mutating func superEncoder() -> any Encoder {
        RedactingEncoder(base: base.superEncoder(), floats: floats)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RedactingEncoder(base: base.superEncoder(forKey: key), floats: floats)
    }
}

private struct RedactingUnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    let floats: (any FloatSpelling.Type)?
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws {
        if let text = floats?.text(of: value) { return try base.encode(text) }
        try base.encode(value)
    }
    mutating func encode(_ value: Float) throws {
        if let text = floats?.text(of: value) { return try base.encode(text) }
        try base.encode(value)
    }
    mutating func encode(_ value: Int) throws { try base.encode(value) }
    mutating func encode(_ value: Int8) throws { try base.encode(value) }
    mutating func encode(_ value: Int16) throws { try base.encode(value) }
    mutating func encode(_ value: Int32) throws { try base.encode(value) }
    mutating func encode(_ value: Int64) throws { try base.encode(value) }
    mutating func encode(_ value: UInt) throws { try base.encode(value) }
    mutating func encode(_ value: UInt8) throws { try base.encode(value) }
    mutating func encode(_ value: UInt16) throws { try base.encode(value) }
    mutating func encode(_ value: UInt32) throws { try base.encode(value) }
    mutating func encode(_ value: UInt64) throws { try base.encode(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let text = floats?.text(ofAny: value) {
            try base.encode(text)
        } else if Redacting<T>.isPlain {
            try base.encode(value)
        } else {
            try base.encode(Redacting(value, floats: floats))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            RedactingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType), floats: floats))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RedactingUnkeyedContainer(base: base.nestedUnkeyedContainer(), floats: floats)
    }

    mutating func superEncoder() -> any Encoder {
        RedactingEncoder(base: base.superEncoder(), floats: floats)
    }
}

private struct RedactingSingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer
    let floats: (any FloatSpelling.Type)?
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws {
        if let text = floats?.text(of: value) { return try base.encode(text) }
        try base.encode(value)
    }
    mutating func encode(_ value: Float) throws {
        if let text = floats?.text(of: value) { return try base.encode(text) }
        try base.encode(value)
    }
    mutating func encode(_ value: Int) throws { try base.encode(value) }
    mutating func encode(_ value: Int8) throws { try base.encode(value) }
    mutating func encode(_ value: Int16) throws { try base.encode(value) }
    mutating func encode(_ value: Int32) throws { try base.encode(value) }
    mutating func encode(_ value: Int64) throws { try base.encode(value) }
    mutating func encode(_ value: UInt) throws { try base.encode(value) }
    mutating func encode(_ value: UInt8) throws { try base.encode(value) }
    mutating func encode(_ value: UInt16) throws { try base.encode(value) }
    mutating func encode(_ value: UInt32) throws { try base.encode(value) }
    mutating func encode(_ value: UInt64) throws { try base.encode(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let text = floats?.text(ofAny: value) {
            try base.encode(text)
        } else if Redacting<T>.isPlain {
            try base.encode(value)
        } else {
            try base.encode(Redacting(value, floats: floats))
        }
    }
}
