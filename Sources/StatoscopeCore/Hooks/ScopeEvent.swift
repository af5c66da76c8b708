/// An event on its way to a scope, as app-wide middleware sees it.
///
/// A middleware passes it on with `try next(event)`, or passes another event of the same scope
/// instead with `try next(event.with(when: Counter.When.reset))`.
///
/// The event the middleware receives lives for the call: it cannot be copied or kept, which is what
/// lets passing it on cost no reference counting. Keep what you need of it instead: its ``scope``,
/// its ``when``, its ``description``.
///
/// Print its ``description`` rather than its ``when`` to follow the library's privacy rule:
/// `App.login <- userTypedPassword(<redacted>)`, with what the app marked sensitive redacted (see
/// <doc:MiddlewareAndAnalytics#What-stays-private>).
@MainActor
public struct ScopeEvent: ~Copyable {
    /// The scope the event was sent to.
    public var scope: any Scope { scopeReference }
    /// The event: a `When` of that scope.
    public let when: any Sendable
    /// The scope, not counted: the path's events live only while the middleware they are lent to
    /// runs, and `send`'s caller holds the scope for that long; an event made by ``with(when:)``,
    /// which a middleware may keep, holds it in ``keptScope``.
    // SAFETY: Sound because the event cannot outlive the scope: it is `~Copyable` and lent to each
    // middleware as `borrowing`, so no middleware can keep it, and it lives only inside the
    // `deliver` call that made it, whose caller holds the scope (a guaranteed argument) until it
    // returns. What a middleware does meanwhile (dropping the app's last reference to the scope,
    // dismissing it, removing itself) cannot release it: the caller's reference is not the app's.
    // An event made by ``with(when:)`` holds its scope in ``keptScope``.
    @usableFromInline unowned(unsafe) let scopeReference: any Scope
    /// The scope, counted, for an event made by ``with(when:)``; nil for the path's own events.
    @usableFromInline let keptScope: (any Scope)?
    /// Tells this event from every other: what `next` receives is the event the middleware was
    /// given exactly when the serials are equal, and then the scope's `When` need not be unboxed.
    @usableFromInline let serial: UInt64

    // Generic, so that a `When` is boxed straight into the event: given an existential, the
    // specialised path boxes it, copies the box into the event and destroys the first.
    @inlinable
    init<W: Sendable>(scope: any Scope, when: W) {
        scopeReference = scope
        keptScope = nil
        self.when = when
        serial = Self.nextSerial()
    }

    private init(scope: any Scope, boxed when: any Sendable) {
        scopeReference = scope
        keptScope = scope
        self.when = when
        serial = Self.nextSerial()
    }

    @inlinable
    static func nextSerial() -> UInt64 {
        Serial.next()
    }

    /// The same scope's event `when` instead of this one, for a middleware to pass on with `next`.
    ///
    /// `when` must be a `When` of the scope: `next` throws ``EventTypeMismatch`` otherwise. Unlike
    /// the event a middleware receives, the one made here holds its scope, and may be kept.
    public func with(when: any Sendable) -> ScopeEvent {
        ScopeEvent(scope: scope, boxed: when)
    }

    /// The type of the scope.
    public var scopeType: any Scope.Type { type(of: scope) }

    /// Where the scope sits in its tree, from the root: `App.rows[2].detail`.
    public var scopePath: String { scope.scopePath }

    /// The path and the event, sensitive values redacted: `App.login <- userTypedPassword(<redacted>)`.
    public var description: String { "\(scopePath) <- \(Redaction.describe(when))" }
}
