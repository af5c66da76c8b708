import Foundation

/// Decodes a recorded event from its parsed line, as `JSONDecoder` with the recording's settings
/// decodes it, for a fraction of the cost.
///
/// It decodes only what it decodes exactly as `JSONDecoder` would. At anything else (a type
/// `JSONDecoder` reads its own way, such as `Decimal`, `Data` or `URL`; a number written with a
/// fraction read as an integer; any failure, whether or not the event's own `init(from:)` catches
/// it) it gives up: ``decode(_:from:at:)`` returns nil, and the caller decodes the line with
/// `JSONDecoder`, whose value or error is the one to report.
final class RecordingEventDecoder {
    let json: RecordingJSON
    /// The value being decoded.
    private(set) var current: Int
    private(set) var codingPath: [any CodingKey] = []
    /// Set when decoding met what only `JSONDecoder` decodes exactly.
    private(set) var needsFallback = false

    private init(_ json: RecordingJSON, at index: Int) {
        self.json = json
        current = index
    }

    /// The value at `index` decoded as `type`, or nil when only `JSONDecoder` decodes it exactly.
    static func decode<T: Decodable>(_ type: T.Type, from json: RecordingJSON, at index: Int) -> T? {
        let decoder = RecordingEventDecoder(json, at: index)
        guard let value = try? decoder.decodeValue(T.self, at: index, key: nil), !decoder.needsFallback else {
            return nil
        }
        return value
    }

    /// What decoding throws when it gives up: nothing but the fallback ever sees it.
    struct Unsupported: Error {}

    func unsupported() -> Unsupported {
        needsFallback = true
        return Unsupported()
    }

    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, key: (any CodingKey)?) throws -> T {
        // `JSONDecoder` reads these its own way; the event is left to it.
        if T.self == Decimal.self || T.self == Data.self || T.self == URL.self { throw unsupported() }
        let previous = current
        current = index
        if let key { codingPath.append(key) }
        defer {
            current = previous
            if key != nil { codingPath.removeLast() }
        }
        return try T(from: self)
    }

    // MARK: Scalars

    func isNull(at index: Int) -> Bool {
        json.values[index].kind == .null
    }

    func bool(at index: Int) throws -> Bool {
        switch json.values[index].kind {
        case .true: return true
        case .false: return false
        default: throw unsupported()
        }
    }

    func string(at index: Int) throws -> String {
        guard let text = json.string(at: index) else { throw unsupported() }
        return text
    }

    /// An `Int`, the most common integer, without the generic path: called from containers generic
    /// over their keys, that path was left unspecialised, and cost ten times the parse.
    func int(at index: Int) throws -> Int {
        guard let value = json.integer(at: index, as: Int.self) else { throw unsupported() }
        return value
    }

    func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) throws -> T {
        guard let value = json.integer(at: index, as: type) else { throw unsupported() }
        return value
    }

    /// A `Double` without the generic path, as ``int(at:)`` is.
    func double(at index: Int) throws -> Double {
        try floatingPoint(at: index, as: Double.self)
    }

    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        at index: Int, as type: T.Type
    ) throws -> T {
        let value = json.values[index]
        switch value.kind {
        case .integer, .number:
            // `JSONDecoder` parses the text as `T` itself, and refuses what overflows or rounds to
            // zero: both are left to it (a zero with any digit but 0 counts as rounded).
            let text = json.text(at: index)
            guard let parsed = T(String(decoding: text, as: UTF8.self)), parsed.isFinite,
                parsed != 0 || !text.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) })
            else { throw unsupported() }
            return parsed
        case .string:
            // Non-finite values, as the recorder writes them.
            let text = json.text(at: index)
            if text.elementsEqual(RecordingFormat.infinity.utf8) { return .infinity }
            if text.elementsEqual(("-" + RecordingFormat.infinity).utf8) { return -.infinity }
            guard let nan = RecordingFormat.nan(fromText: String(decoding: text, as: UTF8.self), as: T.self)
            else { throw unsupported() }
            return nan
        default:
            throw unsupported()
        }
    }
}

extension RecordingEventDecoder: Decoder {
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard json.values[current].kind == .object else { throw unsupported() }
        return KeyedDecodingContainer(
            KeyedContainer<Key>(decoder: self, object: current, path: CodingPath(codingPath)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard json.values[current].kind == .array else { throw unsupported() }
        return UnkeyedContainer(decoder: self, array: current, path: CodingPath(codingPath))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self, value: current, codingPath: codingPath)
    }
}
