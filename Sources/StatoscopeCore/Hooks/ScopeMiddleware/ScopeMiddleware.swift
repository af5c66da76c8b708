/// A middleware of one scope, its types erased so that one registry holds every scope's.
@usableFromInline
@MainActor
class AnyScopeMiddleware {
    /// What its registration removes it by.
    let id: UInt64

    @usableFromInline
    init() {
        id = InstrumentRegistration.nextID()
    }
}

/// A middleware of a scope whose events are `When`: it receives the scope, each event and `next`,
/// which runs the rest of the chain and finally `update`.
///
/// Typed by the event type, not the scope type: a subclass inherits its base class's conformance,
/// so every static type a scope is reached through has the same `When`, and a middleware added
/// through one serves events sent through any other.
@usableFromInline
@MainActor
final class ScopeMiddleware<When>: AnyScopeMiddleware {
    @usableFromInline typealias Body = @MainActor (AnyObject, When, (When) throws -> Void) throws -> Void

    @usableFromInline let body: Body

    @usableFromInline
    init(body: @escaping Body) {
        self.body = body
        super.init()
    }
}
