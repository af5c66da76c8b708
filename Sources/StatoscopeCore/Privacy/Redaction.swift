/// The one rule by which the library renders a value as text: what the app marked sensitive reads
/// `<redacted>`.
///
/// A ``Sensitive`` value prints as the placeholder wherever it sits (in an event, in state, in an
/// effect, nested in a struct, an optional or a collection), because it is its own description. A
/// case that ``SensitiveWhen`` marks sensitive keeps only its name, wherever it sits too:
/// `userTypedPassword(<redacted>)` on its own, `forward(App.Keypad.userTypedPassword(<redacted>))`
/// inside another value (see ``RedactedText``). Logs, error reports, descriptions and test
/// specifications all render values through here.
package enum Redaction {
    /// A value as the library shows it in text: strings quoted, sensitive values redacted, an
    /// optional as its value or `nil` (see ``optionalText(of:render:)``), in a value holding it too
    /// (`loaded(0)`, `[1, nil]`).
    package static func describe(_ value: Any) -> String {
        if let text = optionalText(of: value, render: describe) { return text }
        if isSensitiveEvent(value) {
            return redactedCase(of: value)
        }
        if value is String { return String(reflecting: value) }
        // A scope held by the value (`.present(child)`) prints its name, not its whole state.
        return ScopeDescriptionWriting.$isWriting.withValue(true) {
            RedactedText.of(value, nested: false, optionals: true) ?? String(describing: value)
        }
    }

    /// The text of a value that holds a sensitive case, as ``describe(_:)`` writes it; nil when it
    /// holds none, for a caller with a rendering of its own for such values.
    package static func redactedDescription(of value: Any) -> String? {
        if isSensitiveEvent(value) { return redactedCase(of: value) }
        return ScopeDescriptionWriting.$isWriting.withValue(true) {
            guard RedactedText.of(value, nested: false) != nil else { return nil }
            return RedactedText.of(value, nested: false, optionals: true)
        }
    }

    /// An optional as the library shows it: the value it holds, as `render` writes it (`0`, not
    /// `Optional(0)`), whatever the number of optionals around it, or `nil`; one that holds an empty
    /// optional reads `some(nil)`, so that it never reads as empty. Nil when `value` is no optional.
    package static func optionalText(of value: Any, render: (Any) -> String) -> String? {
        guard let optional = value as? any OptionalValue else { return nil }
        var layers = 0
        var next = optional.held
        while let held = next {
            guard let inner = held as? any OptionalValue else { return render(held) }
            layers += 1
            next = inner.held
        }
        return String(repeating: "some(", count: layers) + "nil" + String(repeating: ")", count: layers)
    }

    /// Whether `value` is an event whose values must all be redacted. An optional holding one is
    /// not, though Swift's casts would say so: its text and its JSON are the optional's, and the
    /// case is redacted inside them.
    package static func isSensitiveEvent(_ value: Any) -> Bool {
        guard let sensitive = value as? any SensitiveWhen else { return false }
        return type(of: value) is any SensitiveWhen.Type && sensitive.isSensitive
    }

    /// A sensitive case as its name, its values replaced by the placeholder; `qualified` puts its
    /// type's full name before it, as Swift writes a case inside another value.
    package static func redactedCase(of value: Any, qualified: Bool = false) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return EventValue.redactionPlaceholder }
        guard let label = mirror.children.first?.label else {
            // A case without values has nothing to hide: its name is all it prints.
            return qualified ? String(reflecting: value) : String(describing: value)
        }
        let prefix = qualified ? String(reflecting: type(of: value)) + "." : ""
        return "\(prefix)\(label)(\(EventValue.redactionPlaceholder))"
    }
}

/// An optional seen through `Any`, for ``Redaction/optionalText(of:render:)``.
private protocol OptionalValue {
    /// What it holds, itself possibly an optional; nil when it is empty.
    var held: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var held: Any? { map { $0 as Any } }
}
