@_spi(StatoscopeInternals) import StatoscopeCore

/// A pristine effect and the synchronous chain of transforms from its outcome to a result.
///
/// Keeping the transforms synchronous and apart from the work lets a test feed a result it chose
/// through the same `map` chain the live run uses, without running the effect.
///
/// `map` and `enqueue` are inlinable so that a chain is built in the module that enqueues the
/// effect, specialised for its concrete types: unspecialised, every `map` and every `enqueue` looked
/// up generic metadata and cast dynamically at run time.
@usableFromInline
struct EffectChain<ResultType>: Sendable {
    /// The effect as first enqueued, boxed as `any Sendable`: what an effect's body keeps, a word
    /// smaller than `any Effect`, so that making the body copies it without converting it.
    @usableFromInline let pristine: any Sendable
    /// Runs a body's pristine effect and hands its boxed outcome back to the body: what the effect's
    /// task runs.
    ///
    /// Made where the pristine effect's type is known, so that it is specialised for that type in the
    /// module that enqueues the effect: the task then runs one small frame, with the effect's
    /// `runEffect()` inlined when it can be, where an unspecialised generic frame, a protocol witness
    /// and their boxes would stand. An effect parked at an `await` keeps every frame, and once the
    /// frames outgrow the task allocator's first slab, each costs another slab.
    @usableFromInline let runPristine: @Sendable (ScopeEffectBody) async -> Void
    /// Runs the boxed pristine effect and returns its boxed outcome: what running the chain itself, as
    /// an ``AnyEffect``, starts with.
    @usableFromInline let outcomeOfPristine: @Sendable (_ pristine: any Sendable) async -> Any
    /// From the pristine effect's outcome, a `Result<Pristine.ResultType, any Error>`, to the result,
    /// given ``steps``.
    @usableFromInline let transform: @Sendable (_ outcome: Any, _ steps: any Sendable) throws -> ResultType
    /// What ``transform`` applies: the closure given to the one `map` (or `mapToResultWithError`) of
    /// a pristine effect, boxed; `()` when `transform` needs nothing.
    ///
    /// Kept beside a `transform` that captures nothing, rather than captured by it: a closure
    /// capturing the given closure needs a context of its own, one allocation more for every effect
    /// enqueued, where a closure fits the box's three words.
    @usableFromInline let steps: any Sendable
    /// The animation the result is delivered inside (see ``Effect/animation(_:)``); nil for none.
    @usableFromInline var animation: SendAnimation?

    /// The chain of a pristine effect: its runners are specialised for its type here.
    @inlinable
    init<Pristine: Effect>(
        pristine: Pristine, steps: any Sendable = (),
        transform: @escaping @Sendable (_ outcome: Any, _ steps: any Sendable) throws -> ResultType
    ) {
        self.pristine = pristine
        self.runPristine = Pristine.run(for:)
        self.outcomeOfPristine = Pristine.outcome(ofBoxed:)
        self.steps = steps
        self.transform = transform
    }

    /// The chain of `base`'s pristine effect, with another transform.
    @inlinable
    init<BaseResult>(
        pristineOf base: EffectChain<BaseResult>,
        transform: @escaping @Sendable (_ outcome: Any, _ steps: any Sendable) throws -> ResultType
    ) {
        self.pristine = base.pristine
        self.runPristine = base.runPristine
        self.outcomeOfPristine = base.outcomeOfPristine
        self.steps = ()
        self.transform = transform
        self.animation = base.animation
    }

    /// The effect as first enqueued.
    var pristineEffect: any Effect {
        // Sound: `pristine` is always made from an effect (see the initialisers).
        pristine as! any Effect
    }

    /// Runs the pristine effect, then the chain.
    func run() async throws -> ResultType {
        try transform(await outcomeOfPristine(pristine), steps)
    }
}

/// The step a chain's transform was made with, boxed in its ``EffectChain/steps``, as its type.
@inlinable
func unboxedStep<Step>(_ steps: any Sendable, as type: Step.Type) -> Step {
    // SAFETY: Sound because a chain's transform is only ever given the steps of its own chain (made
    // together in `EffectChain.init(pristine:steps:transform:)`, kept together by the effect's body
    // and by `run()`), and the transform that unboxes them names the type they were boxed as. No
    // user code runs between boxing and unboxing that could swap them. Debug builds check the
    // unwrap.
    cast(steps, to: Step.self).unsafelyUnwrapped
}

extension Effect {
    /// This effect as a pristine effect with its chain of transforms.
    @inlinable
    var chain: EffectChain<ResultType> {
        if let chain = existingChain { return chain }
        return EffectChain(pristine: self) { outcome, _ in
            try Self.successValue(of: outcome)
        }
    }

    /// The chain this effect is, when it is a mapped ``AnyEffect``; nil for a pristine effect.
    @inlinable
    var existingChain: EffectChain<ResultType>? {
        (self as? AnyEffect<ResultType>)?.mappedChain
    }

    /// Runs `body`'s pristine effect, which is of this type, and hands its boxed outcome to `body`.
    @inlinable
    static func run(for body: ScopeEffectBody) async {
        // SAFETY: Sound because a chain is made with the runner of its own pristine effect's type,
        // both set in one initialiser of `EffectChain` and copied together into the body, whose
        // fields are immutable. Debug builds check the unwrap.
        let effect = cast(body.runnableValue, to: Self.self).unsafelyUnwrapped
        do {
            body.finish(Result<ResultType, any Error>.success(try await effect.runEffect()))
        } catch {
            body.finish(Result<ResultType, any Error>.failure(error))
        }
    }

    /// Runs the boxed effect, which is of this type, and boxes what happened, for a chain to
    /// transform.
    @inlinable
    static func outcome(ofBoxed pristine: any Sendable) async -> Any {
        // SAFETY: Sound for the same reason as in `run(for:)`: the chain that calls this holds the
        // pristine effect it was made with, immutably. Debug builds check the unwrap.
        let effect = cast(pristine, to: Self.self).unsafelyUnwrapped
        do {
            return Result<ResultType, any Error>.success(try await effect.runEffect())
        } catch {
            return Result<ResultType, any Error>.failure(error)
        }
    }

    /// The value of a boxed outcome of this effect, or the error it failed with.
    // Inlinable, so that the cast is specialised where the chain is made: unspecialised, it looked up
    // the metadata of `Result<ResultType, any Error>` for every completion.
    @inlinable
    static func successValue(of outcome: Any) throws -> ResultType {
        guard let result = cast(outcome, to: Result<ResultType, any Error>.self) else {
            throw outcomeMismatch(expected: ResultType.self, actual: type(of: outcome))
        }
        return try result.get()
    }
}

/// The error for a result of type `actual` handed to a chain that expects `expected`.
@usableFromInline
func outcomeMismatch(expected: Any.Type, actual: Any.Type) -> any Error {
    EffectOutcomeMismatch(expected: expected, actual: actual)
}

/// A result handed to an effect's chain that is not of its pristine effect's result type.
package struct EffectOutcomeMismatch: Error, CustomStringConvertible {
    let expected: Any.Type
    let actual: Any.Type

    package var description: String {
        "an effect producing \(expected) was completed with \(actual)"
    }
}
