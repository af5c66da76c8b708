@_spi(StatoscopeInternals) import StatoscopeCore

extension RecordingFormat.Line {
    /// The line read from its parsed JSON, as `JSONDecoder` reads it; nil where only `JSONDecoder`
    /// reads it exactly, or reports why it does not read (the caller then decodes it that way).
    init?(parsed json: RecordingJSON) {
        guard json.values.first?.kind == .object else { return nil }
        var number: Int?
        var path: [String]?
        var eventIndex: Int?
        var texts = Texts()
        var position = 1
        for _ in 0..<json.values[0].count {
            let value = position + 1
            // A member set to null reads as absent; other keys are ignored, as `JSONDecoder` does.
            let isNull = json.values[value].kind == .null
            if json.isKey("n", at: position) {
                guard let n = json.integer(at: value, as: Int.self) else { return nil }
                number = n
            } else if json.isKey("path", at: position) {
                if !isNull {
                    guard json.values[value].kind == .array else { return nil }
                    var names: [String] = []
                    names.reserveCapacity(json.values[value].count)
                    var element = value + 1
                    for _ in 0..<json.values[value].count {
                        guard let name = json.string(at: element) else { return nil }
                        names.append(name)
                        element += 1
                    }
                    path = names
                }
            } else if json.isKey("event", at: position) {
                if !isNull {
                    guard EventValue.isReadable(parsed: json, at: value) else { return nil }
                    eventIndex = value
                }
            } else if json.isKey("end", at: position) {
                // Once per recording: left to `JSONDecoder`.
                return nil
            } else {
                let field =
                    json.isKey("scope", at: position)
                    ? \Texts.scope
                    : json.isKey("unrecordable", at: position)
                        ? \Texts.unrecordable
                        : json.isKey("effect", at: position)
                            ? \Texts.effect : json.isKey("step", at: position) ? \Texts.step : nil
                if let field, !isNull {
                    guard let text = json.string(at: value) else { return nil }
                    texts[keyPath: field] = text
                }
            }
            position = json.next(after: value)
        }
        guard let number else { return nil }
        n = number
        self.path = path
        self.eventIndex = eventIndex
        (scope, unrecordable, effect, step) = (texts.scope, texts.unrecordable, texts.effect, texts.step)
    }
}

extension RecordingFormat.Line {
    /// The members whose value is text, as ``init(parsed:)`` finds them.
    private struct Texts {
        var scope: String?
        var unrecordable: String?
        var effect: String?
        var step: String?
    }
}

extension EventValue {
    /// The value at `index`, as `JSONDecoder` decodes an `EventValue` from it; nil where only
    /// `JSONDecoder` reads it exactly.
    init?(parsed json: RecordingJSON, at index: Int) {
        switch json.values[index].kind {
        case .null:
            self = .null
        case .false:
            self = .bool(false)
        case .true:
            self = .bool(true)
        case .integer:
            // Beyond `Int`, `JSONDecoder` goes by way of `Double` and `Decimal`: left to it.
            guard let value = json.integer(at: index, as: Int.self) else { return nil }
            self = .int(value)
        case .number:
            guard let value = Self.fraction(json, at: index) else { return nil }
            self = .double(value)
        case .string, .escapedString:
            guard let text = json.string(at: index) else { return nil }
            self = .string(text)
        case .array:
            var values: [EventValue] = []
            values.reserveCapacity(json.values[index].count)
            var element = index + 1
            for _ in 0..<json.values[index].count {
                guard let value = EventValue(parsed: json, at: element) else { return nil }
                values.append(value)
                element = json.next(after: element)
            }
            self = .array(values)
        case .object:
            var values = [String: EventValue](minimumCapacity: json.values[index].count)
            var key = index + 1
            for _ in 0..<json.values[index].count {
                guard let name = json.string(at: key), let value = EventValue(parsed: json, at: key + 1)
                else {
                    return nil
                }
                values[name] = value
                key = json.next(after: key + 1)
            }
            self = .object(values)
        }
    }

    /// Whether ``init(parsed:at:)`` reads the value at `index`: whether each number in it reads
    /// as `JSONDecoder` reads it (strings, the parse already checked).
    static func isReadable(parsed json: RecordingJSON, at index: Int) -> Bool {
        for position in index..<json.next(after: index) {
            switch json.values[position].kind {
            case .integer: guard json.integer(at: position, as: Int.self) != nil else { return false }
            case .number: guard fraction(json, at: position) != nil else { return false }
            default: continue
            }
        }
        return true
    }

    /// A number `JSONDecoder` reads as a `Double` for an `EventValue`: one that is not a whole
    /// number (a whole one it may read as an `Int`, beyond `Int` it goes by way of `Decimal`), is
    /// finite, and does not round to zero. Nil for the rest.
    private static func fraction(_ json: RecordingJSON, at index: Int) -> Double? {
        let text = json.text(at: index)
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite,
            value.rounded(.towardZero) != value, value != 0
        else { return nil }
        return value
    }
}
