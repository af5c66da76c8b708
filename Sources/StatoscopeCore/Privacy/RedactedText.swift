/// The text of a value that holds a sensitive case at any depth, as Swift writes the value, with
/// that case redacted: `forward(App.Keypad.userTypedPassword(<redacted>))`. With `optionals`, an
/// optional at any depth is rewritten too, as its value (`loaded(0)`, not `loaded(Optional(0))`).
///
/// Swift writes a value nested in another through its own reflection, which no conformance of the
/// app's types can change: the library walks the value as Swift does (`print` at the top,
/// `debugPrint` below), looking for a sensitive case. A value holding none is left to Swift and
/// prints exactly as it always does; only the frames around a redacted case are written here, each
/// as Swift writes it.
///
/// Swift does not look inside a value that writes its own text (a `description`), nor inside a
/// class: neither does this.
enum RedactedText {
    /// The text of `value` with its sensitive cases redacted (and, with `optionals`, its optionals
    /// written as their values), or nil when it holds nothing to rewrite. `nested` writes it as Swift
    /// writes a value inside another: types named in full, sets and slices named.
    static func of(_ value: Any, nested: Bool, optionals: Bool = false) -> String? {
        // Containers first: a cast to `SensitiveWhen` would look into an optional.
        if let container = value as? any TextFromElements {
            return container.redactedText(nested: nested, optionals: optionals)
        }
        if Redaction.isSensitiveEvent(value) {
            return Redaction.redactedCase(of: value, qualified: nested)
        }
        if value is any CustomStringConvertible || value is any CustomDebugStringConvertible
            || value is any TextOutputStreamable
        {
            return nil
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .enum: return enumCase(value, mirror: mirror, nested: nested, optionals: optionals)
        case .struct: return structure(value, mirror: mirror, nested: nested, optionals: optionals)
        case .tuple: return tuple(mirror, optionals: optionals)
        default: return nil
        }
    }

    /// `name(payload)`, or `name(label: value, ...)` for several values or labelled ones, which
    /// the mirror gives as a tuple; inside another value, `App.Type.name(payload)`.
    private static func enumCase(_ value: Any, mirror: Mirror, nested: Bool, optionals: Bool) -> String? {
        guard let payload = mirror.children.first, let name = payload.label,
            let text = of(payload.value, nested: true, optionals: optionals)
        else { return nil }
        let isTuple = Mirror(reflecting: payload.value).displayStyle == .tuple
        let qualifier = nested ? String(reflecting: type(of: value)) + "." : ""
        return qualifier + name + (isTuple ? text : "(\(text))")
    }

    private static func structure(_ value: Any, mirror: Mirror, nested: Bool, optionals: Bool) -> String? {
        let fields = mirror.children.filter { $0.label != nil }
        guard let texts = texts(of: fields.map(\.value), optionals: optionals) else { return nil }
        let parts = zip(fields, texts).map { field, text in "\(field.label ?? ""): \(text)" }
        return typeName(of: value, nested: nested) + "(" + parts.joined(separator: ", ") + ")"
    }

    /// `(a, label: b)`; a label starting with a dot is the position Swift gives an unlabelled element.
    private static func tuple(_ mirror: Mirror, optionals: Bool) -> String? {
        let elements = Array(mirror.children)
        guard let texts = texts(of: elements.map(\.value), optionals: optionals) else { return nil }
        let parts = zip(elements, texts).map { element, text in
            guard let label = element.label, !label.isEmpty, !label.hasPrefix(".") else { return text }
            return "\(label): \(text)"
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// The texts of values inside another, each rewritten or as Swift writes it there; nil when none
    /// holds anything to rewrite.
    static func texts(of values: [Any], optionals: Bool) -> [String]? {
        let redacted = values.map { of($0, nested: true, optionals: optionals) }
        guard redacted.contains(where: { $0 != nil }) else { return nil }
        return zip(values, redacted).map { value, text in text ?? String(reflecting: value) }
    }

    /// `Point` at the top, `App.Point` inside another value.
    private static func typeName(of value: Any, nested: Bool) -> String {
        nested ? String(reflecting: type(of: value)) : String(describing: type(of: value))
    }
}

/// The standard library's containers, which write their text from their elements' texts:
/// `[a, b]`, `[k: v]`, `Optional(a)`, and inside another value `Set([a])`.
private protocol TextFromElements {
    /// The container's text with the sensitive cases its elements hold redacted (and, with
    /// `optionals`, its optionals written as their values), or nil when they hold nothing to rewrite.
    func redactedText(nested: Bool, optionals: Bool) -> String?
}

extension Optional: TextFromElements {
    fileprivate func redactedText(nested: Bool, optionals: Bool) -> String? {
        if optionals {
            return Redaction.optionalText(of: self as Any) {
                RedactedText.of($0, nested: true, optionals: true) ?? String(reflecting: $0)
            }
        }
        guard case .some(let wrapped) = self, let text = RedactedText.of(wrapped, nested: true) else {
            return nil
        }
        return "Optional(\(text))"
    }
}

extension Array: TextFromElements {
    fileprivate func redactedText(nested: Bool, optionals: Bool) -> String? {
        listText(of: self, named: nil, optionals: optionals)
    }
}

extension ContiguousArray: TextFromElements {
    fileprivate func redactedText(nested: Bool, optionals: Bool) -> String? {
        listText(of: self, named: nested ? "ContiguousArray" : nil, optionals: optionals)
    }
}

extension ArraySlice: TextFromElements {
    fileprivate func redactedText(nested: Bool, optionals: Bool) -> String? {
        listText(of: self, named: nested ? "ArraySlice" : nil, optionals: optionals)
    }
}

extension Set: TextFromElements {
    fileprivate func redactedText(nested: Bool, optionals: Bool) -> String? {
        listText(of: self, named: nested ? "Set" : nil, optionals: optionals)
    }
}

extension Dictionary: TextFromElements {
    fileprivate func redactedText(nested: Bool, optionals: Bool) -> String? {
        // Keys and values in one list, in the dictionary's order, as its description walks them.
        guard
            let texts = RedactedText.texts(of: flatMap { [$0.key, $0.value] as [Any] }, optionals: optionals)
        else {
            return nil
        }
        let pairs = stride(from: 0, to: texts.count, by: 2).map { "\(texts[$0]): \(texts[$0 + 1])" }
        return "[" + pairs.joined(separator: ", ") + "]"
    }
}

/// `[a, b]`, or `Name([a, b])`.
private func listText(of elements: some Sequence, named name: String?, optionals: Bool) -> String? {
    guard let texts = RedactedText.texts(of: elements.map { $0 as Any }, optionals: optionals) else {
        return nil
    }
    let list = "[" + texts.joined(separator: ", ") + "]"
    return name.map { "\($0)(\(list))" } ?? list
}
