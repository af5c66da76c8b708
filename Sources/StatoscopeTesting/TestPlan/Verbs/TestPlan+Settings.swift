extension TestPlan {
    /// Makes effects still pending at the end of a line a failure (or, with `false`, not one),
    /// whatever ``TestPlanDefaults/strictEffects`` says.
    ///
    /// A strict plan completes or clears every effect it triggers, so none is forgotten. The main
    /// line's leftovers are reported at `runTest()`'s line, a branch's at its `FORK`'s line.
    public func strictEffects(_ isStrict: Bool = true) throws -> Self {
        try core.checkBuilding()
        core.strict = isStrict
        return self
    }

    /// Sets which pending effects are cancelled before each event the plan sends; see
    /// ``PendingEffectsClearing``. Applies to the whole plan, wherever it appears in the chain.
    public func clearingPendingEffects(onWhen clearing: PendingEffectsClearing) throws -> Self {
        try core.checkBuilding()
        core.clearing = clearing
        return self
    }
}
