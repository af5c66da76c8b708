import Foundation

/// The names of `@Subscope` properties, by the token their key paths print instead of a name.
///
/// A `@Subscope` property is computed, so its key path prints as `<computed 0x… (Type)>`, the
/// token naming its getter. The wrapper learns the property's name from its storage when it first
/// links a child, and records it here, so messages can name the property.
package enum SubscopeNames {
    private struct Names {
        var byToken: [String: String] = [:]
        var recorded: Set<ObjectIdentifier> = []
    }

    // Global because a key path's printed token is the same for every instance of a type: a name
    // learnt from one scope serves messages about all of them.
    // Recorded on the main actor, read wherever a message is made.
    private static let names = CriticalState(Names())

    /// Records the name of the `@Subscope` property `keyPath` reaches.
    static func record(_ name: String, of keyPath: AnyKeyPath) {
        let id = ObjectIdentifier(keyPath)
        let isNew = names.withLock { names in names.recorded.insert(id).inserted }
        guard isNew else { return }
        let tokens = computedTokens(in: String(describing: keyPath))
        names.withLock { names in
            for token in tokens { names.byToken[token] = name }
        }
    }

    /// A key path's description with the `@Subscope` properties it goes through named:
    /// `\App.detail?.title` rather than `\App.<computed 0x… (Optional<Detail>)>?.title`.
    package static func readableDescription(of keyPath: AnyKeyPath) -> String {
        var text = String(describing: keyPath)
        let tokens = computedTokens(in: text)
        guard !tokens.isEmpty else { return text }
        let byToken = names.withLock { names in names.byToken }
        for token in tokens {
            if let name = byToken[token] {
                text = text.replacingOccurrences(of: token, with: name)
            }
        }
        return text
    }

    /// The `<computed …>` tokens of a description; the type inside one may hold angle brackets
    /// of its own (`Optional<Detail>`), so the token ends where its brackets balance.
    private static func computedTokens(in description: String) -> [String] {
        var tokens: [String] = []
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
            tokens.append(String(rest[start.lowerBound...end]))
            rest = rest[rest.index(after: end)...]
        }
        return tokens
    }
}
