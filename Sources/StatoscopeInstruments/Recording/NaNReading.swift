import Foundation

/// A recorded value decoded by `JSONDecoder`, with the NaNs that ``RecordingFormat`` writes with their
/// bits read back to the bit: `JSONDecoder` reads the one string it is told (`"NaN"`) as the standard
/// NaN, and no other.
///
/// It hands the value a decoder whose containers are `JSONDecoder`'s, each nested value wrapped in
/// turn, so that every `Double` and `Float` the value asks for passes through it. The types
/// `JSONDecoder` reads its own way (dates, data, URLs, decimals) go to it as they are.
struct NaNReading<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        value = try Value(from: NaNReadingDecoder(base: decoder))
    }
}

/// A decoder whose containers are `base`'s, reading NaNs with their bits.
private struct NaNReadingDecoder: Decoder {
    let base: any Decoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(NaNReadingKeyedContainer(base: try base.container(keyedBy: type)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        NaNReadingUnkeyedContainer(base: try base.unkeyedContainer())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        NaNReadingSingleValueContainer(base: try base.singleValueContainer())
    }
}

/// How a container reads a floating-point value, and any nested one.
private enum NaNReadingRules {
    /// `read()`, the value as `JSONDecoder` reads it; where that fails, the NaN that `text()` spells,
    /// if the value is a string and spells one, else the failure.
    static func float<T: BinaryFloatingPoint>(
        _ type: T.Type, read: () throws -> T, text: () throws -> String
    ) throws -> T {
        do {
            return try read()
        } catch {
            guard let spelled = try? text(), let nan = RecordingFormat.nan(fromText: spelled, as: T.self)
            else {
                throw error
            }
            return nan
        }
    }

    /// A nested value of type `T`: a float read as ``float(_:read:text:)`` reads it, a type
    /// `JSONDecoder` reads its own way as it is, anything else wrapped.
    static func nested<T: Decodable>(
        _ type: T.Type, plain: (T.Type) throws -> T, wrapped: (NaNReading<T>.Type) throws -> NaNReading<T>,
        text: () throws -> String
    ) throws -> T {
        // The casts cannot fail: each is from a type to itself, which the comparison before it proved.
        if T.self == Double.self {
            return try float(Double.self, read: { try plain(T.self) as! Double }, text: text) as! T
        }
        if T.self == Float.self {
            return try float(Float.self, read: { try plain(T.self) as! Float }, text: text) as! T
        }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            return try plain(T.self)
        }
        return try wrapped(NaNReading<T>.self).value
    }
}

private struct NaNReadingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var base: KeyedDecodingContainer<Key>
    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }

    func contains(_ key: Key) -> Bool { base.contains(key) }
    func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try base.decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try base.decode(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: key) }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try NaNReadingRules.float(
            type, read: { try base.decode(type, forKey: key) },
            text: { try base.decode(String.self, forKey: key) })
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try NaNReadingRules.float(
            type, read: { try base.decode(type, forKey: key) },
            text: { try base.decode(String.self, forKey: key) })
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try NaNReadingRules.nested(
            type, plain: { try base.decode($0, forKey: key) }, wrapped: { try base.decode($0, forKey: key) },
            text: { try base.decode(String.self, forKey: key) })
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(
            NaNReadingKeyedContainer<NestedKey>(base: try base.nestedContainer(keyedBy: type, forKey: key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        NaNReadingUnkeyedContainer(base: try base.nestedUnkeyedContainer(forKey: key))
    }

    func superDecoder() throws -> any Decoder { NaNReadingDecoder(base: try base.superDecoder()) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NaNReadingDecoder(base: try base.superDecoder(forKey: key))
    }
}

private struct NaNReadingUnkeyedContainer: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int? { base.count }
    var isAtEnd: Bool { base.isAtEnd }
    var currentIndex: Int { base.currentIndex }

    mutating func decodeNil() throws -> Bool { try base.decodeNil() }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    // A decode that fails leaves `JSONDecoder`'s unkeyed container where it was: the string is read
    // from the same element.
    mutating func decode(_ type: Double.Type) throws -> Double {
        try NaNReadingRules.float(
            type, read: { try base.decode(type) }, text: { try base.decode(String.self) })
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try NaNReadingRules.float(
            type, read: { try base.decode(type) }, text: { try base.decode(String.self) })
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NaNReadingRules.nested(
            type, plain: { try base.decode($0) }, wrapped: { try base.decode($0) },
            text: { try base.decode(String.self) })
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(
            NaNReadingKeyedContainer<NestedKey>(base: try base.nestedContainer(keyedBy: type)))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        NaNReadingUnkeyedContainer(base: try base.nestedUnkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder { NaNReadingDecoder(base: try base.superDecoder()) }
}

private struct NaNReadingSingleValueContainer: SingleValueDecodingContainer {
    let base: any SingleValueDecodingContainer
    var codingPath: [any CodingKey] { base.codingPath }

    func decodeNil() -> Bool { base.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
    func decode(_ type: String.Type) throws -> String { try base.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }

    func decode(_ type: Double.Type) throws -> Double {
        try NaNReadingRules.float(
            type, read: { try base.decode(type) }, text: { try base.decode(String.self) })
    }

    func decode(_ type: Float.Type) throws -> Float {
        try NaNReadingRules.float(
            type, read: { try base.decode(type) }, text: { try base.decode(String.self) })
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NaNReadingRules.nested(
            type, plain: { try base.decode($0) }, wrapped: { try base.decode($0) },
            text: { try base.decode(String.self) })
    }
}
