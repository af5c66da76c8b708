@_spi(StatoscopeInternals) import StatoscopeCore

/// A middleware of one scope, its types erased so that one registry holds every scope's.
@MainActor
class AnyScopeMiddleware {
    let id: UInt64

    init(id: UInt64) {
        self.id = id
    }
}

/// A middleware of a scope whose events are `When`: it receives the scope, each event and `next`,
/// which runs the rest of the chain and finally `update`.
///
/// Typed by the event type, not the scope type: a subclass inherits its base class's conformance,
/// so every static type a scope is reached through has the same `When`, and a middleware added
/// through one serves events sent through any other.
@MainActor
final class ScopeMiddleware<When>: AnyScopeMiddleware {
    typealias Body = @MainActor (AnyObject, When, (When) throws -> Void) throws -> Void

    let body: Body

    init(id: UInt64, body: @escaping Body) {
        self.body = body
        super.init(id: id)
    }
}
