/// A line of a recording parsed into one flat list of its values, in the order they appear, so that
/// reading and replaying a line costs no `JSONDecoder`, whose tree of boxed values costs many times
/// the rest of replaying an event.
///
/// It takes only what it reads exactly as `JSONDecoder` does: text that is not JSON, a key repeated
/// in an object, text that is not UTF-8, a lone UTF-16 surrogate or nesting deeper than 512 make
/// `init` return nil, and the caller reads the line with `JSONDecoder`, whose errors name the fault.
struct RecordingJSON {
    enum Kind: UInt8 {
        case null, `false`, `true`
        /// A number without a fraction or an exponent.
        case integer
        /// A number with a fraction or an exponent.
        case number
        case string
        /// A string with at least one escape sequence.
        case escapedString
        case array
        case object
    }

    /// One value. An object's members are its key (a string) then its value, each in turn.
    struct Value {
        let kind: Kind
        /// The value's first byte; a string's first byte after its opening quote.
        let start: Int
        /// The byte after the value; a string's closing quote.
        var end: Int
        /// The index of the value after this one and all it holds.
        var next: Int
        /// How many elements an array holds, or members an object.
        var count: Int
    }

    let bytes: [UInt8]
    private(set) var values: [Value] = []

    static let maximumDepth = 512

    /// Parses `bytes`, or the part of them in `range`, as a whole JSON text; nil unless it reads
    /// exactly as `JSONDecoder` reads it.
    init?(_ bytes: [UInt8], in range: Range<Int>? = nil) {
        self.bytes = bytes
        let input = bytes
        let range = range ?? 0..<bytes.count
        values.reserveCapacity(16)
        var position = range.lowerBound
        // SAFETY: Sound because the parser reads `buffer` only at positions it checks against the
        // end given, which lies within the buffer, and only inside the closure.
        let parsed = input.withUnsafeBufferPointer { whole in
            let buffer = UnsafeBufferPointer(rebasing: whole[..<range.upperBound])
            return parseValue(buffer, &position, depth: 0) && skipSpace(buffer, &position) == buffer.count
        }
        guard parsed else { return nil }
    }

    /// The bytes the value at `index` spans, container or scalar, quotes included.
    func span(of index: Int) -> Range<Int> {
        let value = values[index]
        switch value.kind {
        case .string, .escapedString:
            return (value.start - 1)..<(value.end + 1)
        default:
            return value.start..<value.end
        }
    }

    // MARK: Reading

    /// The index of the value after the one at `index`, skipping a container's contents.
    func next(after index: Int) -> Int {
        values[index].next
    }

    /// The index of the value of member `key` of the object at `index`, if it has that member.
    func member(_ key: String, of index: Int) -> Int? {
        guard values[index].kind == .object else { return nil }
        var position = index + 1
        for _ in 0..<values[index].count {
            if keyEquals(key, at: position) { return position + 1 }
            position = next(after: position + 1)
        }
        return nil
    }

    /// Whether the key at `index` reads `key`.
    func keyEquals(_ key: String, at index: Int) -> Bool {
        let value = values[index]
        guard value.kind == .string else { return string(at: index) == key }
        guard key.utf8.count == value.end - value.start else { return false }
        var key = key
        // SAFETY: Sound because both buffers are read within their counts, inside the closures.
        return key.withUTF8 { utf8 in
            utf8.count == value.end - value.start
                && bytes.withUnsafeBufferPointer { line in
                    utf8.elementsEqual(UnsafeBufferPointer(rebasing: line[value.start..<value.end]))
                }
        }
    }

    /// Whether the key at `index` reads `key`, a name of the recording's own format: no `String`
    /// is made, which costs more than comparing the few bytes.
    func isKey(_ key: StaticString, at index: Int) -> Bool {
        let value = values[index]
        let count = key.utf8CodeUnitCount
        guard value.kind == .string, value.end - value.start == count else { return false }
        for offset in 0..<count where bytes[value.start + offset] != key.utf8Start[offset] { return false }
        return true
    }

    /// The text of the string at `index`, its escapes read; nil if it is not a string.
    func string(at index: Int) -> String? {
        let value = values[index]
        switch value.kind {
        case .string:
            return String(decoding: bytes[value.start..<value.end], as: UTF8.self)
        case .escapedString:
            return Self.unescaped(bytes[value.start..<value.end])
        default:
            return nil
        }
    }

    /// The bytes of the value at `index`: a number's text, or a string's without its quotes.
    func text(at index: Int) -> ArraySlice<UInt8> {
        bytes[values[index].start..<values[index].end]
    }

    /// The integer at `index` as `T`, or nil if it is not an integer without fraction or exponent
    /// that fits `T`, which `JSONDecoder` reads the same way.
    func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) -> T? {
        let value = values[index]
        guard value.kind == .integer else { return nil }
        var position = value.start
        let isNegative = bytes[position] == UInt8(ascii: "-")
        if isNegative {
            // "-0" as an unsigned type is left to `JSONDecoder`.
            guard T.isSigned else { return nil }
            position += 1
        }
        var result: T = 0
        while position < value.end {
            let digit = T(bytes[position] &- UInt8(ascii: "0"))
            let (shifted, overflowed) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) =
                isNegative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowed, !overflowedAgain else { return nil }
            result = sum
            position += 1
        }
        return result
    }

    // MARK: Parsing

    private mutating func parseValue(
        _ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int
    ) -> Bool {
        position = skipSpace(buffer, &position)
        guard position < buffer.count else { return false }
        switch buffer[position] {
        case UInt8(ascii: "{"):
            return parseContainer(buffer, &position, depth: depth, isObject: true)
        case UInt8(ascii: "["):
            return parseContainer(buffer, &position, depth: depth, isObject: false)
        case UInt8(ascii: "\""):
            return parseString(buffer, &position)
        case UInt8(ascii: "n"):
            return parseLiteral("null", .null, buffer, &position)
        case UInt8(ascii: "t"):
            return parseLiteral("true", .true, buffer, &position)
        case UInt8(ascii: "f"):
            return parseLiteral("false", .false, buffer, &position)
        default:
            return parseNumber(buffer, &position)
        }
    }

    private mutating func parseContainer(
        _ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int, isObject: Bool
    ) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        let index = values.count
        values.append(Value(kind: isObject ? .object : .array, start: position, end: 0, next: 0, count: 0))
        position += 1
        let closer = UInt8(ascii: isObject ? "}" : "]")
        position = skipSpace(buffer, &position)
        var count = 0
        if position < buffer.count, buffer[position] == closer {
            position += 1
        } else {
            while true {
                if isObject {
                    position = skipSpace(buffer, &position)
                    guard position < buffer.count, buffer[position] == UInt8(ascii: "\""),
                        parseString(buffer, &position)
                    else { return false }
                    position = skipSpace(buffer, &position)
                    guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else { return false }
                    position += 1
                }
                guard parseValue(buffer, &position, depth: depth + 1) else { return false }
                count += 1
                position = skipSpace(buffer, &position)
                guard position < buffer.count else { return false }
                if buffer[position] == UInt8(ascii: ",") {
                    position += 1
                } else if buffer[position] == closer {
                    position += 1
                    break
                } else {
                    return false
                }
            }
        }
        values[index].end = position
        values[index].next = values.count
        values[index].count = count
        return !isObject || hasDistinctKeys(object: index)
    }

    /// Whether no key of the object at `index` is repeated: `JSONDecoder` keeps one of the two.
    private func hasDistinctKeys(object index: Int) -> Bool {
        let count = values[index].count
        guard count > 1 else { return true }
        if count <= 16 {
            // Pairwise: no allocation for the few keys of an event's objects.
            var first = index + 1
            for offset in 0..<(count - 1) {
                var second = next(after: first + 1)
                for _ in (offset + 1)..<count {
                    if sameKey(first, second) { return false }
                    second = next(after: second + 1)
                }
                first = next(after: first + 1)
            }
            return true
        }
        var seen = Set<String>(minimumCapacity: count)
        var key = index + 1
        for _ in 0..<count {
            guard let text = string(at: key), seen.insert(text).inserted else { return false }
            key = next(after: key + 1)
        }
        return true
    }

    private func sameKey(_ first: Int, _ second: Int) -> Bool {
        let a = values[first]
        let b = values[second]
        if a.kind == .string && b.kind == .string {
            // Keys of different lengths, the most, differ without a look at their bytes.
            return a.end - a.start == b.end - b.start
                && bytes[a.start..<a.end].elementsEqual(bytes[b.start..<b.end])
        }
        return string(at: first) == string(at: second)
    }

    private mutating func parseString(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        let start = position + 1
        var cursor = start
        var isEscaped = false
        var isASCII = true
        while true {
            guard cursor < buffer.count else { return false }
            let byte = buffer[cursor]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { return false }
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "\\") {
                isEscaped = true
                cursor += 1
                guard cursor < buffer.count else { return false }
                switch buffer[cursor] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    guard cursor + 4 < buffer.count,
                        (1...4).allSatisfy({ Self.hexValue(buffer[cursor + $0]) != nil })
                    else { return false }
                    cursor += 4
                default:
                    return false
                }
            }
            cursor += 1
        }
        // SAFETY: Sound because `start...cursor` lies within the buffer: `cursor` was checked
        // against its count above.
        if !isASCII,
            String(validating: UnsafeBufferPointer(rebasing: buffer[start..<cursor]), as: UTF8.self) == nil
        {
            return false
        }
        values.append(
            Value(
                kind: isEscaped ? .escapedString : .string, start: start, end: cursor, next: values.count + 1,
                count: 0))
        position = cursor + 1
        if isEscaped, Self.unescaped(bytes[start..<cursor]) == nil { return false }
        return true
    }

    private mutating func parseLiteral(
        _ literal: StaticString, _ kind: Kind, _ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int
    ) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= buffer.count else { return false }
        for offset in 0..<count where buffer[position + offset] != literal.utf8Start[offset] {
            return false
        }
        values.append(
            Value(kind: kind, start: position, end: position + count, next: values.count + 1, count: 0))
        position += count
        return true
    }

    /// A number as JSON writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func parseNumber(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        let start = position
        var cursor = position
        func isDigit(_ at: Int) -> Bool {
            at < buffer.count && buffer[at] >= UInt8(ascii: "0") && buffer[at] <= UInt8(ascii: "9")
        }
        func digits() -> Bool {
            guard isDigit(cursor) else { return false }
            while isDigit(cursor) { cursor += 1 }
            return true
        }
        if cursor < buffer.count, buffer[cursor] == UInt8(ascii: "-") { cursor += 1 }
        if cursor < buffer.count, buffer[cursor] == UInt8(ascii: "0") {
            cursor += 1
        } else {
            guard digits() else { return false }
        }
        var kind = Kind.integer
        if cursor < buffer.count, buffer[cursor] == UInt8(ascii: ".") {
            kind = .number
            cursor += 1
            guard digits() else { return false }
        }
        if cursor < buffer.count, buffer[cursor] == UInt8(ascii: "e") || buffer[cursor] == UInt8(ascii: "E") {
            kind = .number
            cursor += 1
            if cursor < buffer.count,
                buffer[cursor] == UInt8(ascii: "+") || buffer[cursor] == UInt8(ascii: "-")
            {
                cursor += 1
            }
            guard digits() else { return false }
        }
        values.append(Value(kind: kind, start: start, end: cursor, next: values.count + 1, count: 0))
        position = cursor
        return true
    }

    private func skipSpace(_ buffer: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Int {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position
            }
        }
        return position
    }

    // MARK: Escapes

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The text of a string's escaped bytes; nil for a lone UTF-16 surrogate, left to `JSONDecoder`.
    static func unescaped(_ escaped: ArraySlice<UInt8>) -> String? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(escaped.count)
        var position = escaped.startIndex
        func hex4(at start: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | (hexValue(escaped[start + $1]) ?? 0) }
        }
        while position < escaped.endIndex {
            let byte = escaped[position]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                position += 1
                continue
            }
            let code = escaped[position + 1]
            position += 2
            switch code {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var unit = hex4(at: position)
                position += 4
                if (0xD800..<0xDC00).contains(unit) {
                    guard position + 6 <= escaped.endIndex, escaped[position] == UInt8(ascii: "\\"),
                        escaped[position + 1] == UInt8(ascii: "u")
                    else { return nil }
                    let low = hex4(at: position + 2)
                    guard (0xDC00..<0xE000).contains(low) else { return nil }
                    position += 6
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(unit) {
                    return nil
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                UTF8.encode(scalar) { utf8.append($0) }
            default: utf8.append(code)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
