@_spi(StatoscopeInternals) import StatoscopeCore

/// The body of an effect enqueued with ``ScopeEffects/enqueueFireAndForget(_:key:ifKeyInFlight:)``: it runs like any
/// effect, and what it returns reaches no scope. A failure is reported, as an unmapped effect's is.
// SAFETY: Sound because its own fields are immutable and `Sendable` (the chain's), and the base
// class's fields are shared as the base class says.
@usableFromInline
final class FireAndForgetScopeEffectBody<ResultType>: ScopeEffectBody, @unchecked Sendable {
    let boxedPristine: any Sendable
    let runPristine: @Sendable (ScopeEffectBody) async -> Void
    let transform: @Sendable (Any, any Sendable) throws -> ResultType
    let steps: any Sendable

    @usableFromInline
    init(chain: EffectChain<ResultType>) {
        boxedPristine = chain.pristine
        runPristine = chain.runPristine
        transform = chain.transform
        steps = chain.steps
    }

    // Sound: `boxedPristine` was made from an effect (see `EffectChain`).
    override var pristine: any Effect { boxedPristine as! any Effect }

    override var pristineValue: Any { boxedPristine }

    override func complete(_ outcome: Any) -> EffectOutcome {
        do {
            _ = try transform(outcome, steps)
            return .nothing
        } catch {
            return .failed(error)
        }
    }

    override func run() async {
        await runPristine(self)
    }
}
