@_spi(StatoscopeInternals) import StatoscopeCore

/// The middleware added to individual scopes, kept apart from the scopes' runtimes: the core never
/// calls into middleware, and a released scope's middleware goes with it.
@MainActor
final class ScopeMiddlewares {
    private struct Entry {
        weak var scope: AnyObject?
        var middlewares: [AnyScopeMiddleware]
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The keys of `entries`, for the release checks to walk without allocating.
    private var keys: [ObjectIdentifier] = []
    /// Where the next release check starts, so each event checks a few entries, not all of them.
    private var checkCursor = 0

    var isEmpty: Bool { entries.isEmpty }

    /// The middleware of `scope`, outermost first.
    func middlewares(of scope: AnyObject) -> [AnyScopeMiddleware]? {
        guard let entry = entries[ObjectIdentifier(scope)], entry.scope === scope else { return nil }
        return entry.middlewares
    }

    func add(_ middleware: AnyScopeMiddleware, to scope: AnyObject) {
        let id = ObjectIdentifier(scope)
        if entries[id] == nil { keys.append(id) }
        var stale: Entry?
        if entries[id]?.scope !== scope {
            // A released scope's entry at this address, if any, goes as removed middleware does.
            stale = entries.updateValue(Entry(scope: scope, middlewares: []), forKey: id)
        }
        entries[id]?.middlewares.append(middleware)
        withExtendedLifetime(stale) {}
    }

    // The middleware removed and the entries forgotten below are taken out, and released once the
    // registry is changed: a middleware's closure may hold the last reference to an object of the
    // app's whose deinit adds or removes middleware.

    func remove(id: UInt64, from scope: ObjectIdentifier) {
        guard let index = entries[scope]?.middlewares.firstIndex(where: { $0.id == id }) else { return }
        let removed = entries[scope]?.middlewares.remove(at: index)
        if entries[scope]?.middlewares.isEmpty == true { forget(scope) }
        withExtendedLifetime(removed) {}
    }

    private func forget(_ key: ObjectIdentifier) {
        let forgotten = entries.removeValue(forKey: key)
        keys.removeAll { $0 == key }
        withExtendedLifetime(forgotten) {}
    }

    /// Forgets the middleware of scopes released since, checking one scope per call so that every
    /// event pays one check at most: with one scope holding middleware, the first event after its
    /// release drops it. Returns whether anything was forgotten.
    func forgetReleasedScopes(checking limit: Int = 1) -> Bool {
        var released: [ObjectIdentifier] = []
        for offset in 0..<min(limit, keys.count) {
            let key = keys[(checkCursor + offset) % keys.count]
            if entries[key]?.scope == nil { released.append(key) }
        }
        checkCursor &+= limit
        for key in released { forget(key) }
        if !keys.isEmpty { checkCursor %= keys.count }
        return !released.isEmpty
    }
}
