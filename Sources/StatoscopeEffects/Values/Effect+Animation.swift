@_spi(StatoscopeInternals) import StatoscopeCore

extension Effect {
    /// The same effect, whose result is sent to the scope inside `animation`, as
    /// ``Scope/send(_:animation:)`` sends it.
    ///
    /// <!-- compiled with: Counter -->
    /// <!-- compiled inside: extension Counter { func animationSample(request: URLRequest, fade: SendAnimation) { effectsState.enqueue(…) } } -->
    /// ```swift
    /// NetworkEffect<DTO>(request: request).mapToResult().map(When.networkPostCompleted).animation(fade)
    /// ```
    ///
    /// The animation stays with the result through later `map`s, and a test plan that completes the
    /// effect delivers its result inside the animation too. Only the result is animated: the effect's
    /// work runs as it would without it.
    @inlinable
    public func animation(_ animation: SendAnimation) -> AnyEffect<ResultType> {
        var chain = self.chain
        chain.animation = animation
        return AnyEffect(chain: chain)
    }
}
