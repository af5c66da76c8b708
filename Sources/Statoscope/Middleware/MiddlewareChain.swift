/// The full path of an event while anything is installed: app-wide middleware in the order added,
/// then the scope's own middleware in the order added, then the taps, then `update`.
///
/// Installed as the dispatcher's one route while any instrument is; with none, `send` takes its fast
/// path. The lists are global because app-wide instruments are, like swift-log's bootstrap.
@MainActor
enum MiddlewareChain {
    /// App-wide middleware, outermost first.
    static let appWide = InstrumentList<AppWideMiddleware>()
    /// Observers of the event exactly as `update` receives it, after every middleware.
    static let taps = InstrumentList<UpdateTap>()
    /// Observers of the events sent from outside any update: the session's inputs.
    static let entryTaps = InstrumentList<@MainActor (any Scope, any Sendable) -> Void>()
    /// The middleware of individual scopes.
    static let scoped = ScopeMiddlewares()

    private static let route = Route()

    /// Installs the route while anything is installed, and takes it out when nothing is.
    static func installedChanged() {
        let isEmpty = appWide.isEmpty && taps.isEmpty && entryTaps.isEmpty && scoped.isEmpty
        Dispatcher.route = isEmpty ? nil : route
    }

    private final class Route: EventRoute {
        func deliver<S: Scope>(_ when: S.When, to scope: S, isInput: Bool) throws {
            if isInput, !entryTaps.isEmpty {
                for tap in entryTaps.elements { tap(scope, when) }
            }
            if !scoped.isEmpty, scoped.forgetReleasedScopes() {
                installedChanged()
            }
            guard !appWide.isEmpty else { return try runScoped(when, scope) }
            try runAppWide(appWide.elements, from: 0, ScopeEvent(scope: scope, when: when), scope)
        }
    }

    private static func runAppWide<S: Scope>(
        _ chain: [AppWideMiddleware], from index: Int, _ event: ScopeEvent, _ scope: S
    ) throws {
        guard index < chain.count else {
            guard let when = event.when as? S.When else {
                throw EventTypeMismatch(scopeType: type(of: scope), whenType: S.When.self, passed: event.when)
            }
            return try runScoped(when, scope)
        }
        try chain[index](event) { next in
            try runAppWide(chain, from: index + 1, ScopeEvent(scope: scope, when: next), scope)
        }
    }

    private static func runScoped<S: Scope>(_ when: S.When, _ scope: S) throws {
        guard !scoped.isEmpty, let middlewares = scoped.middlewares(of: scope) else {
            return try update(when, scope)
        }
        try runMiddlewares(middlewares, from: 0, when, scope)
    }

    private static func runMiddlewares<S: Scope>(
        _ chain: [AnyScopeMiddleware], from index: Int, _ when: S.When, _ scope: S
    ) throws {
        guard index < chain.count else { return try update(when, scope) }
        // Sound: the chain is this object's, and every static type it is reached through shares its
        // `When` (see `ScopeMiddleware`), so each entry is a `ScopeMiddleware<S.When>`.
        let middleware = unsafeDowncast(chain[index], to: ScopeMiddleware<S.When>.self)
        try middleware.body(scope, when) { next in
            try runMiddlewares(chain, from: index + 1, next, scope)
        }
    }

    private static func update<S: Scope>(_ when: S.When, _ scope: S) throws {
        guard !taps.isEmpty else { return try scope.update(when) }
        let finishes = taps.elements.map { $0.willUpdate(scope, when) }
        do {
            try scope.update(when)
        } catch {
            for finish in finishes { finish?(error) }
            throw error
        }
        for finish in finishes { finish?(nil) }
    }
}

/// An app-wide middleware: it receives every event of every scope and `next`, which runs the rest of
/// the chain with the event it is given.
public typealias AppWideMiddleware = @MainActor (ScopeEvent, (any Sendable) throws -> Void) throws -> Void

/// Watches events exactly as `update` receives them, for state-diff logging.
@MainActor
struct UpdateTap {
    /// Called before `update`; returns what to call after it, with the error it threw if any.
    let willUpdate: @MainActor (any Scope, any Sendable) -> (@MainActor ((any Error)?) -> Void)?
}

/// An app-wide middleware passed on an event that is not of the receiving scope's `When` type.
public struct EventTypeMismatch: Error, CustomStringConvertible {
    /// The scope the event was sent to.
    public let scopeTypeName: String
    /// The scope's event type.
    public let expectedTypeName: String
    /// What the middleware passed on instead.
    public let passedTypeName: String

    init(scopeType: Any.Type, whenType: Any.Type, passed: Any) {
        scopeTypeName = String(describing: scopeType)
        expectedTypeName = String(reflecting: whenType)
        passedTypeName = String(reflecting: type(of: passed))
    }

    /// Names the scope and both types.
    public var description: String {
        "an app-wide middleware passed \(passedTypeName) to \(scopeTypeName), whose events are \(expectedTypeName)"
    }
}
