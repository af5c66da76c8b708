/// Asynchronous work a scope starts from `update`, whose result comes back as one of its events.
///
/// Conform a value type that says what to do; ``runEffect()`` does it:
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: enum EffectSample { … } -->
/// ```swift
/// struct NetworkEffect<Response: Decodable>: Effect {
///     let request: URLRequest
///     func runEffect() async throws -> Response {
///         try JSONDecoder().decode(Response.self, from: try await URLSession.shared.data(for: request).0)
///     }
/// }
/// ```
///
/// Inside `update`, transform the result into a `When` with ``map(_:)`` (and ``mapToResult()->AnyEffect<Result<Self.ResultType,Error>>`` to
/// keep failures) and enqueue it with ``ScopeEffects/enqueue(_:key:ifKeyInFlight:retrying:onRetry:)``. The effect runs off the main actor
/// once `update` returns; its `When` comes back through `send`. The value as first enqueued, before any
/// map, stays inspectable as ``pristine`` for cancellation and tests.
///
/// An effect is `Sendable` because it is inspected on the main actor and run away from it; its
/// `ResultType` needs not be, since the result and its map chain stay inside the effect's task.
public protocol Effect: Sendable {
    /// What the effect produces when it succeeds.
    associatedtype ResultType

    /// Does the work, off the main actor. Throwing makes the effect deliver nothing, unless it was
    /// mapped with ``mapToResult()->AnyEffect<Result<Self.ResultType,Error>>``; an unmapped error goes to ``ErrorReporting``.
    func runEffect() async throws -> ResultType
}

extension Effect {
    /// The effect as first enqueued, before any ``Effect/map(_:)`` or ``Effect/mapToResult()->AnyEffect<Result<Self.ResultType,Error>>``.
    public var pristine: any Effect {
        (self as? any PristineCarrying)?.pristineEffect ?? self
    }

    /// Whether the pristine effect is of the given type.
    package func pristineIs<E: Effect>(_ type: E.Type) -> Bool {
        pristine is E
    }

    /// Whether the pristine effect equals `other`.
    package func pristineEquals<E: Effect & Equatable>(_ other: E) -> Bool {
        (pristine as? E) == other
    }
}

/// An effect that wraps another one, its pristine effect.
package protocol PristineCarrying {
    var pristineEffect: any Effect { get }
}
