@_spi(StatoscopeInternals) import StatoscopeCore

/// A scope's effects: enqueue, inspect and cancel them. Reach it as ``Scope/effectsState``.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: extension Counter { func enqueueSample(request: URLRequest) { … } } -->
/// ```swift
/// effectsState.enqueue(NetworkEffect<DTO>(request: request).mapToResult().map(When.networkPostCompleted))
/// effectsState.cancelEffect { $0 is NetworkEffect<DTO> }
/// ```
///
/// Effects enqueued during `update` start when it returns, and are discarded if it throws. A
/// cancelled effect delivers nothing, and neither does one whose scope was dismissed or released.
@MainActor
public struct ScopeEffects<S: Scope> {
    @usableFromInline let scope: S

    @usableFromInline
    init(scope: S) {
        self.scope = scope
    }

    @usableFromInline
    var runtime: ScopeRuntime { ScopeRuntimeTable.runtime(for: scope) }

    /// Enqueues an effect whose result is one of the scope's events.
    ///
    /// Give `key` to enqueue it under a key: when an effect with the same key is in flight, `policy`
    /// says which one survives (without a key, `policy` has nothing to compare and is not used). With
    /// ``EffectKeyPolicy/cancelOlder``, the older effect is cancelled when the update returns: if the
    /// update throws, the new effect is discarded and the older one keeps running, its result still on
    /// its way. Until then, ``effects`` lists both.
    ///
    /// <!-- compiled inside: extension SearchScreen { func keySample(_ when: When) { switch when { … case .resultsArrived: break } } } -->
    /// ```swift
    /// case .userTypedQuery(let query):
    ///     effectsState.enqueue(Search(query).mapToResult().map(When.resultsArrived), key: "search")
    /// ```
    ///
    /// Give `retry` to run the effect again after a failure, as the policy says; it delivers once: the
    /// result of the attempt that succeeded, or a ``RetryFailure`` carrying the last attempt's error
    /// and the number of attempts made. The failures the policy sees are those of the effect as
    /// enqueued, before its `map` chain, so `mapToResult()` delivers the last one, as a
    /// ``RetryFailure``, in a `.failure` event. The effect is listed in ``effects`` from its first
    /// attempt to its last, waits between them on the scope's ``EffectClock``, and is cancelled like
    /// any other (by key, by predicate, when its scope is dismissed, or by a newer effect with its
    /// key): once cancelled, no further attempt starts.
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
        _ effect: E, key: (any Hashable & Sendable)? = nil,
        ifKeyInFlight policy: EffectKeyPolicy = .cancelOlder,
        retrying retry: RetryPolicy? = nil, onRetry: (@Sendable (RetryAttempt) -> S.When)? = nil
    ) where E.ResultType == S.When {
        let enqueued =
            if let retry {
                EnqueuedEffect(effect, for: S.self, retrying: retry, onRetry: onRetry)
            } else {
                EnqueuedEffect(effect, for: S.self)
            }
        stage(enqueued, key: key, policy: policy)
    }

    /// Enqueues a stream effect whose elements are the scope's events, delivered in order until the
    /// stream ends or is cancelled.
    ///
    /// <!-- compiled with: Streams -->
    /// <!-- compiled inside: extension Dashboard { func streamSample(_ when: When) { switch when { … default: break } } } -->
    /// ```swift
    /// case .screenAppeared:
    ///     effectsState.enqueue(Ticks(count: 3).map(When.ticked).onEnd { _ in When.ticksEnded })
    /// ```
    ///
    /// Give `key` to enqueue it under a key: when an effect with the same key is in flight, `policy`
    /// says which one survives. With ``EffectKeyPolicy/cancelOlder`` this restarts a stream: the
    /// older one delivers nothing more once the update returns.
    @inlinable
    public func enqueue<E: StreamEffect>(
        _ effect: E, key: (any Hashable & Sendable)? = nil,
        ifKeyInFlight policy: EffectKeyPolicy = .cancelOlder
    ) where E.Element == S.When {
        stage(EnqueuedEffect(stream: effect, for: S.self), key: key, policy: policy)
    }

    /// Hands an effect to the runtime: under its key with the policy, or, without a key, as it comes.
    @inlinable
    func stage(_ effect: EnqueuedEffect, key: (any Hashable & Sendable)?, policy: EffectKeyPolicy) {
        if let key {
            runtime.enqueue(effect, key: AnyHashable(key), policy: policy)
        } else {
            runtime.enqueue(effect)
        }
    }

    /// The effects enqueued and not yet completed or cancelled, oldest first, as first enqueued (their
    /// ``Effect/pristine`` values, before any map).
    public var effects: [any Effect] {
        ScopeRuntimeTable.existingRuntime(for: scope)?.effects.inFlight.map(\.payload.pristine) ?? []
    }

    /// Cancels the effects whose pristine value matches `predicate`.
    ///
    /// `predicate` sees each effect in flight once; what it costs beyond that grows with the number
    /// of effects it cancels.
    ///
    /// <!-- compiled inside: extension Counter { func cancelSample() { … } } -->
    /// ```swift
    /// effectsState.cancelEffect { $0 is NetworkEffect<DTO> }
    /// ```
    public func cancelEffect(where predicate: (any Effect) -> Bool) {
        ScopeRuntimeTable.existingRuntime(for: scope)?.cancelEffects { predicate($0.payload.pristine) }
    }

    /// Cancels the effect enqueued with `key`, if one is in flight.
    ///
    /// Found by its key, without a pass over the other effects: cancelling one of thousands costs
    /// no more than cancelling one of a few. Called in the update that enqueued a newer effect with
    /// this key, it cancels the older one too.
    public func cancelEffect(key: some Hashable & Sendable) {
        ScopeRuntimeTable.existingRuntime(for: scope)?.cancelEffects(key: AnyHashable(key))
    }

    /// Cancels every effect of the scope.
    public func cancelAllEffects() {
        ScopeRuntimeTable.existingRuntime(for: scope)?.cancelAllEffects()
    }

    /// Suspends until the scope has no effect in flight: every one completed (and its `When`
    /// was handled, including the effects that handling enqueued) or was cancelled.
    ///
    /// For command-line tools and integration tests that run real effects. Test plans never need it:
    /// they record effects instead of running them.
    ///
    /// A stream effect that never ends (a timer, a websocket left open) keeps the scope unsettled:
    /// this never returns while one is in flight. Cancel it first, or wait with
    /// ``waitUntilSettled(timeout:)``.
    public func waitUntilSettled() async {
        await ScopeRuntimeTable.existingRuntime(for: scope)?.waitUntilSettled()
    }

    /// Suspends until the scope has no effect in flight, as ``waitUntilSettled()`` does, or until
    /// `timeout` has passed on the continuous clock, whichever comes first. Returns whether the scope
    /// settled.
    ///
    /// Effects still in flight when the time is up keep running: a stream that never ends is still
    /// listed in ``effects``, and still delivers. Waiting costs nothing while it waits: no polling.
    /// A `timeout` of zero or less returns at once; one longer than ``EffectClock/longestWait`` (a
    /// century) waits that long.
    ///
    /// <!-- compiled inside: @MainActor func settleSample(scope: Launch) async { … _ = settled } -->
    /// ```swift
    /// let settled = await scope.effectsState.waitUntilSettled(timeout: .seconds(5))
    /// ```
    @discardableResult
    public func waitUntilSettled(timeout: Duration) async -> Bool {
        guard let runtime = ScopeRuntimeTable.existingRuntime(for: scope) else { return true }
        return await runtime.waitUntilSettled(timeout: timeout)
    }

    /// Suspends until neither the scope nor any scope linked below it has an effect in flight,
    /// including effects enqueued meanwhile by the events that completions delivered.
    ///
    /// Like ``waitUntilSettled()``, it never returns while a stream effect that never ends is in
    /// flight in the subtree: cancel it first.
    public func waitUntilSubtreeSettled() async {
        guard let root = ScopeRuntimeTable.existingRuntime(for: scope) else { return }
        while let busy = root.firstInSubtree(where: { !$0.effects.isEmpty }) {
            await busy.waitUntilSettled()
        }
    }
}

extension Scope {
    // Inlinable, so that an enqueue made from the scope's own code holds the scope without a retain
    // and a release, which are slow on an object with a weak reference.
    /// The scope's effects: enqueue, inspect and cancel them.
    @inlinable
    public var effectsState: ScopeEffects<Self> {
        ScopeEffects(scope: self)
    }
}
