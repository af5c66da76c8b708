import Foundation
import Statoscope

/// Identifiers as words, for readers of the specification who do not read Swift:
/// `viewDisplaysTotalCount` reads "view displays total count".
package enum Humanized {
    package static func words(_ identifier: String) -> String {
        let characters = Array(identifier)
        var result = ""
        for (index, character) in characters.enumerated() {
            guard character != "_" else {
                result.append(" ")
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase
                && (previous.map { $0.isLowercase || $0.isNumber } ?? false
                    || (previous?.isUppercase == true && next?.isLowercase == true))
            if startsWord { result.append(" ") }
            // A capital that starts a lowercase word is lowered; an acronym (`URL`) keeps its capitals.
            let isAcronym = next?.isUppercase == true || (next == nil && previous?.isUppercase == true)
            if character.isUppercase, !isAcronym, index == 0 || startsWord {
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A property path such as `detail?.title` as "detail › title".
    package static func propertyPath(_ path: String) -> String {
        path
            .split(separator: ".")
            .map {
                words(String($0.filter { $0 != "?" && $0 != "!" }))
            }
            .joined(separator: " › ")
    }

    /// An event: its case in words, and its associated values as code.
    static func event(_ when: Any) -> String {
        let mirror = Mirror(reflecting: when)
        if mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label {
            if Redaction.isSensitiveEvent(when) {
                return "\(words(label)): `\(EventValue.redactionPlaceholder)`"
            }
            return "\(words(label)): `\(ValueText.inline(child.value))`"
        }
        let text = "\(when)"
        // Without reflection metadata an enum prints as its type's name: say it is an event of it.
        if text == "\(type(of: when))" {
            return "a `\(String(reflecting: type(of: when)))` event"
        }
        if text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            return words(text)
        }
        return "`\(text)`"
    }
}
