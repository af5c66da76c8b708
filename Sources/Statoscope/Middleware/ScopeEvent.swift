/// An event on its way to a scope, as app-wide middleware sees it.
///
/// Print its ``description`` rather than its ``when`` to follow the library's privacy rule:
/// `App.login <- userTypedPassword(<redacted>)`, with what the app marked sensitive redacted (see
/// <doc:MiddlewareAndAnalytics#What-stays-private>).
@MainActor
public struct ScopeEvent {
    /// The scope the event was sent to.
    public let scope: any Scope
    /// The event: a `When` of that scope.
    public let when: any Sendable

    @usableFromInline
    init(scope: any Scope, when: any Sendable) {
        self.scope = scope
        self.when = when
    }

    /// The type of the scope.
    public var scopeType: any Scope.Type { type(of: scope) }

    /// Where the scope sits in its tree, from the root: `App.rows[2].detail`.
    public var scopePath: String { scope.scopePath }

    /// The path and the event, sensitive values redacted: `App.login <- userTypedPassword(<redacted>)`.
    public var description: String { "\(scopePath) <- \(Redaction.describe(when))" }
}
