/// The middleware of one scope, outermost first, as one immutable value: a middleware added or
/// removed replaces the chain, never changes it, so walking it needs no copy and counts no
/// reference.
///
/// Its walk is inlinable, like ``EventRouting``'s, so that it is specialised for each scope type in
/// the module that sends the event.
@usableFromInline
@MainActor
final class ScopeMiddlewareChain {
    /// The scope, to find it released.
    private(set) weak var scope: AnyObject?
    /// Keeps the scope's address from being reused while the chain exists (an unowned reference
    /// keeps the object's memory, not the object), so that the chain found at a scope's address is
    /// that scope's without loading the weak reference.
    private unowned let pinnedScope: AnyObject
    /// The middleware, outermost first, as references counted by ``owners``: calling one through
    /// its step retains nothing.
    // SAFETY: Sound because ``owners``, of the same immutable chain, owns each step, and the chain
    // outlives every walk of it: the registry owns the installed chain, and a chain replaced while an
    // update runs (a middleware adding or removing middleware from its own body, a release check) is
    // kept until the outermost update has settled (see `Dispatcher.retireIfWalked(_:)`, in
    // `Dispatch/Dispatcher.swift`). `run` asserts it in debug builds; `MiddlewareTests` and
    // `ReentrancyTests` cover both.
    @usableFromInline let steps: [Unmanaged<AnyScopeMiddleware>]
    @usableFromInline let owners: [AnyScopeMiddleware]

    init(scope: AnyObject, middlewares: [AnyScopeMiddleware]) {
        self.scope = scope
        pinnedScope = scope
        owners = middlewares
        // SAFETY: Sound because `owners`, set from the same array, owns each step for as long as
        // this chain exists (see `steps`).
        steps = middlewares.map { Unmanaged.passUnretained($0) }
    }

    /// The chain with `middleware` added innermost.
    func adding(_ middleware: AnyScopeMiddleware) -> ScopeMiddlewareChain {
        ScopeMiddlewareChain(scope: pinnedScope, middlewares: owners + [middleware])
    }

    /// The chain without the middleware registered as `id`: nil when it held no other, itself when
    /// it holds no such middleware.
    func removing(id: UInt64) -> ScopeMiddlewareChain? {
        guard owners.contains(where: { $0.id == id }) else { return self }
        let kept = owners.filter { $0.id != id }
        return kept.isEmpty ? nil : ScopeMiddlewareChain(scope: pinnedScope, middlewares: kept)
    }

    /// Runs the middleware from `index` on, then the rest of `routing`'s path, with `when` sent to
    /// `scope`, this chain's scope. `index` is in range: its callers check it.
    @inlinable
    func run<S: Scope>(from index: Int, _ when: S.When, _ scope: S, _ routing: EventRouting) throws {
        assert(owners[index] === steps[index].takeUnretainedValue(), "the chain owns its steps")
        try Dispatcher.withGuaranteed(steps[index]) { step in
            assert(step is ScopeMiddleware<S.When>, "a scope's middleware takes its events")
            // SAFETY: Sound because the chain is this object's (found at its address, which the
            // chain keeps from being reused), every middleware added to it was made as a
            // `ScopeMiddleware` of its `When` (see `Scope.addMiddleware`), and every static type the
            // object is reached through shares that `When` (see `ScopeMiddleware`). Debug builds
            // check the cast (above).
            let middleware = unsafeDowncast(step, to: ScopeMiddleware<S.When>.self)
            try middleware.body(scope, when) { next in
                guard index + 1 < self.steps.count else {
                    return try routing.update(next, scope)
                }
                try self.run(from: index + 1, next, scope, routing)
            }
        }
    }
}
