import CustomDump
import Foundation
import Statoscope

/// Values, events and effects as failure messages and specifications show them.
enum ValueText {
    /// A value dumped on one line when it fits, as CustomDump prints it.
    static func dump(_ value: Any) -> String {
        // An optional reads as the library's descriptions read it: its value, `nil`, or `some(nil)`
        // for one holding an empty optional, which CustomDump would write `nil` too.
        if let text = Redaction.optionalText(of: value, render: dump) { return text }
        // The common scalars print as CustomDump prints them, without its reflection: a plan names
        // thousands of them.
        switch value {
        case let value where Redaction.isSensitiveEvent(value): return Redaction.redactedCase(of: value)
        case let value as Int: return String(value)
        case let value as Bool: return value ? "true" : "false"
        case let value as String
        where value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }):
            return "\"\(value)\""
        default:
            // CustomDump reflects on its own, into a sensitive case too: a value that holds one is
            // shown as the library's text shows it, the case redacted.
            if let redacted = Redaction.redactedDescription(of: value) { return redacted }
            return namingWrappedProperties(String(customDumping: value))
        }
    }

    /// The same, folded onto one line for lists and specifications.
    static func inline(_ value: Any) -> String {
        let dumped = dump(value)
        guard dumped.contains("\n") else { return dumped }
        return
            dumped
            .split(separator: "\n")
            .map { String($0).trimmingSpaces().droppingElementIndex() }
            .joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(")
            .replacingOccurrences(of: " )", with: ")")
            .replacingOccurrences(of: "[ ", with: "[")
            .replacingOccurrences(of: " ]", with: "]")
    }

    /// A list longer than this is shortened in a step's text.
    static let longestListShown = 5
    /// The elements a shortened list keeps.
    static let elementsKept = 3

    /// A value as a step's text shows it (the specification, a step's name in a failure message):
    /// ``inline(_:)``, with a list of more than ``longestListShown`` elements cut to its first
    /// ``elementsKept`` and the count of the rest, `[1, 2, 3, … 2,997 more]`. The rest is never
    /// rendered, so a step whose value is large costs what a small one costs.
    static func brief(_ value: Any) -> String {
        // An optional list reads as the list, as an optional reads as its value.
        if let text = Redaction.optionalText(of: value, render: brief) { return text }
        if Redaction.isSensitiveEvent(value) { return inline(value) }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .collection, mirror.children.count > longestListShown else {
            return inline(value)
        }
        let kept = mirror.children.prefix(elementsKept).map { brief($0.value) }
        let rest = mirror.children.count - elementsKept
        return "[" + kept.joined(separator: ", ") + ", … \(grouped(rest)) more]"
    }

    /// `2997` as `2,997`.
    private static func grouped(_ count: Int) -> String {
        var digits = Array(String(count))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// An error as its description: `CheckFailure`'s message, `CancellationError()`.
    static func error(_ error: any Error) -> String {
        String(describing: error)
    }

    /// "expected" and "actual" lines, and a line-by-line diff when the values span several lines.
    static func mismatch(expected: Any, actual: Any) -> String {
        let text = "expected: \(inline(expected))\nactual: \(inline(actual))"
        guard let difference = difference(expected: expected, actual: actual) else { return text }
        return "\(text)\n\(difference)"
    }

    /// A line-by-line diff of two structured values, or nil when both fit on one line.
    static func difference(expected: Any, actual: Any) -> String? {
        guard dump(expected).contains("\n") || dump(actual).contains("\n"),
            let difference = diff(expected, actual).map(namingWrappedProperties)
        else { return nil }
        return "difference (− expected, + actual):\n\(difference)"
    }
}

extension String {
    /// Drops the `[0]: ` CustomDump puts before each element of a collection dumped on several lines.
    fileprivate func droppingElementIndex() -> String {
        guard first == "[", let close = firstIndex(of: "]"),
            self[index(after: startIndex)..<close].allSatisfy(\.isNumber),
            self[close...].hasPrefix("]: ")
        else { return self }
        return String(self[index(close, offsetBy: 3)...])
    }

    fileprivate func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}

/// A scope's events in messages: `.userTappedIncrementButton`, `.networkPostCompleted(...)`.
enum EventText {
    /// An event as code, `.userTypedPassword(<redacted>)` when the app marked it sensitive.
    static func code(_ when: Any) -> String {
        ".\(Redaction.describe(when))"
    }
}

/// Effects in messages.
enum EffectText {
    /// The pending effects, oldest first, or "none".
    static func list(_ effects: [any Effect]) -> String {
        guard !effects.isEmpty else { return "none" }
        return "[" + effects.map { ValueText.inline($0) }.joined(separator: ", ") + "]"
    }

    /// The type an effect produces, read from its static type.
    static func resultType(of effect: any Effect) -> Any.Type {
        resultType(ofOpened: effect)
    }

    private static func resultType<E: Effect>(ofOpened effect: E) -> Any.Type {
        E.ResultType.self
    }
}

// Specifications and messages dump values with CustomDump, which reflects a struct's stored
// properties instead of asking for its description: without this, a `Sensitive` value would show.
extension Sensitive: CustomDumpStringConvertible {
    /// `<redacted>`, as everywhere the library shows a sensitive value.
    public var customDumpDescription: String { EventValue.redactionPlaceholder }
}
