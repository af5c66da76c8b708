@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeEffects {
    /// Sends `event` to the scope once `delay` has passed on the scope's ``EffectClock``.
    ///
    /// The event waits like an effect: it is enqueued when the update returns (never if it throws),
    /// listed in ``effects`` as a ``DelayedEvent`` and logged as scheduled while it waits, cancelled
    /// like any effect, and dropped with its scope. A delay of zero or less sends it once the update
    /// has returned; one longer than ``EffectClock/longestWait`` (a century) waits that long.
    ///
    /// Give `key` to send it only once `delay` has passed with no newer event enqueued with that key:
    /// each one enqueued with the key replaces the one waiting, and waits anew. Debounce a change this
    /// way, with no effect to run:
    ///
    /// <!-- compiled inside: final class Filter: Scope { var text = ""; var settledText = ""; enum When: Sendable { case userTyped(String), textSettled }; func update(_ when: When) throws { switch when { … } } } -->
    /// ```swift
    /// case .userTyped(let text):
    ///     self.text = text
    ///     effectsState.enqueue(.textSettled, after: .milliseconds(300), key: "settle")
    /// case .textSettled:
    ///     settledText = text
    /// ```
    ///
    /// Keys are shared with the scope's effects: the event replaces an effect in flight with its key,
    /// and ``cancelEffect(key:)`` cancels it.
    ///
    /// In a test plan, it is scheduled on the plan's clock and sent within the `WHEN_TimePasses`
    /// step that lets its delay pass, at its instant.
    @inlinable
    public func enqueue(_ event: S.When, after delay: Duration, key: (any Hashable & Sendable)? = nil) {
        runtime.enqueue(
            EnqueuedEffect(delayed: event, after: delay, for: S.self), key: key.map { AnyHashable($0) },
            policy: .debounce(delay))
    }
}
