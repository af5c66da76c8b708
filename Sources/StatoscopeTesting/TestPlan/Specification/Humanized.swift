import Foundation
import Statoscope

/// Identifiers as words, for readers of the specification who do not read Swift:
/// `viewDisplaysTotalCount` reads "view displays total count", an acronym keeps its capitals and
/// its plural (`visibleRowIDs` reads "visible row IDs"), and a number is a word of its own
/// (`pausedFor300Milliseconds` reads "paused for 300 milliseconds").
package enum Humanized {
    package static func words(_ identifier: String) -> String {
        identifier.utf8.allSatisfy { $0 < 0x80 } ? asciiWords(identifier) : characterWords(identifier)
    }

    /// ``words(_:)`` read character by character: any identifier.
    package static func characterWords(_ identifier: String) -> String {
        let characters = Array(identifier)
        var result = ""
        for (index, character) in characters.enumerated() {
            guard character != "_" else {
                result.append(" ")
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            // An `s` after an acronym, ending the identifier or a word, is the acronym's plural.
            let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
            let nextIsPlural =
                next == "s" && (afterNext == nil || afterNext?.isUppercase == true || afterNext == "_")
            let startsWord =
                (character.isUppercase
                    && (previous.map { $0.isLowercase || $0.isNumber } ?? false
                        || (previous?.isUppercase == true && next?.isLowercase == true && !nextIsPlural)))
                || (character.isNumber && previous?.isLowercase == true)
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

    /// ``words(_:)`` for an identifier of ASCII letters, digits and underscores, read byte by byte
    /// with the same rules: a specification names a property at every step, and the rules on
    /// `Character` segment graphemes and look up Unicode properties for each letter.
    package static func asciiWords(_ identifier: String) -> String {
        let bytes = Array(identifier.utf8)
        func isUpper(_ byte: UInt8?) -> Bool { byte.map { (0x41...0x5A).contains($0) } ?? false }
        func isLower(_ byte: UInt8?) -> Bool { byte.map { (0x61...0x7A).contains($0) } ?? false }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte != UInt8(ascii: "_") else {
                result.append(UInt8(ascii: " "))
                continue
            }
            let previous = index > 0 ? bytes[index - 1] : nil
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            let followsLowerOrDigit = isLower(previous) || isDigit(previous)
            let afterNext = index + 2 < bytes.count ? bytes[index + 2] : nil
            let nextIsPlural =
                next == UInt8(ascii: "s")
                && (afterNext == nil || isUpper(afterNext) || afterNext == UInt8(ascii: "_"))
            let startsAfterAcronym = isUpper(previous) && isLower(next) && !nextIsPlural
            let startsWord =
                (isUpper(byte) && (followsLowerOrDigit || startsAfterAcronym))
                || (isDigit(byte) && isLower(previous))
            if startsWord { result.append(UInt8(ascii: " ")) }
            let isAcronym = isUpper(next) || (next == nil && isUpper(previous))
            if isUpper(byte), !isAcronym, index == 0 || startsWord {
                result.append(byte + 0x20)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
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
            return "\(words(label)): `\(ValueText.brief(child.value))`"
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
