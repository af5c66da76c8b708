import Foundation
import Statoscope

/// Key paths as the user wrote them, whatever made their properties computed.
///
/// A computed component prints as `<computed 0x… (Type)>`: every property of an `@Observable`
/// class, and every `@Subscope`. The getter's symbol names it (see ``GetterSymbols``); failing that,
/// a `@Subscope` already linked is named by the tree; failing both (a stripped binary on a platform
/// whose images are not ELF), the component reads `<Type property>`, never an address.
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
            if let name = token.address.flatMap(GetterSymbols.propertyName(getterAddress:)) {
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

    /// Every token of a description, in order. The type inside one may hold angle brackets of its own
    /// (`Optional<Detail>`), so a token ends where its brackets balance.
    static func all(in description: String) -> [ComputedToken] {
        var tokens: [ComputedToken] = []
        var rest = description[...]
        while let start = rest.range(of: "<computed ") {
            var depth = 0
            var end: Substring.Index?
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "<" { depth += 1 }
                if rest[index] == ">" {
                    depth -= 1
                    if depth == 0 {
                        end = index
                        break
                    }
                }
            }
            guard let end else { break }
            let body = rest[start.upperBound..<end]
            let hex = body.hasPrefix("0x") ? body.dropFirst(2).prefix(while: \.isHexDigit) : ""
            var type = body.drop { $0 != "(" }.dropFirst()
            if type.last == ")" { type = type.dropLast() }
            tokens.append(
                ComputedToken(
                    text: String(rest[start.lowerBound...end]), address: UInt(hex, radix: 16), type: String(type)))
            rest = rest[rest.index(after: end)...]
        }
        return tokens
    }
}
