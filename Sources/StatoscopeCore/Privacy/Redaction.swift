/// The one rule by which the library renders a value as text: what the app marked sensitive reads
/// `<redacted>`.
///
/// A ``Sensitive`` value prints as the placeholder wherever it sits (in an event, in state, in an
/// effect, nested in a struct, an optional or a collection), because it is its own description. An
/// event of a ``SensitiveWhen`` case keeps only its case name: `userTypedPassword(<redacted>)`.
/// Logs, error reports, descriptions and test specifications all render values through here.
package enum Redaction {
    /// A value as the library shows it in text: strings quoted, sensitive values redacted.
    package static func describe(_ value: Any) -> String {
        if let sensitive = value as? any SensitiveWhen, sensitive.isSensitive {
            return redactedCase(of: value)
        }
        if value is String { return String(reflecting: value) }
        // A scope held by the value (`.present(child)`) prints its name, not its whole state.
        return ScopeDescriptionWriting.$isWriting.withValue(true) { String(describing: value) }
    }

    /// Whether `value` is an event whose values must all be redacted.
    package static func isSensitiveEvent(_ value: Any) -> Bool {
        (value as? any SensitiveWhen)?.isSensitive == true
    }

    /// A sensitive case as its name, its values replaced by the placeholder.
    package static func redactedCase(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return EventValue.redactionPlaceholder }
        guard let label = mirror.children.first?.label else {
            // A case without values has nothing to hide: its name is all it prints.
            return String(describing: value)
        }
        return "\(label)(\(EventValue.redactionPlaceholder))"
    }
}
