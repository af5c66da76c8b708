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
        if entries[id]?.scope !== scope {
            entries[id] = Entry(scope: scope, middlewares: [])
        }
        entries[id]?.middlewares.append(middleware)
    }

    func remove(id: Int, from scope: ObjectIdentifier) {
        entries[scope]?.middlewares.removeAll { $0.id == id }
        if entries[scope]?.middlewares.isEmpty == true { forget(scope) }
    }

    private func forget(_ key: ObjectIdentifier) {
        entries[key] = nil
        keys.removeAll { $0 == key }
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
