extension RecordingEventDecoder {
    /// A container's coding path, made into an array only when asked: most decoding never asks.
    struct CodingPath {
        let above: [any CodingKey]
        let key: (any CodingKey)?

        init(_ above: [any CodingKey], _ key: (any CodingKey)? = nil) {
            self.above = above
            self.key = key
        }

        var keys: [any CodingKey] { key.map { above + [$0] } ?? above }
    }

    /// An object's members, found by key.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: RecordingEventDecoder
        let object: Int
        let path: CodingPath
        var codingPath: [any CodingKey] { path.keys }

        var allKeys: [Key] {
            var keys: [Key] = []
            let json = decoder.json
            var position = object + 1
            for _ in 0..<json.values[object].count {
                if let text = json.string(at: position), let key = Key(stringValue: text) { keys.append(key) }
                position = json.next(after: position + 1)
            }
            return keys
        }

        private func index(of key: Key) -> Int? {
            decoder.json.member(key.stringValue, of: object)
        }

        /// The value of `key`; a missing key is left to `JSONDecoder`, whose error names it.
        private func value(of key: Key) throws -> Int {
            guard let index = index(of: key) else { throw decoder.unsupported() }
            return index
        }

        func contains(_ key: Key) -> Bool { index(of: key) != nil }

        func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(at: try value(of: key)) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try decoder.bool(at: value(of: key))
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try decoder.string(at: value(of: key))
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try decoder.double(at: value(of: key))
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try decoder.floatingPoint(at: value(of: key), as: type)
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.int(at: value(of: key)) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

        private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
            try decoder.integer(at: value(of: key), as: type)
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.decodeValue(type, at: value(of: key), key: key)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let index = try value(of: key)
            guard decoder.json.values[index].kind == .object else { throw decoder.unsupported() }
            return KeyedDecodingContainer(
                KeyedContainer<NestedKey>(decoder: decoder, object: index, path: CodingPath(codingPath, key)))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            let index = try value(of: key)
            guard decoder.json.values[index].kind == .array else { throw decoder.unsupported() }
            return UnkeyedContainer(decoder: decoder, array: index, path: CodingPath(codingPath, key))
        }

        func superDecoder() throws -> any Decoder { throw decoder.unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.unsupported() }
    }

    /// The key of an array's element in a coding path.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// An array's elements, in turn.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: RecordingEventDecoder
        let path: CodingPath
        var codingPath: [any CodingKey] { path.keys }
        let count: Int?
        private(set) var currentIndex = 0
        /// The value of the element at `currentIndex`.
        private var position: Int

        init(decoder: RecordingEventDecoder, array: Int, path: CodingPath) {
            self.decoder = decoder
            self.path = path
            count = decoder.json.values[array].count
            position = array + 1
        }

        var isAtEnd: Bool { currentIndex >= count ?? 0 }

        /// The next element's value, moving past it; the end is left to `JSONDecoder`.
        private mutating func advance() throws -> Int {
            guard !isAtEnd else { throw decoder.unsupported() }
            let index = position
            position = decoder.json.next(after: index)
            currentIndex += 1
            return index
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw decoder.unsupported() }
            guard decoder.isNull(at: position) else { return false }
            _ = try advance()
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: advance()) }
        mutating func decode(_ type: String.Type) throws -> String { try decoder.string(at: advance()) }
        mutating func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: advance()) }
        mutating func decode(_ type: Float.Type) throws -> Float {
            try decoder.floatingPoint(at: advance(), as: type)
        }
        mutating func decode(_ type: Int.Type) throws -> Int { try decoder.int(at: advance()) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

        private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            try decoder.integer(at: advance(), as: type)
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let key = IndexKey(intValue: currentIndex)
            return try decoder.decodeValue(type, at: advance(), key: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let key = IndexKey(intValue: currentIndex)
            let index = try advance()
            guard decoder.json.values[index].kind == .object else { throw decoder.unsupported() }
            return KeyedDecodingContainer(
                KeyedContainer<NestedKey>(decoder: decoder, object: index, path: CodingPath(codingPath, key)))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let key = IndexKey(intValue: currentIndex)
            let index = try advance()
            guard decoder.json.values[index].kind == .array else { throw decoder.unsupported() }
            return UnkeyedContainer(decoder: decoder, array: index, path: CodingPath(codingPath, key))
        }

        mutating func superDecoder() throws -> any Decoder { throw decoder.unsupported() }
    }

    /// One value.
    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: RecordingEventDecoder
        let value: Int
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { decoder.isNull(at: value) }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: value) }
        func decode(_ type: String.Type) throws -> String { try decoder.string(at: value) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: value) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.floatingPoint(at: value, as: type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.int(at: value) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(at: value, as: type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(at: value, as: type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(at: value, as: type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(at: value, as: type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type) throws -> Int128 { try decoder.integer(at: value, as: type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(at: value, as: type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(at: value, as: type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(at: value, as: type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(at: value, as: type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(at: value, as: type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type) throws -> UInt128 { try decoder.integer(at: value, as: type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decoder.decodeValue(type, at: value, key: nil)
        }
    }
}
