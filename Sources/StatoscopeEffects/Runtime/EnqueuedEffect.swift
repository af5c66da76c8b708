@_spi(StatoscopeInternals) import StatoscopeCore

/// An effect enqueued on a scope, its `When` erased so the runtime needs no generics.
///
/// It is one reference to a ``ScopeEffectBody``, which keeps the effect's chain and knows the scope's
/// type: one allocation per enqueued effect, rather than one per closure a chain of closures would
/// need, and a small entry in the runtime's tables while the effect is in flight.
@usableFromInline
package struct EnqueuedEffect: Sendable {
    @usableFromInline let body: ScopeEffectBody

    @inlinable
    init<S: Scope, E: Effect>(_ effect: E, for scopeType: S.Type) where E.ResultType == S.When {
        let chain = effect.chain
        // Only an effect given an animation pays for it: the others' bodies hold no field for it.
        if let animation = chain.animation {
            body = AnimatedScopeEffectBody<S>(chain: chain, animation: animation)
        } else {
            body = TypedScopeEffectBody<S>(chain: chain)
        }
    }

    @inlinable
    init<S: Scope, E: StreamEffect>(stream effect: E, for scopeType: S.Type) where E.Element == S.When {
        body = TypedScopeStreamBody<S>(chain: effect.streamChain)
    }

    @inlinable
    init<E: Effect>(fireAndForget effect: E) {
        body = FireAndForgetScopeEffectBody(chain: effect.chain)
    }

    @inlinable
    init<S: Scope, E: Effect>(
        _ effect: E, for scopeType: S.Type, retrying policy: RetryPolicy,
        onRetry: (@Sendable (RetryAttempt) -> S.When)?
    ) where E.ResultType == S.When {
        body = RetryingScopeEffectBody<S>(chain: effect.chain, policy: policy, onRetry: onRetry)
    }

    @inlinable
    init<S: Scope>(delayed event: S.When, after delay: Duration, for scopeType: S.Type) {
        body = DelayedEventBody<S>(DelayedEvent(event, after: delay))
    }

    /// The effect as first enqueued.
    package var pristine: any Effect { body.pristine }

    /// Whether the effect is a stream: it delivers elements until it ends.
    package var isStream: Bool { body is StreamScopeEffectBody }

    /// What the scope receives for an element of the pristine stream (boxed as `Any`), or nil when
    /// the chain makes nothing of it; a test uses it to feed a stream by hand.
    package func element(_ element: Any) -> EffectOutcome {
        (body as? StreamScopeEffectBody)?.outcome(of: .element(element)) ?? .nothing
    }

    /// What the scope receives when the pristine stream ends this way.
    package func end(_ end: StreamEnd) -> EffectOutcome {
        (body as? StreamScopeEffectBody)?.outcome(of: .end(end)) ?? .nothing
    }

    /// From an outcome of the pristine effect (a `Result<Pristine.ResultType, any Error>`) to what the
    /// scope receives; a test uses it to complete an effect by hand.
    package func complete(_ outcome: Any) -> EffectOutcome {
        body.complete(outcome)
    }

    /// A test plan ended the running attempt with `outcome`, as ``complete(_:)`` takes it: what to
    /// deliver, or, for an effect enqueued with a ``RetryPolicy``, how long to wait before trying again.
    @MainActor
    package func attemptEndedByHand(_ outcome: Any) -> AttemptEnd {
        body.attemptEndedByHand(outcome)
    }

    /// What the effect delivers the moment it starts, with no work to run: a delayed event, once its
    /// delay has passed; nil for an effect that runs.
    package var deliveryOnStart: EffectOutcome? { body.deliveryOnStart }
}

/// What a ``EnqueuedEffect`` does, implemented by a subclass that knows the scope's type.
///
/// A class rather than a protocol, so that the effect's task calls ``run()`` through
/// the vtable: a protocol witness would add an async frame to every task, and an effect parked at an
/// `await` keeps all its frames; past the task allocator's first slab, each effect costs another slab.
///
/// The body also carries what its task needs, so that the task's closure captures the body alone,
/// and it holds that task while it runs, so that the runtime keeps no table of tasks beside its table
/// of effects.
// SAFETY: Sound because of how its mutable fields are shared: `runtime` and `id` are written on the
// main actor before the task that reads the body exists (the task's creation orders the writes
// before it), and afterwards read and cleared only on the main actor; the task itself reads only the
// immutable fields of the subclasses. `launch` is read and written only under `EffectStarter`'s lock.
// No user code runs while any of them is accessed.
@usableFromInline
class ScopeEffectBody: @unchecked Sendable {
    /// The runtime the effect reports to, and its identifier there: set on the main actor when the
    /// effect starts, before its task exists, and only read afterwards, on the main actor; the
    /// runtime is let go of once the effect's final outcome was delivered (see ``CompletionInbox``).
    final var runtime: ScopeRuntime?
    final var id = EffectID(rawValue: 0)
    /// Where the effect was started, when in ``withIsolatedInstruments(_:)-(()->Result)``: what it
    /// brings back is delivered there. Set and read as ``runtime`` is.
    final var isolation: InstrumentIsolation?
    /// The task running the effect, once made, until it is cancelled; a finished effect's body keeps
    /// it, to be released with the body. Guarded by ``EffectStarter``'s lock: the starter's runner
    /// makes the task while the main actor may cancel it. Unchecked: the lock already keeps every
    /// access apart, and the run-time check cost each access a call.
    // SAFETY: Sound because every access happens with `EffectStarter`'s lock held, which keeps the
    // threads apart, and none calls out while the lock is held: a task is cancelled, which runs the
    // effect's own cancellation handlers, only once the lock is released. Touched once per effect
    // started and cancelled: hot.
    @exclusivity(unchecked) final var launch = EffectLaunch<Task<Void, any Error>>.pending
    /// The copy of the pristine effect that runs, its `@Injected` properties holding the dependencies
    /// of the scope that started it; nil when it reads none, and the pristine effect runs. Set on the
    /// main actor when the effect starts, before its task exists, and only read afterwards.
    @usableFromInline final var attachedPristine: (any Effect)?

    @usableFromInline
    init() {}

    var pristine: any Effect { preconditionFailure("overridden") }

    /// The pristine effect, boxed as `Any`, for the runner a chain specialised for its type to cast.
    @usableFromInline
    var pristineValue: Any { pristine }

    /// The effect to run: the pristine effect, holding the dependencies it started with.
    @usableFromInline
    final var runnableValue: Any { attachedPristine ?? pristineValue }

    func complete(_ outcome: Any) -> EffectOutcome { preconditionFailure("overridden") }

    /// What to do with an outcome a test plan gave by hand: deliver it, unless the effect retries.
    @MainActor
    func attemptEndedByHand(_ outcome: Any) -> AttemptEnd { .deliver(complete(outcome)) }

    /// What the effect delivers the moment it starts: only a delayed event has something.
    var deliveryOnStart: EffectOutcome? { nil }

    /// Runs the effect and its chain, off the main actor, and posts what they bring back for the
    /// `runtime` and `id` set.
    func run() async { preconditionFailure("overridden") }

    /// Posts the boxed outcome of the pristine effect, from the effect's task.
    @usableFromInline
    final func finish(_ outcome: Any) {
        CompletionInbox.shared.post(body: self, outcome: complete(outcome), isFinal: true)
    }
}

// SAFETY: Sound because its own fields are immutable and `Sendable` (the chain's), and the base
// class's fields are shared as the base class says.
@usableFromInline
class TypedScopeEffectBody<S: Scope>: ScopeEffectBody, @unchecked Sendable {
    // The chain's fields rather than the chain: none of their layouts depends on `S`, so releasing
    // the body (once per effect, unspecialised) destroys them without looking up generic metadata.
    // The pristine effect is kept as the chain keeps it, as `any Sendable`, a word smaller than
    // `any Effect`, which brings the body into a smaller allocation size.
    @usableFromInline let boxedPristine: any Sendable
    @usableFromInline let runPristine: @Sendable (ScopeEffectBody) async -> Void
    @usableFromInline let transform: @Sendable (Any, any Sendable) throws -> S.When
    @usableFromInline let steps: any Sendable

    // Inlinable, so that the body is made by code specialised for the scope's type where the effect
    // is enqueued: unspecialised, it cost a generic metadata lookup per effect.
    @inlinable
    init(chain: EffectChain<S.When>) {
        boxedPristine = chain.pristine
        runPristine = chain.runPristine
        transform = chain.transform
        steps = chain.steps
    }

    // Sound: `boxedPristine` was made from an effect (see `EffectChain`).
    final override var pristine: any Effect { boxedPristine as! any Effect }

    final override var pristineValue: Any { boxedPristine }

    final override func run() async {
        // The runner specialised for the pristine effect: see `EffectChain.runPristine`.
        await runPristine(self)
    }

    override func complete(_ outcome: Any) -> EffectOutcome {
        Self.outcome(of: outcome, transform: transform, steps: steps)
    }

    /// What the scope receives for the pristine effect's boxed `outcome`, through the chain's
    /// `transform` and `steps`.
    static func outcome(
        of outcome: Any, transform: (Any, any Sendable) throws -> S.When, steps: any Sendable
    ) -> EffectOutcome {
        do {
            let when = try transform(outcome, steps)
            // Checked: the runtime delivering this holds the object that enqueued the effect through
            // `ScopeEffects<S>`, so the cast of a class reference always succeeds, and is cheap; an
            // object of another type would receive nothing.
            return .deliver { scope in (scope as? S)?.send(when) }
        } catch {
            return .failed(error)
        }
    }

    /// What the scope receives for the pristine effect's boxed `outcome`, as
    /// ``outcome(of:transform:steps:)`` says, sent inside `animation` when there is one.
    static func outcome(
        of outcome: Any, transform: (Any, any Sendable) throws -> S.When, steps: any Sendable,
        inside animation: SendAnimation?, of effect: any Effect
    ) -> EffectOutcome {
        guard let animation else { return Self.outcome(of: outcome, transform: transform, steps: steps) }
        do {
            return .sending(try transform(outcome, steps), to: S.self, inside: animation, of: effect)
        } catch {
            return .failed(error)
        }
    }
}

/// The body of an effect given an animation (``Effect/animation(_:)``): its result is sent inside
/// the animation.
// SAFETY: Sound as its base class is: its own field is immutable and `Sendable`.
@usableFromInline
final class AnimatedScopeEffectBody<S: Scope>: TypedScopeEffectBody<S>, @unchecked Sendable {
    @usableFromInline let animation: SendAnimation

    @inlinable
    init(chain: EffectChain<S.When>, animation: SendAnimation) {
        self.animation = animation
        super.init(chain: chain)
    }

    override func complete(_ outcome: Any) -> EffectOutcome {
        Self.outcome(of: outcome, transform: transform, steps: steps, inside: animation, of: pristine)
    }
}

/// What a finished effect, or an element of a stream, brings back to its scope.
package enum EffectOutcome: Sendable {
    /// Sends the effect's `When` to the scope, given as the scope object.
    case deliver(@MainActor @Sendable (AnyObject) -> Void)
    /// The effect threw, and was not mapped to a result.
    case failed(any Error)
    /// Nothing to deliver: a stream ended with no event for its end, or was cancelled.
    case nothing
    /// Nothing final yet: an attempt of an effect enqueued with a ``RetryPolicy`` failed, and the next
    /// one starts after this wait; `notice` sends the scope the event it asked for each retry, if any.
    case retrying(after: Duration, notice: (@MainActor @Sendable (AnyObject) -> Void)?)
    /// Nothing to deliver yet: a delayed effect waited out its delay, and its work starts now.
    case waitEnded
}

extension EffectOutcome {
    /// Sends `when` to the scope, of type `scopeType`, inside `animation`, as
    /// ``Scope/send(_:animation:)`` does; an animation that never calls its `send` is reported as
    /// `effect`'s.
    static func sending<S: Scope>(
        _ when: S.When, to scopeType: S.Type, inside animation: SendAnimation, of effect: any Effect
    ) -> EffectOutcome {
        .deliver { scope in
            // Checked, as in `TypedScopeEffectBody.outcome(of:transform:steps:)`.
            guard let scope = scope as? S else { return }
            scope.send(when, animation: animation) {
                let error = AnimationNeverSent(scopeType: S.self, event: "the result of the effect")
                ErrorReporting.report(ErrorReport(error: error, source: .effect(effect), scope: scope))
            }
        }
    }
}
