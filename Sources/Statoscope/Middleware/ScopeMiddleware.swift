/// A middleware of one scope, its types erased so a runtime can hold any scope's.
@MainActor
class AnyScopeMiddleware {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}

/// A middleware of a scope of type `S`: it receives each event and `next`, which runs the rest of the
/// chain and finally `update`.
@MainActor
final class ScopeMiddleware<S: Scope>: AnyScopeMiddleware {
    typealias Body = @MainActor (S, S.When, (S.When) throws -> Void) throws -> Void

    let body: Body

    init(id: Int, body: @escaping Body) {
        self.body = body
        super.init(id: id)
    }
}
