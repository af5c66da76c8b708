@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// The body of an effect enqueued with a ``RetryPolicy``: its task runs the pristine effect again
/// after each failure the policy retries, waiting on the scope's ``EffectClock`` in between, and
/// posts one outcome, the last attempt's, through the chain; a failure as a ``RetryFailure``, which
/// says how many attempts ran.
///
/// One body, one entry in the scope's effects, for every attempt: cancelling it cancels the task,
/// which ends the wait or the attempt under way, and no attempt starts after that. Before each wait,
/// it sends the scope the event `onRetry` makes of the retry, if the scope asked for one.
// SAFETY: Sound because its own fields are immutable and `Sendable` (the chain's, the policy's and
// `onRetry`), except `recordedAttempts`, which only the main actor touches (a test plan ends the
// attempts by hand there; the task never reads it), and the base class's fields are shared as the
// base class says.
@usableFromInline
final class RetryingScopeEffectBody<S: Scope>: ScopeEffectBody, @unchecked Sendable {
    let boxedPristine: any Sendable
    let outcomeOfPristine: @Sendable (any Sendable) async -> Any
    let transform: @Sendable (Any, any Sendable) throws -> S.When
    let steps: any Sendable
    let policy: RetryPolicy
    let onRetry: (@Sendable (RetryAttempt) -> S.When)?
    /// The animation the last attempt's result is sent inside, if the effect was given one.
    let animation: SendAnimation?
    /// The attempts a test plan ended by hand, made at the first.
    @MainActor private var recordedAttempts: RetryStateMachine?

    @usableFromInline
    init(chain: EffectChain<S.When>, policy: RetryPolicy, onRetry: (@Sendable (RetryAttempt) -> S.When)?) {
        boxedPristine = chain.pristine
        outcomeOfPristine = chain.outcomeOfPristine
        transform = chain.transform
        steps = chain.steps
        self.policy = policy
        self.onRetry = onRetry
        animation = chain.animation
    }

    // Sound: `boxedPristine` was made from an effect (see `EffectChain`).
    override var pristine: any Effect { boxedPristine as! any Effect }

    override var pristineValue: Any { boxedPristine }

    override func complete(_ outcome: Any) -> EffectOutcome {
        TypedScopeEffectBody<S>.outcome(
            of: outcome, transform: transform, steps: steps, inside: animation, of: pristine)
    }

    override func attemptEndedByHand(_ outcome: Any) -> AttemptEnd {
        var attempts = recordedAttempts ?? RetryStateMachine(policy: policy, onVirtualTime: true)
        let end = attemptEnded(outcome, &attempts)
        recordedAttempts = attempts
        return end
    }

    override func run() async {
        // The clock the enqueuing scope sees, provided to this task with its other dependencies.
        let clock = DependencySnapshot.current?.value(of: EffectClock.self) ?? .defaultValue
        var attempts = RetryStateMachine(policy: policy, onVirtualTime: false)
        while true {
            let outcome = await outcomeOfPristine(attachedPristine ?? boxedPristine)
            // A cancelled effect delivers nothing: its outcome is posted only to end its run.
            guard !Task.isCancelled else { return finish(outcome) }
            switch attemptEnded(outcome, &attempts) {
            case .deliver(let last):
                return CompletionInbox.shared.post(body: self, outcome: last, isFinal: true)
            case .retry(let wait, let notice):
                // Told to the scope's runtime for logging and the flight recorder, with the scope's
                // event for the retry; the effect stays in flight.
                CompletionInbox.shared.post(
                    body: self, outcome: .retrying(after: wait, notice: notice), isFinal: false)
                do {
                    try await clock.sleep(for: wait)
                } catch {
                    return finish(outcome)
                }
                // A clock that ignores cancellation returns anyway: no attempt starts once cancelled.
                if Task.isCancelled { return finish(outcome) }
            }
        }
    }

    /// What the attempt that ended with `outcome` comes to, as `attempts` decide, which it moves on:
    /// the outcome to deliver, a failure as a ``RetryFailure``, or the wait before the next attempt
    /// and the scope's event for it.
    private func attemptEnded(_ outcome: Any, _ attempts: inout RetryStateMachine) -> AttemptEnd {
        let ended = attempts.attempt
        let failable = outcome as? any FailableOutcome
        switch attempts.attemptEnded(failure: failable?.outcomeFailure) {
        case .deliver:
            guard let failable, let error = failable.outcomeFailure else {
                return .deliver(complete(outcome))
            }
            let failure = RetryFailure(attempts: ended, error: error)
            return .deliver(complete(failable.replacingFailure(with: failure)))
        case .retry(let wait):
            guard let onRetry, let error = failable?.outcomeFailure else {
                return .retry(after: wait, notice: nil)
            }
            let when = onRetry(
                RetryAttempt(
                    number: attempts.attempt, maxAttempts: attempts.maxAttempts, error: error, delay: wait))
            // Checked, as in `TypedScopeEffectBody.outcome(of:transform:steps:)`.
            return .retry(after: wait, notice: { scope in (scope as? S)?.send(when) })
        }
    }
}

/// A pristine effect's boxed outcome, a `Result<Pristine.ResultType, any Error>`, which may be a
/// failure: what a retry looks at, and replaces the failure of, without knowing the result's type.
protocol FailableOutcome {
    var outcomeFailure: (any Error)? { get }
    /// The same outcome, of the same type, failed with `error` instead, boxed.
    func replacingFailure(with error: any Error) -> Any
}

extension Result: FailableOutcome where Failure == any Error {
    var outcomeFailure: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }

    func replacingFailure(with error: any Error) -> Any {
        Self.failure(error)
    }
}
