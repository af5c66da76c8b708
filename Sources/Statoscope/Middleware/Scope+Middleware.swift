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
    @discardableResult
    public func addMiddleware(
        _ middleware: @escaping @MainActor (Self, When, (When) throws -> Void) throws -> Void
    ) -> MiddlewareRegistration {
        let id = MiddlewareRegistration.nextID()
        let runtime = ScopeRuntimeTable.runtime(for: self)
        runtime.middlewares.append(ScopeMiddleware<Self>(id: id, body: middleware))
        Dispatcher.instrumentAdded()
        return MiddlewareRegistration { [weak runtime] in
            guard let runtime, let index = runtime.middlewares.firstIndex(where: { $0.id == id }) else {
                return
            }
            runtime.middlewares.remove(at: index)
            Dispatcher.instrumentRemoved()
        }
    }
}

/// An installed middleware (or another instrument: logging, analytics, a recorder); ``remove()``
/// takes it out.
@MainActor
public struct MiddlewareRegistration {
    private static var lastID = 0
    private let onRemove: @MainActor () -> Void

    init(onRemove: @escaping @MainActor () -> Void) {
        self.onRemove = onRemove
    }

    static func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// Removes it: events sent from now on skip it. Removing twice does nothing more.
    public func remove() {
        onRemove()
    }
}
