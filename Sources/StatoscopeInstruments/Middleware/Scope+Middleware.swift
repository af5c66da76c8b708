@_spi(StatoscopeInternals) import StatoscopeCore

extension Scope {
    /// Adds a middleware that sees every event sent to this scope before `update` does.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func sample(counter: Counter) { … } -->
    /// ```swift
    /// let printing = counter.addMiddleware { scope, when, next in
    ///     print("\(type(of: scope)) receives \(when)")
    ///     try next(when)            // pass it on: to the next middleware, then to update
    /// }
    /// counter.send(.userTappedIncrementButton)   // printed while `printing` is kept
    /// printing.remove()
    /// ```
    ///
    /// A middleware can pass the event on, transform it (`next(otherWhen)`), drop it (not call `next`)
    /// or wrap it (code around `next`), and it sees what `update` throws as an error thrown by `next`.
    /// Middlewares run in the order they were added: the first added sees the event first.
    ///
    /// A parent observes or intercepts what a child receives by adding a middleware to that child.
    ///
    /// The middleware runs until its registration is removed or released, or its scope is released,
    /// whichever comes first: keep the registration for as long as it should run (a parent keeps the
    /// registrations of the middleware it adds to its children, say). Once the scope is released,
    /// the events sent after drop its middleware (each checks one scope that has middleware, so with
    /// one such scope, the first event does).
    public func addMiddleware(
        _ middleware: @escaping @MainActor (Self, When, (When) throws -> Void) throws -> Void
    ) -> MiddlewareRegistration {
        let id = MiddlewareRegistration.nextID()
        let erased = ScopeMiddleware<When>(id: id) { object, when, next in
            // Only this object's events reach its entry: it is a `Self`, whatever static type the
            // event was sent through.
            guard let scope = object as? Self else {
                preconditionFailure("a middleware of \(Self.self) received \(type(of: object))")
            }
            try middleware(scope, when, next)
        }
        MiddlewareChain.scoped.add(erased, to: self)
        MiddlewareChain.installedChanged()
        let scopeID = ObjectIdentifier(self)
        return MiddlewareRegistration {
            MiddlewareChain.scoped.remove(id: id, from: scopeID)
            MiddlewareChain.installedChanged()
        }
    }
}
