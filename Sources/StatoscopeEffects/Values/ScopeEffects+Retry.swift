@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeEffects {
    /// Enqueues an effect that runs again after a failure, as `policy` says, and delivers once: the
    /// result of the attempt that succeeded, or a ``RetryFailure`` carrying the last attempt's error
    /// and the number of attempts made.
    ///
    /// The failures `policy` sees are those of the effect as enqueued, before its `map` chain, so
    /// `mapToResult()` delivers the last one, as a ``RetryFailure``, in a `.failure` event. The effect
    /// is listed in ``effects`` from its first attempt to its last, waits between them on the scope's
    /// ``EffectClock``, and is cancelled like any other (by key, by predicate, when its scope is
    /// dismissed, or by a newer effect with its key): once cancelled, no further attempt starts.
    ///
    /// Give `onRetry` to hear of each retry before its wait: it makes one of the scope's events of a
    /// ``RetryAttempt`` (the attempt about to run, of how many, the error, the wait), sent to the
    /// scope at once.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: extension Counter { func retrySample(request: URLRequest) { … } } -->
    /// ```swift
    /// effectsState.enqueue(
    ///     NetworkEffect<DTO>(request: request).mapToResult().map(When.networkPostCompleted),
    ///     retrying: .exponentialBackoff(maxAttempts: 4, initialDelay: .seconds(1), maxDelay: .seconds(8)))
    /// ```
    ///
    /// In a test plan, failing the effect (`WHEN_EffectFails`) ends an attempt: when the policy
    /// retries, the scope gets its `onRetry` event in that step, and the effect is scheduled for its
    /// next attempt, which starts once the plan lets the wait pass.
    @inlinable
    public func enqueue<E: Effect>(
        _ effect: E, retrying policy: RetryPolicy, onRetry: (@Sendable (RetryAttempt) -> S.When)? = nil
    ) where E.ResultType == S.When {
        runtime.enqueue(EnqueuedEffect(effect, for: S.self, retrying: policy, onRetry: onRetry))
    }

    /// Enqueues an effect that runs again after a failure, as `retry` says, under a key; when an
    /// effect with the same key is in flight, `policy` says which one survives. `onRetry` makes the
    /// scope's event for each retry, as in ``enqueue(_:retrying:onRetry:)``.
    @inlinable
    public func enqueue<E: Effect>(
        _ effect: E, key: some Hashable & Sendable, ifKeyInFlight policy: EffectKeyPolicy = .cancelOlder,
        retrying retry: RetryPolicy, onRetry: (@Sendable (RetryAttempt) -> S.When)? = nil
    ) where E.ResultType == S.When {
        runtime.enqueue(
            EnqueuedEffect(effect, for: S.self, retrying: retry, onRetry: onRetry), key: AnyHashable(key),
            policy: policy)
    }
}
