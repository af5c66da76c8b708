/// A value of an event's parameters, as JSON models it: what analytics receive and recordings store.
public enum EventValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// No value.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// Text.
    case string(String)
    /// A list.
    case array([EventValue])
    /// Named values.
    case object([String: EventValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([EventValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: EventValue].self))
        }
    }

    /// Encodes the value as the JSON it models.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value with every leaf replaced by a placeholder of the same kind: text becomes
    /// `"<redacted>"`, numbers 0, Booleans false. Keeping each leaf's kind lets a redacted event still
    /// decode, so a recording with redacted values can be replayed.
    public var redacted: EventValue {
        switch self {
        case .null: .null
        case .bool: .bool(false)
        case .int: .int(0)
        case .double: .double(0)
        case .string: .string(EventValue.redactionPlaceholder)
        case .array(let values): .array(values.map(\.redacted))
        case .object(let values): .object(values.mapValues(\.redacted))
        }
    }

    /// The value of a case that ``SensitiveWhen`` marks sensitive, redacted: the case's name kept
    /// (`{"typedPassword": {"_0": "<redacted>"}}`), all its values ``redacted``. A value that is not
    /// an enum case's is redacted whole.
    package var redactedCase: EventValue {
        guard case .object(let cases) = self, cases.count == 1, let (name, values) = cases.first else {
            return redacted
        }
        return .object([name: values.redacted])
    }

    /// What a redacted text reads.
    package static let redactionPlaceholder = "<redacted>"

    /// The value as compact JSON-like text.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): String(reflecting: value)
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let values):
            "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                + "}"
        }
    }
}
