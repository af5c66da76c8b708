@_spi(StatoscopeInternals) import StatoscopeCore

extension Effect {
    /// Transforms the effect's result, typically into a `When` of the scope that enqueues it.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: extension Counter { func mapSample(request: URLRequest) { effectsState.enqueue(…) } } -->
    /// ```swift
    /// NetworkEffect<DTO>(request: request).mapToResult().map(When.networkPostCompleted)
    /// ```
    @inlinable
    public func map<NewResult>(
        _ transform: @escaping @Sendable (ResultType) -> NewResult
    ) -> AnyEffect<NewResult> {
        // Mapping a pristine effect, the common case, the chain keeps `transform` as its step and
        // allocates nothing more. Mapping a chain, the closure captures the previous transform and
        // steps only, not the whole chain: the pristine effect is kept once, by the new chain.
        guard let base = existingChain else {
            return AnyEffect(
                chain: EffectChain(pristine: self, steps: transform) {
                    outcome, steps in
                    let transform = unboxedStep(steps, as: (@Sendable (ResultType) -> NewResult).self)
                    return transform(try Self.successValue(of: outcome))
                })
        }
        let baseTransform = base.transform
        let baseSteps = base.steps
        return AnyEffect(
            chain: EffectChain(pristineOf: base) { outcome, _ in
                transform(try baseTransform(outcome, baseSteps))
            })
    }

    /// Turns a thrown error into a failed `Result`, so a failure is delivered as an event too.
    @inlinable
    public func mapToResult() -> AnyEffect<Result<ResultType, any Error>> {
        mapToResultWithError { $0 }
    }

    /// Turns the result into a `Result` whose failure is your own error type, made from what was thrown.
    ///
    /// <!-- compiled inside: final class ProfileDetail: Scope { enum When { case profileLoaded(Result<Profile, ProfileError>) }; func update(_ when: When) throws {}; func sample() { effectsState.enqueue(…) } } -->
    /// ```swift
    /// LoadProfile().mapToResultWithError { ProfileError(underlying: $0) }.map(When.profileLoaded)
    /// ```
    @inlinable
    public func mapToResultWithError<Failure: Error>(
        _ transform: @escaping @Sendable (any Error) -> Failure
    ) -> AnyEffect<Result<ResultType, Failure>> {
        // Kept as `map(_:)` keeps its transform.
        guard let base = existingChain else {
            return AnyEffect(
                chain: EffectChain(pristine: self, steps: transform) {
                    outcome, steps in
                    Result { try Self.successValue(of: outcome) }.mapError {
                        unboxedStep(steps, as: (@Sendable (any Error) -> Failure).self)($0)
                    }
                })
        }
        let baseTransform = base.transform
        let baseSteps = base.steps
        return AnyEffect(
            chain: EffectChain(pristineOf: base) { outcome, _ in
                Result { try baseTransform(outcome, baseSteps) }.mapError(transform)
            })
    }

    /// Turns the result into a `Result` of an error type you expect; any other error becomes that
    /// type's ``UnknownErrorRepresentable/unknownError``. The error a ``RetryFailure`` carries counts,
    /// so that an effect enqueued with a ``RetryPolicy`` keeps the errors you expect.
    ///
    /// <!-- compiled inside: final class LoginForm: Scope { enum When { case loginFinished(Result<String, LoginError>) }; func update(_ when: When) throws {}; func sample(credentials: Credentials) { effectsState.enqueue(…) } } -->
    /// <!-- declarations at the top level -->
    /// ```swift
    /// enum LoginError: UnknownErrorRepresentable { case wrongPassword, unknownError }
    /// Login(credentials).mapToResultWithError(LoginError.self).map(When.loginFinished)
    /// ```
    @inlinable
    public func mapToResultWithError<Failure: UnknownErrorRepresentable>(
        _ failureType: Failure.Type
    ) -> AnyEffect<Result<ResultType, Failure>> {
        mapToResultWithError { error in
            (error as? Failure) ?? ((error as? RetryFailure)?.error as? Failure) ?? Failure.unknownError
        }
    }
}

/// An error type with a value that stands for every error it does not describe.
public protocol UnknownErrorRepresentable: Error {
    /// The value an unexpected error of another type is mapped to.
    static var unknownError: Self { get }
}
