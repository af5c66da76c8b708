@_spi(StatoscopeInternals) import StatoscopeCore

/// The body of an event enqueued with ``ScopeEffects/enqueue(_:after:key:)``: the runtime waits for
/// its delay as for a debounced effect's quiet period (scheduled, not started, meanwhile), and once
/// it starts, it sends its event, with no work to run.
// SAFETY: Sound because its own field is immutable and `Sendable` (the scope's `When` is), and the
// base class's fields are shared as the base class says.
@usableFromInline
final class DelayedEventBody<S: Scope>: ScopeEffectBody, @unchecked Sendable {
    let delayed: DelayedEvent<S.When>

    @usableFromInline
    init(_ delayed: DelayedEvent<S.When>) {
        self.delayed = delayed
    }

    override var pristine: any Effect { delayed }

    override var pristineValue: Any { delayed }

    /// What starting it delivers, live and in a test plan alike: its event.
    override var deliveryOnStart: EffectOutcome? { delivery }

    /// A test plan completing it by hand with its event, as any effect producing the scope's `When`.
    override func complete(_ outcome: Any) -> EffectOutcome {
        TypedScopeEffectBody<S>.outcome(
            of: outcome, transform: { outcome, _ in try DelayedEvent<S.When>.successValue(of: outcome) },
            steps: ())
    }

    override func run() async {
        CompletionInbox.shared.post(body: self, outcome: delivery, isFinal: true)
    }

    /// Sends the event to the scope.
    private var delivery: EffectOutcome {
        let when = delayed.event
        // Checked, as in `TypedScopeEffectBody.outcome(of:transform:steps:)`.
        return .deliver { scope in (scope as? S)?.send(when) }
    }
}
