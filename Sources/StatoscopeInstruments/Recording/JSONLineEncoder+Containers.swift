import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

// The containers of `JSONLineEncoder`. Each knows the frame it writes into; writing into one makes
// it the innermost again, closing those opened after it.

extension JSONLineEncoder {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONLineEncoder
        let depth: Int
        let id: Int

        var codingPath: [any CodingKey] { [] }

        private func begin(_ key: Key) throws {
            guard encoder.beginElement(depth: depth, id: id) else { throw FallbackNeeded() }
            encoder.writeKey(key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) throws { try element(key) { $0.writeNull() } }

        private func element(_ key: Key, _ write: (JSONLineEncoder) -> Void) throws {
            try begin(key)
            write(encoder)
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws { try element(key) { $0.write(value) } }

        mutating func encode(_ value: String, forKey key: Key) throws {
            try element(key) { $0.writeString(value) }
        }

        mutating func encode(_ value: Double, forKey key: Key) throws { try element(key) { $0.write(value) } }

        mutating func encode(_ value: Float, forKey key: Key) throws { try element(key) { $0.write(value) } }

        mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

        private func integer(_ value: some BinaryInteger & CustomStringConvertible, _ key: Key) throws {
            try element(key) { $0.write(value) }
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try begin(key)
            try encoder.encodeValue(value)
        }

        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            guard let value else { return }
            try JSONLineEncoder.refuseNilInside(value)
            try encode(value, forKey: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let frame = nested(key, object: true)
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, depth: frame.depth, id: frame.id))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let frame = nested(key, object: false)
            return UnkeyedContainer(encoder: encoder, depth: frame.depth, id: frame.id)
        }

        private func nested(_ key: Key, object: Bool) -> (depth: Int, id: Int) {
            guard encoder.beginElement(depth: depth, id: id) else { return (0, 0) }
            encoder.writeKey(key.stringValue)
            return encoder.open(object: object)
        }

        mutating func superEncoder() -> any Encoder {
            encoder.needsFallback = true
            return encoder
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            encoder.needsFallback = true
            return encoder
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: JSONLineEncoder
        let depth: Int
        let id: Int

        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.count(depth: depth, id: id) }

        private func begin() throws {
            guard encoder.beginElement(depth: depth, id: id) else { throw FallbackNeeded() }
        }

        mutating func encodeNil() throws { try element { $0.writeNull() } }

        private func element(_ write: (JSONLineEncoder) -> Void) throws {
            try begin()
            write(encoder)
        }

        mutating func encode(_ value: Bool) throws { try element { $0.write(value) } }

        mutating func encode(_ value: String) throws { try element { $0.writeString(value) } }

        mutating func encode(_ value: Double) throws { try element { $0.write(value) } }

        mutating func encode(_ value: Float) throws { try element { $0.write(value) } }

        mutating func encode(_ value: Int) throws { try integer(value) }
        mutating func encode(_ value: Int8) throws { try integer(value) }
        mutating func encode(_ value: Int16) throws { try integer(value) }
        mutating func encode(_ value: Int32) throws { try integer(value) }
        mutating func encode(_ value: Int64) throws { try integer(value) }
        mutating func encode(_ value: UInt) throws { try integer(value) }
        mutating func encode(_ value: UInt8) throws { try integer(value) }
        mutating func encode(_ value: UInt16) throws { try integer(value) }
        mutating func encode(_ value: UInt32) throws { try integer(value) }
        mutating func encode(_ value: UInt64) throws { try integer(value) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws { try integer(value) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws { try integer(value) }

        private func integer(_ value: some BinaryInteger & CustomStringConvertible) throws {
            try element { $0.write(value) }
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try begin()
            try encoder.encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            let frame = nested(object: true)
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, depth: frame.depth, id: frame.id))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let frame = nested(object: false)
            return UnkeyedContainer(encoder: encoder, depth: frame.depth, id: frame.id)
        }

        private func nested(object: Bool) -> (depth: Int, id: Int) {
            guard encoder.beginElement(depth: depth, id: id) else { return (0, 0) }
            return encoder.open(object: object)
        }

        mutating func superEncoder() -> any Encoder {
            encoder.needsFallback = true
            return encoder
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: JSONLineEncoder

        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.writeNull() }
        mutating func encode(_ value: Bool) throws { encoder.write(value) }
        mutating func encode(_ value: String) throws { encoder.writeString(value) }
        mutating func encode(_ value: Double) throws { encoder.write(value) }
        mutating func encode(_ value: Float) throws { encoder.write(value) }
        mutating func encode(_ value: Int) throws { encoder.write(value) }
        mutating func encode(_ value: Int8) throws { encoder.write(value) }
        mutating func encode(_ value: Int16) throws { encoder.write(value) }
        mutating func encode(_ value: Int32) throws { encoder.write(value) }
        mutating func encode(_ value: Int64) throws { encoder.write(value) }
        mutating func encode(_ value: UInt) throws { encoder.write(value) }
        mutating func encode(_ value: UInt8) throws { encoder.write(value) }
        mutating func encode(_ value: UInt16) throws { encoder.write(value) }
        mutating func encode(_ value: UInt32) throws { encoder.write(value) }
        mutating func encode(_ value: UInt64) throws { encoder.write(value) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws { encoder.write(value) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws { encoder.write(value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try encoder.encodeValue(value)
        }
    }

    /// Thrown when a container is written after it was closed; the caller falls back to `JSONEncoder`.
    struct FallbackNeeded: Error {}

    /// Refuses an optional whose wrapped optional is `nil`, met through `encodeIfPresent`.
    static func refuseNilInside<T>(_ value: T) throws {
        guard let optional = value as? any OptionalValue, optional.isNil else { return }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: [],
                debugDescription:
                    "a nested optional holding nil (\(T.self)?.some(nil)) reads back from JSON as nil"))
    }
}
