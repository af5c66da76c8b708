@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeRuntime {
    /// A test plan ended the running attempt of a recorded effect with `outcome`, a boxed
    /// `Result<Pristine.ResultType, any Error>`: delivered through the effect's chain, unless the
    /// effect retries, in which case it waits on the plan's clock for its next attempt (a wait of zero
    /// leaves it started).
    package func attemptEndedByHand(_ id: EffectID, outcome: Any) {
        guard let entry = effects.entry(id), entry.phase == .running else { return }
        switch entry.payload.attemptEndedByHand(outcome) {
        case .deliver:
            finish(id, outcome: entry.payload.complete(outcome))
        case .retry(let wait):
            notify(.retrying(after: wait), entry.payload)
            if wait > .zero { schedule(id, after: wait) }
        }
    }
}
