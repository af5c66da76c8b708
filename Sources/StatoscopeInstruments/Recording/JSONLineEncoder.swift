import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Encodes a value as compact JSON text straight into a byte buffer, for the recorder's lines and the
/// inspector's messages.
///
/// `JSONEncoder` builds a tree of boxed values before it writes a byte, which costs more than the
/// rest of recording the smallest event; this encoder writes as it goes. Its output is what
/// `JSONDecoder` reads back into the same value: URLs as strings, `Data` as Base64, `Decimal`s as
/// their exact digits, floats in their shortest exact form with non-finite values as strings (a NaN
/// with its bits, as ``RecordingFormat`` spells it, which the recording's decoding reads back).
///
/// Writing a recording's line, it redacts each case that ``SensitiveWhen`` marks sensitive, the
/// event or a value inside it at any depth, as ``EventValue/redactedCase`` does.
///
/// It refuses the values JSON would change: a nested optional holding `nil` (`Optional(nil)`
/// reads back as `nil`) and a `Decimal` NaN. What it cannot stream (`superEncoder`, writing into a
/// container after a later one) sets ``needsFallback``, and the caller encodes with `JSONEncoder`.
package final class JSONLineEncoder {
    // Unchecked exclusivity: checking these fields cost a quarter of recording.
    //
    // SAFETY: Sound because no access to them overlaps another. The encoder is not `Sendable`: the
    // one writer that owns it uses it in one isolation domain. The app's code does run while a
    // value is encoded (its `encode(to:)`), but only between accesses: each access here is a load,
    // a store or an append that calls nothing, and none is held across `encode(to:)`; what that
    // code does with the encoder goes through `Encoder`'s methods, one complete access at a time.
    // Appending releases nothing of the app's. The same holds for every unchecked field below.

    /// The text written so far.
    // SAFETY: Sound as the comment above the fields says.
    @exclusivity(unchecked) package var bytes: [UInt8] = []
    /// Set when a value used a part of `Encoder` this encoder does not stream.
    // SAFETY: Sound as `bytes` is.
    @exclusivity(unchecked) package var needsFallback = false
    package let userInfo: [CodingUserInfoKey: Any]

    /// The containers open now, innermost last: what closes them, and whether they hold anything.
    // SAFETY: Sound as `bytes` is.
    @exclusivity(unchecked) private var frames: [Frame] = []
    // SAFETY: Sound as `bytes` is.
    @exclusivity(unchecked) private var nextFrameID = 0

    private struct Frame {
        let id: Int
        let closer: UInt8
        var isEmpty = true
        var count = 0
    }

    package init(redactingSensitiveValues: Bool) {
        userInfo = [EventEncoding.redactsSensitiveValues: redactingSensitiveValues]
        redactsSensitiveCases = redactingSensitiveValues
        bytes.reserveCapacity(256)
    }

    /// Appends the JSON of `value`.
    package func append<T: Encodable>(_ value: T) throws {
        needsFallback = false
        let level = frames.count
        try encodeValue(value, level: level)
        close(downTo: level)
    }

    // MARK: Values

    /// Writes one value whose key or comma is already written.
    func encodeValue<T: Encodable>(_ value: T) throws {
        try encodeValue(value, level: frames.count)
    }

    private func encodeValue<T: Encodable>(_ value: T, level: Int) throws {
        // Metatype comparisons cost a pointer compare; these are the types `JSONDecoder` reads in
        // its own way, so they have to be written its way.
        if T.self == Decimal.self {
            return try writeDecimal(value as! Decimal)
        } else if T.self == URL.self {
            return writeString((value as! URL).absoluteString)
        } else if T.self == Data.self {
            return writeString((value as! Data).base64EncodedString())
        }
        let kind = kinds.value(for: T.self)
        if kind == .sensitiveCase, redactsSensitiveCases, Redaction.isSensitiveEvent(value) {
            return try encodeValue(try EventEncoding.redactedSensitiveCase(value), level: level)
        }
        if kind == .nestedOptional, let optional = value as? any NestedOptional, optional.holdsNil {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "a nested optional holding nil (\(T.self).some(nil)) reads back from JSON as nil"))
        }
        let start = bytes.count
        let previousLevel = valueLevel
        valueLevel = level
        defer { valueLevel = previousLevel }
        try value.encode(to: self)
        close(downTo: level)
        if bytes.count == start {
            // A value that encodes nothing is an empty object, as `JSONEncoder` writes it.
            bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
        }
    }

    /// Whether sensitive cases are redacted.
    private let redactsSensitiveCases: Bool

    /// What needs a look before it is written, among the types met so far: asked once per type, since
    /// a dynamic cast per value cost more than the rest of encoding it.
    private let kinds = TypeMemo { type -> ValueKind in
        if type is any NestedOptional.Type { return .nestedOptional }
        if type is any SensitiveWhen.Type { return .sensitiveCase }
        return .plain
    }

    private enum ValueKind {
        case plain
        /// An optional of an optional, whose `.some(nil)` JSON cannot tell from `nil`.
        case nestedOptional
        /// A ``SensitiveWhen`` value, whose case may be one to redact.
        case sensitiveCase
    }

    /// How many containers were open when the value being encoded started.
    // SAFETY: Sound as `bytes` is: set before and restored after the app's `encode(to:)`, never
    // across it.
    @exclusivity(unchecked) private(set) var valueLevel = 0

    func writeNull() { bytes.append(contentsOf: Self.null) }
    func write(_ value: Bool) { bytes.append(contentsOf: value ? Self.true : Self.false) }

    func write(_ value: some BinaryInteger & CustomStringConvertible) {
        bytes.append(contentsOf: value.description.utf8)
    }

    func write(_ value: Double) {
        guard value.isFinite else { return writeNonFinite(value) }
        writeFinite(value.description)
    }

    func write(_ value: Float) {
        guard value.isFinite else { return writeNonFinite(value) }
        writeFinite(value.description)
    }

    private func writeFinite(_ description: String) {
        // The shortest text that reads back as the same bits; "1.0" is written "1", as
        // `JSONEncoder` writes it, which integer types can read back too.
        var text = Substring(description)
        if text.hasSuffix(".0") { text = text.dropLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes an infinity or a NaN as a string, a NaN with its bits unless it is the standard one.
    private func writeNonFinite<T: BinaryFloatingPoint>(_ value: T) {
        if value.isNaN { return writeString(RecordingFormat.text(ofNaN: value)) }
        writeString(value < 0 ? "-" + RecordingFormat.infinity : RecordingFormat.infinity)
    }

    private func writeDecimal(_ value: Decimal) throws {
        guard !value.isNaN else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: [], debugDescription: "a Decimal NaN has no JSON form"))
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
    /// as UTF-8.
    func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        // SAFETY: Sound because `utf8` is used only inside the closure, within its bounds (every
        // index comes from `utf8.indices`), and copied into `bytes`, never kept.
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                // SAFETY: Sound because the slice lies within `utf8`: both ends come from its indices.
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            // SAFETY: Sound as the slices above are: within `utf8`, copied before the closure returns.
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let null = Array("null".utf8)
    private static let `true` = Array("true".utf8)
    private static let `false` = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    // MARK: Containers

    /// Opens a container: `{` or `[`. Returns its identity, which its writes check.
    func open(object: Bool) -> (depth: Int, id: Int) {
        nextFrameID += 1
        frames.append(Frame(id: nextFrameID, closer: UInt8(ascii: object ? "}" : "]")))
        bytes.append(UInt8(ascii: object ? "{" : "["))
        return (frames.count, nextFrameID)
    }

    /// The container a value asks the encoder for, if that value already opened one: a class
    /// encoding its superclass's properties into the same object.
    func reusableFrame(object: Bool) -> (depth: Int, id: Int)? {
        guard frames.count == valueLevel + 1, let frame = frames.last,
            frame.closer == UInt8(ascii: object ? "}" : "]")
        else { return nil }
        return (frames.count, frame.id)
    }

    /// Makes the container at `depth` the innermost one, closing those inside it, and writes the
    /// comma before its next element. Returns false when that container was closed already: the
    /// value wrote into it after moving on, which a stream cannot take back.
    func beginElement(depth: Int, id: Int) -> Bool {
        guard depth <= frames.count, frames[depth - 1].id == id else {
            needsFallback = true
            return false
        }
        close(downTo: depth)
        if frames[depth - 1].isEmpty {
            frames[depth - 1].isEmpty = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        frames[depth - 1].count += 1
        return true
    }

    /// Writes `"key":` after ``beginElement(depth:id:)``.
    func writeKey(_ key: String) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    func count(depth: Int, id: Int) -> Int {
        guard depth <= frames.count, frames[depth - 1].id == id else { return 0 }
        return frames[depth - 1].count
    }

    private func close(downTo level: Int) {
        while frames.count > level {
            bytes.append(frames.removeLast().closer)
        }
    }
}

extension JSONLineEncoder: Encoder {
    package var codingPath: [any CodingKey] { [] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = reusableFrame(object: true) ?? open(object: true)
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, depth: frame.depth, id: frame.id))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let frame = reusableFrame(object: false) ?? open(object: false)
        return UnkeyedContainer(encoder: self, depth: frame.depth, id: frame.id)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }
}

/// Optional values whose wrapped type is itself optional: `.some(nil)` is written as `null`, which
/// reads back as the outer `nil`.
protocol NestedOptional {
    var holdsNil: Bool { get }
}

protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
}

extension Optional: NestedOptional where Wrapped: OptionalValue {
    var holdsNil: Bool {
        guard case .some(let wrapped) = self else { return false }
        return wrapped.isNil
    }
}
