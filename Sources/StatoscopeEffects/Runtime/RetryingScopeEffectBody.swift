@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// The body of an effect enqueued with a ``RetryPolicy``: its task runs the pristine effect again
/// after each failure the policy retries, waiting on the scope's ``EffectClock`` in between, and
/// posts one outcome, the last attempt's, through the chain.
///
/// One body, one entry in the scope's effects, for every attempt: cancelling it cancels the task,
/// which ends the wait or the attempt under way, and no attempt starts after that.
// SAFETY: Sound because its own fields are immutable and `Sendable` (the chain's and the policy's),
// except `recordedAttempts`, which only the main actor touches (a test plan ends the attempts by
// hand there; the task never reads it), and the base class's fields are shared as the base class
// says.
@usableFromInline
final class RetryingScopeEffectBody<S: Scope>: ScopeEffectBody, @unchecked Sendable {
    let boxedPristine: any Sendable
    let outcomeOfPristine: @Sendable (any Sendable) async -> Any
    let transform: @Sendable (Any, any Sendable) throws -> S.When
    let steps: any Sendable
    let policy: RetryPolicy
    /// The attempts a test plan ended by hand, made at the first.
    @MainActor private var recordedAttempts: RetryStateMachine?

    @usableFromInline
    init(chain: EffectChain<S.When>, policy: RetryPolicy) {
        boxedPristine = chain.pristine
        outcomeOfPristine = chain.outcomeOfPristine
        transform = chain.transform
        steps = chain.steps
        self.policy = policy
    }

    // Sound: `boxedPristine` was made from an effect (see `EffectChain`).
    override var pristine: any Effect { boxedPristine as! any Effect }

    override var pristineValue: Any { boxedPristine }

    override func complete(_ outcome: Any) -> EffectOutcome {
        TypedScopeEffectBody<S>.outcome(of: outcome, transform: transform, steps: steps)
    }

    override func attemptEndedByHand(_ outcome: Any) -> RetryStateMachine.Action {
        var attempts = recordedAttempts ?? RetryStateMachine(policy: policy, onVirtualTime: true)
        let action = attempts.attemptEnded(failure: failure(of: outcome))
        recordedAttempts = attempts
        return action
    }

    override func run() async {
        // The clock the enqueuing scope sees, provided to this task with its other dependencies.
        let clock = DependencySnapshot.current?.value(of: EffectClock.self) ?? .defaultValue
        var attempts = RetryStateMachine(policy: policy, onVirtualTime: false)
        while true {
            let outcome = await outcomeOfPristine(boxedPristine)
            // A cancelled effect delivers nothing: its outcome is posted only to end its run.
            guard !Task.isCancelled,
                case .retry(let wait) = attempts.attemptEnded(failure: failure(of: outcome))
            else { return finish(outcome) }
            // Told to the scope's runtime for logging and the flight recorder; the effect stays in flight.
            CompletionInbox.shared.post(body: self, outcome: .retrying(after: wait), isFinal: false)
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

/// The error of a pristine effect's boxed outcome, a `Result<Pristine.ResultType, any Error>`.
func failure(of outcome: Any) -> (any Error)? {
    (outcome as? any FailableOutcome)?.outcomeFailure
}

/// A boxed outcome that may be a failure: what a retry looks at without knowing the result's type.
protocol FailableOutcome {
    var outcomeFailure: (any Error)? { get }
}

extension Result: FailableOutcome {
    var outcomeFailure: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
