/// The middleware added to individual scopes, kept apart from the scopes' runtimes: a scope with
/// middleware need not have a runtime, and a released scope's middleware goes with it.
///
/// Only the events sent to a scope with middleware pay for it: its address is in ``ScopeFilter``,
/// which sends those events to the full path, where ``chain(of:)`` finds the scope's chain; the
/// events to other scopes keep `send`'s fast path. A released scope's middleware goes at the next
/// release check, which runs every ``releaseCheckInterval`` while any scope has middleware, so that
/// no event pays for looking.
@usableFromInline
@MainActor
package final class ScopeMiddlewares {
    /// How often the scopes with middleware are checked for release, while any has some: a released
    /// scope's middleware, and what it captured, go within this time.
    static let releaseCheckInterval: Duration = .seconds(1)

    /// The chains, by their scope's address, which each chain keeps from being reused.
    private var chains = IdentityTable<ScopeMiddlewareChain>()
    /// The same chains as references counted by `chains`, for the lookup every event to a scope
    /// with middleware makes: reading it counts no reference.
    // SAFETY: Sound because every chain here is owned by `chains` under the same key: both tables are
    // changed together, and a chain replaced or forgotten is released only after both are, or kept
    // by the dispatcher while an update may walk it. Unchecked for exclusive access because only the
    // main actor touches it and no access spans other code (a lookup copies the reference out; a
    // change stores one); the run-time check cost every event to a scope with middleware a call.
    @exclusivity(unchecked) private var lookup = IdentityTable<Unmanaged<ScopeMiddlewareChain>>()
    /// The last scope looked up and what was found, since a scope that receives one event often
    /// receives more: forgotten whenever a chain comes, goes or is replaced.
    // SAFETY: Sound as `lookup` is: `lastChain` is a chain `lookup` held when it was cached, and every
    // change of `lookup` clears the cache before it lets a chain go.
    @exclusivity(unchecked) private var lastScope: ObjectIdentifier?
    // SAFETY: Sound as `lastScope` is.
    @exclusivity(unchecked) private var lastChain: Unmanaged<ScopeMiddlewareChain>?
    /// The keys of `chains`, for the release checks to walk without allocating.
    private(set) var scopeIDs: [ObjectIdentifier] = []
    /// Where each key is in `scopeIDs`, so that a scope leaves it without a search.
    private var positions = IdentityTable<Int>()
    /// The task that checks for released scopes while any scope has middleware.
    private var releaseChecks: Task<Void, Never>?
    /// Called whenever a scope gains its first middleware or loses its last: the path is rebuilt.
    private let onChange: @MainActor () -> Void

    init(onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    /// How many scopes have middleware.
    var count: Int { scopeIDs.count }
    var isEmpty: Bool { scopeIDs.isEmpty }

    /// The middleware of `scope`, if it has any: held by this registry, or by the dispatcher until
    /// the outermost update ends if replaced during it.
    // SAFETY: Sound as `lookup` is: the chain returned is owned by `chains`, or by the dispatcher once
    // replaced during the running update.
    func chain(of scope: AnyObject) -> Unmanaged<ScopeMiddlewareChain>? {
        let key = ObjectIdentifier(scope)
        if key == lastScope { return lastChain }
        let chain = lookup[key]
        lastScope = key
        lastChain = chain
        return chain
    }

    /// Sets the chain of `key`, or takes it out with nil, in both tables.
    private func setLookup(_ chain: ScopeMiddlewareChain?, forKey key: ObjectIdentifier) {
        lastScope = nil
        lastChain = nil
        // SAFETY: Sound because `chains` owns the chain under the same key (see `lookup`).
        lookup[key] = chain.map { Unmanaged.passUnretained($0) }
    }

    // The chains replaced or forgotten below are released once the registry, the filter and the
    // path are whole again: a middleware's closure may hold the last reference to an object of the
    // app's whose deinit adds or removes middleware.

    /// Installs `middleware` innermost on `scope` until the registration is removed or released, or
    /// the scope is released.
    func add(_ middleware: AnyScopeMiddleware, to scope: AnyObject) -> InstrumentRegistration {
        let key = ObjectIdentifier(scope)
        // The chain at this address is this scope's: a chain keeps its scope's address.
        let replaced = chains[key]
        let chain =
            replaced?.adding(middleware) ?? ScopeMiddlewareChain(scope: scope, middlewares: [middleware])
        chains[key] = chain
        setLookup(chain, forKey: key)
        if let replaced {
            Dispatcher.retireIfWalked(replaced)
        } else {
            positions[key] = scopeIDs.count
            scopeIDs.append(key)
            ScopeFilter.insert(key)
            startReleaseChecks()
            onChange()
        }
        withExtendedLifetime(replaced) {}
        let id = middleware.id
        return InstrumentRegistration { [self] in remove(id: id, from: key) }
    }

    private func remove(id: UInt64, from key: ObjectIdentifier) {
        guard let chain = chains[key] else { return }
        let kept = chain.removing(id: id)
        guard kept !== chain else { return }
        if let kept {
            chains[key] = kept
            setLookup(kept, forKey: key)
        } else {
            forget(key)
            onChange()
        }
        Dispatcher.retireIfWalked(chain)
        withExtendedLifetime(chain) {}
    }

    private func forget(_ key: ObjectIdentifier) {
        let forgotten = chains.removeValue(forKey: key)
        setLookup(nil, forKey: key)
        if let position = positions.removeValue(forKey: key) {
            // The last key takes the leaving one's place.
            let last = scopeIDs.removeLast()
            if position < scopeIDs.count {
                scopeIDs[position] = last
                positions[last] = position
            }
        }
        ScopeFilter.remove()
        withExtendedLifetime(forgotten) {}
    }

    /// Checks the scopes with middleware for release every ``releaseCheckInterval``, until none has
    /// any: the events sent meanwhile pay nothing for it.
    private func startReleaseChecks() {
        guard releaseChecks == nil else { return }
        releaseChecks = Task { @MainActor [self] in
            while !scopeIDs.isEmpty {
                try? await Task.sleep(for: Self.releaseCheckInterval)
                forgetReleasedScopes()
            }
            releaseChecks = nil
        }
    }

    /// Forgets the middleware of the scopes released since.
    func forgetReleasedScopes() {
        var released: [ScopeMiddlewareChain] = []
        for key in scopeIDs.reversed() {
            if let chain = chains[key], chain.scope == nil {
                forget(key)
                Dispatcher.retireIfWalked(chain)
                released.append(chain)
            }
        }
        guard !released.isEmpty else { return }
        onChange()
        withExtendedLifetime(released) {}
    }
}
