extension Scope {
    /// Adds a middleware that sees every event sent to this scope before `update` does.
    ///
    /// ```swift
    /// counter.addMiddleware { scope, when, next in
    ///     print("\(type(of: scope)) receives \(when)")
    ///     try next(when)            // pass it on: to the next middleware, then to update
    /// }
    /// ```
    ///
    /// A middleware can pass the event on, transform it (`next(otherWhen)`), drop it (not call `next`)
    /// or wrap it (code around `next`), and it sees what `update` throws as an error thrown by `next`.
    /// Middlewares run in the order they were added: the first added sees the event first.
    ///
    /// A parent observes or intercepts what a child receives by adding a middleware to that child.
    ///
    /// The middleware lasts as long as the scope, whether or not its registration is kept: once the
    /// scope is released, the next event sent anywhere drops it. Call
    /// ``MiddlewareRegistration/remove()`` to take it out earlier.
    @discardableResult
    public func addMiddleware(
        _ middleware: @escaping @MainActor (Self, When, (When) throws -> Void) throws -> Void
    ) -> MiddlewareRegistration {
        let id = MiddlewareRegistration.nextID()
        let erased = ScopeMiddlewares.Erased(id: id) { object, when, next in
            // Only this scope's events reach its entry, and a scope's `When` is fixed by its
            // conformance, which subclasses inherit: a failed cast would mean a library bug.
            guard let scope = object as? Self, let when = when as? When else {
                preconditionFailure("a middleware of \(Self.self) received \(type(of: object))")
            }
            try middleware(scope, when) { try next($0) }
        }
        MiddlewareChain.scoped.add(erased, to: self)
        MiddlewareChain.installedChanged()
        let scopeID = ObjectIdentifier(self)
        return MiddlewareRegistration(removesWhenDropped: false) {
            MiddlewareChain.scoped.remove(id: id, from: scopeID)
            MiddlewareChain.installedChanged()
        }
    }
}
