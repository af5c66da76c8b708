import Foundation

/// One `<computed 0x… (Type)>` component of a key path's description.
struct ComputedToken {
    let text: String
    /// The getter's address.
    let address: UInt?
    /// The property's type as printed: `Int`, `Optional<Detail>`.
    let type: String

    /// Every token of a description, in order: `<computed `, the address, then the type in
    /// parentheses, which may hold parentheses of its own (`((Int, Int))`), and `>`; or the same
    /// with another opening, such as a stored property's `<offset ` and its offset.
    static func all(in description: String, opening: String = "<computed ") -> [ComputedToken] {
        var tokens: [ComputedToken] = []
        var cursor = description.startIndex
        while let found = description.range(of: opening, range: cursor..<description.endIndex) {
            let address = description[found.upperBound...].prefix { $0 != " " }
            guard let typeStart = description[address.endIndex...].firstIndex(of: "("),
                let typeEnd = closingParenthesis(in: description, from: typeStart),
                description.index(after: typeEnd) < description.endIndex,
                description[description.index(after: typeEnd)] == ">"
            else { break }
            let end = description.index(typeEnd, offsetBy: 2)
            tokens.append(
                ComputedToken(
                    text: String(description[found.lowerBound..<end]),
                    address: address.hasPrefix("0x") ? UInt(address.dropFirst(2), radix: 16) : nil,
                    type: String(description[description.index(after: typeStart)..<typeEnd])))
            cursor = end
        }
        return tokens
    }

    /// The parenthesis closing the one at `open`.
    private static func closingParenthesis(in text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }
}
