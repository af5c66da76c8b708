/// An effect enqueued on a scope, its `When` erased so the runtime needs no generics.
package struct ScopeEffect: Sendable {
    /// The effect as first enqueued.
    package let pristine: any Effect
    /// From an outcome of the pristine effect (a `Result<Pristine.ResultType, any Error>`) to what the
    /// scope receives; a test uses it to complete an effect by hand.
    package let complete: @Sendable (Any) -> EffectOutcome
    /// Runs the effect and its chain, off the main actor.
    let run: @Sendable () async -> EffectOutcome

    init<S: Scope, E: Effect>(_ effect: E, for scopeType: S.Type) where E.ResultType == S.When {
        let chain = effect.chain
        let complete: @Sendable (Any) -> EffectOutcome = { outcome in
            do {
                let when = try chain.transform(outcome)
                return .deliver { scope in unsafeDowncast(scope, to: S.self).send(when) }
            } catch {
                return .failed(error)
            }
        }
        self.pristine = chain.pristine
        self.complete = complete
        self.run = { complete(await chain.pristine.outcome()) }
    }
}

/// What a finished effect brings back to its scope.
package enum EffectOutcome: Sendable {
    /// Sends the effect's `When` to the scope, given as the scope object.
    case deliver(@MainActor @Sendable (AnyObject) -> Void)
    /// The effect threw, and was not mapped to a result.
    case failed(any Error)
}
