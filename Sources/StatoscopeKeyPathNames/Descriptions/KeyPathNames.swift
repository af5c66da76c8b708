import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Key paths as the user wrote them, whatever made their properties computed.
///
/// The standard library's own description comes first: where it names every component, as it does
/// for stored properties of classes and structs (`\Cart.items`, `\Screen.editor?.draft`) in Swift
/// 6.3.1, it is the text, and no binary is read. A computed component prints as
/// `<computed 0x… (Type)>`: every property of an `@Observable` class, and every `@Subscope`. The getter's symbol names it (see ``GetterSymbols``), or, for the
/// standard library's common properties, its address (see ``StandardLibraryGetters``); failing
/// that, a `@Subscope` already linked is named by the tree; failing all (a stripped binary), the
/// component reads `<Type property>`, never an address.
package enum KeyPathNames {
    // SAFETY: Sound because the only values that are not `Sendable` are key paths, which are
    // immutable once made: the cache holds them to keep their identity, and only ever compares them.
    private struct Cache: @unchecked Sendable {
        /// By the key path's identity, holding the key path so that identity is never reused: a key
        /// path literal is one object for the life of the process, so a plan's every step hits.
        var byIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, text: String)] = [:]
        /// The same, for the path without its root.
        var propertyPaths: [ObjectIdentifier: (keyPath: AnyKeyPath, text: String)] = [:]
        /// By the key path's description, which holds the getter's address: true for the life of the
        /// process too.
        var byDescription: [String: String] = [:]
    }

    /// Beyond this many key paths (formed at run time, say), the identity cache starts afresh.
    private static let identityLimit = 4_096
    // Read and written from the main actor and from the test's thread alike.
    private static let cache = CriticalState(Cache())

    /// The key path's description with every computed component named: `\Counter.count`.
    package static func readableDescription(of keyPath: AnyKeyPath) -> String {
        let id = ObjectIdentifier(keyPath)
        if let known = cache.withLock({ cache in cache.byIdentity[id] }), known.keyPath === keyPath {
            return known.text
        }
        let text = describe(keyPath)
        // A `@Subscope` not yet linked may be named later: only a fully named text is kept.
        guard !text.contains(" property>") else { return text }
        cache.withLock { cache in
            if cache.byIdentity.count >= identityLimit { cache.byIdentity.removeAll() }
            cache.byIdentity[id] = (keyPath, text)
        }
        return text
    }

    /// The path without its root (`detail?.title`), made from the description by `strip` once per key
    /// path: checks ask for it at every step.
    package static func propertyPath(of keyPath: AnyKeyPath, strip: (String) -> String) -> String {
        let id = ObjectIdentifier(keyPath)
        if let known = cache.withLock({ cache in cache.propertyPaths[id] }), known.keyPath === keyPath {
            return known.text
        }
        let text = strip(readableDescription(of: keyPath))
        guard !text.contains(" property>") else { return text }
        cache.withLock { cache in
            if cache.propertyPaths.count >= identityLimit { cache.propertyPaths.removeAll() }
            cache.propertyPaths[id] = (keyPath, text)
        }
        return text
    }

    private static func describe(_ keyPath: AnyKeyPath) -> String {
        var raw = String(describing: keyPath)
        // An optional chain ends in the component that wraps its result, printed as a last `?`
        // the user did not write: `\Screen.editor?.draft?`.
        if raw.hasSuffix("?"), raw.dropLast().contains("?.") { raw.removeLast() }
        // An index is not in the description either (`\.rows[7]`): the key path itself holds it.
        raw = KeyPathIndices.writingIndices(of: keyPath, into: raw)
        guard raw.contains("<computed ") || raw.contains("<offset ") else { return raw }
        if let known = cache.withLock({ cache in cache.byDescription[raw] }) { return known }
        let readable = name(
            raw,
            propertyName: {
                GetterSymbols.propertyName(getterAddress: $0)
                    ?? StandardLibraryGetters.propertyName(getterAddress: $0)
            },
            subscopeNames: { SubscopeNames.readableDescription(of: keyPath) })
        if !readable.contains(" property>") {
            cache.withLock { cache in cache.byDescription[raw] = readable }
        }
        return readable
    }

    /// The description `raw` with each computed component named by `propertyName`, from its
    /// getter's address; failing that, by `subscopeNames`; failing both, `<Type property>`.
    package static func name(
        _ raw: String, propertyName: (UInt) -> String?, subscopeNames: () -> String
    ) -> String {
        var text = raw
        for token in ComputedToken.all(in: raw) {
            guard let address = token.address else { continue }
            if let name = propertyName(address) {
                text = text.replacingOccurrences(of: token.text, with: name)
            }
        }
        if text.contains("<computed ") {
            // What symbols could not name, the tree may have: it names a `@Subscope` once linked.
            let named = subscopeNames()
            if !named.contains("<computed ") { text = named }
        }
        // Without reflection metadata (`-disable-reflection-metadata`), a stored property prints as
        // `<offset 16 (String)>`: its name is nowhere to be found.
        for token in ComputedToken.all(in: text) + ComputedToken.all(in: text, opening: "<offset ") {
            text = text.replacingOccurrences(of: token.text, with: "<\(token.type) property>")
        }
        return text
    }
}
