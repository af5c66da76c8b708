import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A runtime value written as a Swift expression whose type the context gives: a literal where
/// one says it exactly (numbers, text, booleans, `nil`, enum cases, arrays of those), otherwise the
/// value's JSON decoded by the generated file's `recorded(_:)`, checked here to decode back to the
/// same value.
enum SwiftValueSource {
    /// What a value becomes in the source.
    enum Expression: Equatable {
        /// Swift source that builds the value.
        case source(String)
        /// Why it cannot be written: the generated source says so in a comment.
        case unwritable(String)

        var text: String? {
            if case .source(let text) = self { return text }
            return nil
        }
    }

    /// The generated file's function that decodes a value from its JSON.
    static let decodingFunction = "recorded"

    /// The value as Swift source, or why it cannot be.
    static func expression(for value: Any) -> Expression {
        if let literal = literal(for: value) { return .source(literal) }
        return json(for: value)
    }

    /// Whether the value's dynamic type is `Equatable`, as `THEN(_:equals:)` needs.
    static func isEquatable(_ value: Any) -> Bool {
        type(of: value) is any Equatable.Type
    }

    /// Whether two values are equal, when the first is `Equatable`; nil when it is not.
    static func areEqual(_ first: Any, _ second: Any) -> Bool? {
        guard let first = first as? any Equatable else { return nil }
        return first.isEqual(to: second)
    }

    // MARK: Literals

    private static func literal(for value: Any) -> String? {
        // A case marked sensitive is written only when redacting it changes nothing, its values
        // being the placeholders already (as a recording's are): one the replay made again from a
        // value the app computes goes to its JSON, which says it cannot be written.
        if Redaction.isSensitiveEvent(value), hidesSensitiveValues(value) { return nil }
        switch value {
        case let text as String: return SwiftStringLiteral.quoted(text)
        case let flag as Bool: return flag ? "true" : "false"
        case let number as Double: return floatingPoint(number)
        case let number as Float: return floatingPoint(number)
        case let integer as any BinaryInteger: return "\(integer)"
        case is any SensitiveValue:
            // Never written out: its JSON, redacted, is checked against it instead.
            return nil
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return literal(for: wrapped)
        case .enum:
            return enumCase(value, mirror: mirror)
        case .collection where type(of: value) is any RangeReplaceableCollection.Type:
            var elements: [String] = []
            for child in mirror.children {
                guard let element = literal(for: child.value) else { return nil }
                elements.append(element)
            }
            return "[\(elements.joined(separator: ", "))]"
        default:
            return nil
        }
    }

    /// Whether `source`, written by this type, is a NaN: the standard one, or another by its bits.
    static func spellsNaN(_ source: String) -> Bool {
        source.hasSuffix(".nan") || source.hasPrefix("Double(bitPattern: ")
            || source.hasPrefix("Float(bitPattern: ")
    }

    private static func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_ number: F)
        -> String?
    {
        if number.isNaN {
            // A NaN other than its type's standard one is written by its bits, as the recording kept it.
            if let double = number as? Double, double.bitPattern != Double.nan.bitPattern {
                return "Double(bitPattern: 0x\(String(double.bitPattern, radix: 16)))"
            }
            if let float = number as? Float, float.bitPattern != Float.nan.bitPattern {
                return "Float(bitPattern: 0x\(String(float.bitPattern, radix: 16)))"
            }
            return ".nan"
        }
        if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
        // Swift's description is the shortest text that reads back as the same value.
        return number.description
    }

    /// `.name` or `.name(payload)`. A mirror gives a case's payload as a tuple when it has labels
    /// or several values (`(x: 1)`, `(2, y: "s")`), and as the value itself otherwise.
    private static func enumCase(_ value: Any, mirror: Mirror) -> String? {
        // `.none` and `.some` would name `Optional`'s cases wherever the context is optional: such a
        // case is written as its JSON instead.
        guard let name = EnumCaseName.of(value), SwiftIdentifier.isValid(name), name != "none", name != "some"
        else { return nil }
        guard let payload = mirror.children.first else { return "." + name }
        guard payload.label == name else { return nil }
        let tuple = Mirror(reflecting: payload.value)
        var parts: [String] = []
        if tuple.displayStyle == .tuple {
            for child in tuple.children {
                guard let label = child.label, let text = expression(for: child.value).text else {
                    return nil
                }
                parts.append(label.hasPrefix(".") ? text : "\(label): \(text)")
            }
        } else {
            guard let text = expression(for: payload.value).text else { return nil }
            parts.append(text)
        }
        return ".\(name)(\(parts.joined(separator: ", ")))"
    }

    // MARK: JSON

    /// `recorded(#"..."#)`, when the value is `Codable` and its JSON, sensitive values redacted,
    /// decodes back to a value equal to it (by `==` when it is `Equatable`, by its dump otherwise).
    private static func json(for value: Any) -> Expression {
        let typeName = "\(type(of: value))"
        guard let encodable = value as? any Encodable, let decodable = type(of: value) as? any Decodable.Type
        else {
            return .unwritable("\(typeName) is not Codable, so it cannot be written as Swift source here")
        }
        let data: Data
        do {
            data = try encoder().encode(SensitiveCasesRedacted(encodable))
        } catch {
            return .unwritable("\(typeName) does not encode: \(error)")
        }
        let json = String(decoding: data, as: UTF8.self)
        let decoded: Any
        do {
            decoded = try decoder().decodeValue(of: decodable, from: data)
        } catch {
            return .unwritable("\(typeName) does not decode from its own JSON: \(error)")
        }
        let isSame = areEqual(value, decoded) ?? (dumped(value) == dumped(decoded))
        guard isSame else {
            if hidesSensitiveValues(value) {
                return .unwritable("\(typeName) holds a sensitive value, which the plan never writes")
            }
            return .unwritable(
                "\(typeName) does not decode from its JSON to the same value (a sensitive value is redacted in it)"
            )
        }
        return .source("\(decodingFunction)(\(SwiftStringLiteral.raw(SwiftStringLiteral.asciiJSON(json))))")
    }

    /// Whether the library's redaction hides something in `value`: its JSON differs redacted. A
    /// value holding only placeholders hides nothing; one that does not encode is taken to hide
    /// something, since nothing tells it does not. Compared in memory, never written.
    private static func hidesSensitiveValues(_ value: Any) -> Bool {
        guard let encodable = value as? any Encodable else { return true }
        let plain = encoder()
        plain.userInfo[EventEncoding.redactsSensitiveValues] = false
        guard let redacted = try? encoder().encode(SensitiveCasesRedacted(encodable)),
            let own = try? plain.encode(encodable)
        else { return true }
        return redacted != own
    }

    private static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// Encodes as recordings do: sensitive values redacted (and sensitive cases, when the value is
    /// wrapped in `SensitiveCasesRedacted`), non-finite numbers as text, keys sorted so that the
    /// same value always gives the same source.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        encoder.userInfo[EventEncoding.redactsSensitiveValues] = true
        return encoder
    }

    /// Decodes as the generated `recorded(_:)` does.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension JSONDecoder {
    /// Decodes a value of a type known at run time only.
    fileprivate func decodeValue(of type: any Decodable.Type, from data: Data) throws -> Any {
        try decodeOpened(type, from: data)
    }

    private func decodeOpened<T: Decodable>(_ type: T.Type, from data: Data) throws -> Any {
        let value: T = try decode(T.self, from: data)
        return value
    }
}
