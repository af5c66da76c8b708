@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeEffects {
    /// Enqueues work whose result no event needs: an analytics ping, a cache write, a haptic.
    ///
    /// It is an effect like any other: it starts when the update returns (never if the update
    /// throws), is listed in ``effects`` until it ends, can be cancelled, and ends with its scope. What
    /// it returns reaches no `update`; what it throws goes to ``ErrorReporting``.
    ///
    /// <!-- compiled inside: struct TrackOpen: Effect { let screen: String; func runEffect() async throws {} }; final class Article: Scope { enum When { case appeared }; func update(_ when: When) throws { switch when { … } } } -->
    /// ```swift
    /// case .appeared:
    ///     effectsState.enqueueFireAndForget(TrackOpen(screen: "article"))
    /// ```
    ///
    /// A test plan records it, lists it, and completes it with `WHEN_EffectCompletes`, which sends
    /// nothing to the scope.
    ///
    /// Give `key` to enqueue it under a key: when an effect with the same key is in flight, `policy`
    /// says which one survives: a cache write that a newer one makes pointless.
    @inlinable
    public func enqueueFireAndForget<E: Effect>(
        _ effect: E, key: (any Hashable & Sendable)? = nil,
        ifKeyInFlight policy: EffectKeyPolicy = .cancelOlder
    ) {
        stage(EnqueuedEffect(fireAndForget: effect), key: key, policy: policy)
    }
}
