@_spi(StatoscopeInternals) import StatoscopeCore

extension StreamEffect {
    /// The same stream, each of whose elements is sent to the scope inside `animation`, as
    /// ``Scope/send(_:animation:)`` sends it; so is the element for its end that ``onEnd(_:)`` adds.
    ///
    /// <!-- compiled with: Streams -->
    /// <!-- compiled inside: extension Dashboard { func streamAnimationSample(fade: SendAnimation) { effectsState.enqueue(…) } } -->
    /// ```swift
    /// Ticks(count: 3).map(When.ticked).animation(fade)
    /// ```
    ///
    /// The animation stays with the elements through later `map`s, and a test plan that feeds the
    /// stream, or lets a `RepeatingTimer` tick, delivers them inside it too. Only the elements are
    /// animated: the stream runs as it would without it.
    @inlinable
    public func animation(_ animation: SendAnimation) -> AnyStreamEffect<Element> {
        var chain = streamChain
        chain.animation = animation
        return AnyStreamEffect(chain: chain)
    }
}
