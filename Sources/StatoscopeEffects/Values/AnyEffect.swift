@_spi(StatoscopeInternals) import StatoscopeCore

/// An effect made from a closure, or any effect with its result transformed.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: extension ProfileScreen { func anyEffectSample(api: APIClient) { … } } -->
/// ```swift
/// effectsState.enqueue(AnyEffect { try await api.loadProfile() }.mapToResult().map(When.profileLoaded))
/// ```
///
/// ``Effect/map(_:)`` and its siblings return an `AnyEffect` that keeps the effect it started from as
/// its ``Effect/pristine`` value.
public struct AnyEffect<ResultType>: Effect {
    @usableFromInline let body: Body

    @usableFromInline
    enum Body: Sendable {
        case closure(@Sendable () async throws -> ResultType)
        case mapped(EffectChain<ResultType>)
    }

    /// An effect that runs `operation`.
    public init(_ operation: @escaping @Sendable () async throws -> ResultType) {
        body = .closure(operation)
    }

    /// Erases the type of `effect`, keeping its pristine value.
    public init<Base: Effect>(_ effect: Base) where Base.ResultType == ResultType {
        body = .mapped(effect.chain)
    }

    @inlinable
    init(chain: EffectChain<ResultType>) {
        body = .mapped(chain)
    }

    /// Runs the closure, or the pristine effect and the transforms applied to it.
    public func runEffect() async throws -> ResultType {
        switch body {
        case .closure(let operation):
            return try await operation()
        case .mapped(let chain):
            return try await chain.run()
        }
    }

    /// The chain this effect transforms, or nil when it is a closure and so its own pristine effect.
    @inlinable
    var mappedChain: EffectChain<ResultType>? {
        if case .mapped(let chain) = body { return chain }
        return nil
    }
}

extension AnyEffect: CustomStringConvertible {
    /// `AnyEffect<ResultType>`: a closure has nothing more to show.
    public var description: String { "AnyEffect<\(ResultType.self)>" }
}

extension AnyEffect: PristineCarrying {
    package var pristineEffect: any Effect { mappedChain?.pristineEffect ?? self }
}
