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
    /// registrations of the middleware it adds to its children, say). A released scope's middleware,
    /// and what it captured, go within a second of the release, while the main actor runs.
    ///
    /// Only the events sent to this scope pay for its middleware: a pass-through middleware adds a
    /// few nanoseconds to their `send`, and the events to scopes without middleware keep `send`'s
    /// fast path, however many other scopes have some.
    @inlinable
    public func addMiddleware(
        _ middleware: @escaping @MainActor (Self, When, (When) throws -> Void) throws -> Void
    ) -> InstrumentRegistration {
        // Inlinable so that the closure that calls `middleware` is specialised for the scope's type
        // in the module that adds it: unspecialised, each event goes through a reabstraction each
        // way.
        let erased = ScopeMiddleware<When> { object, when, next in
            assert(object is Self, "a middleware of \(Self.self) received \(type(of: object))")
            // SAFETY: Sound because only this object's events reach its chain (found at its address,
            // which the chain keeps from being reused), and the object is a `Self` whatever static
            // type the event was sent through. Debug builds check the cast (above).
            try middleware(unsafeDowncast(object, to: Self.self), when, next)
        }
        return InstrumentHooks.addMiddleware(erased, to: self)
    }
}
