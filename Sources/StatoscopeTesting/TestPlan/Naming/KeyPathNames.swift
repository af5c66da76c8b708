import Foundation
import Statoscope

/// Key paths as the user wrote them, whatever made their properties computed.
///
/// A computed component prints as `<computed 0x… (Type)>`: every property of an `@Observable`
/// class, and every `@Subscope`. The getter's symbol names it (see ``GetterSymbols``), or, for the
/// standard library's common properties, its address (see ``StandardLibraryGetters``); failing
/// that, a `@Subscope` already linked is named by the tree; failing all (a stripped binary, or a
/// platform whose images are not ELF), the component reads `<Type property>`, never an address.
package enum KeyPathNames {
    private static let lock = NSLock()
    // Guarded by `lock`: keyed by the key path's description, which holds the getter's address, so an
    // entry stays true for the life of the process.
    nonisolated(unsafe) private static var named: [String: String] = [:]

    /// The key path's description with every computed component named: `\Counter.count`.
    package static func readableDescription(of keyPath: AnyKeyPath) -> String {
        var raw = String(describing: keyPath)
        // An optional chain ends in the component that wraps its result, printed as a last `?`
        // the user did not write: `\Screen.editor?.draft?`.
        if raw.hasSuffix("?"), raw.dropLast().contains("?.") { raw.removeLast() }
        guard raw.contains("<computed ") else { return raw }
        if let known = lock.withLock({ named[raw] }) { return known }
        let readable = name(raw) { SubscopeNames.readableDescription(of: keyPath) }
        lock.withLock { named[raw] = readable }
        return readable
    }

    private static func name(_ raw: String, subscopeNames: () -> String) -> String {
        var text = raw
        for token in ComputedToken.all(in: raw) {
            guard let address = token.address else { continue }
            if let name = GetterSymbols.propertyName(getterAddress: address)
                ?? StandardLibraryGetters.propertyName(getterAddress: address)
            {
                text = text.replacingOccurrences(of: token.text, with: name)
            }
        }
        guard text.contains("<computed ") else { return text }
        // What symbols could not name, the tree may have: it names a `@Subscope` once linked.
        let named = subscopeNames()
        if !named.contains("<computed ") { return named }
        for token in ComputedToken.all(in: text) {
            text = text.replacingOccurrences(of: token.text, with: "<\(token.type) property>")
        }
        return text
    }
}

/// One `<computed 0x… (Type)>` component of a key path's description.
struct ComputedToken {
    let text: String
    /// The getter's address.
    let address: UInt?
    /// The property's type as printed: `Int`, `Optional<Detail>`.
    let type: String

    /// Every token of a description, in order: `<computed `, the address, then the type in
    /// parentheses, which may hold parentheses of its own (`((Int, Int))`), and `>`.
    static func all(in description: String) -> [ComputedToken] {
        let opening = "<computed "
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
