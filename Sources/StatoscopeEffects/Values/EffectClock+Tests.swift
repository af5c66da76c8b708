import StatoscopeInjection

extension EffectClock {
    /// `true`: a test plan runs its effects' waits on virtual time whichever clock is injected (a
    /// subtree that injects one has a virtual time of its own), and a live test that wants to decide
    /// when time passes injects a manual clock.
    public static var isProvidedByTests: Bool { true }
}

/// A plan's clock stands in for each clock a subtree injects with a plan clock of its own: the
/// subtree's updates read it and its effects wait on it, and the plan moves it apart.
extension EffectClock: StandsInForInjected {
    package func standIn(for injected: EffectClock) -> EffectClock {
        guard let planClock else { return injected }
        return planClock.clock(standingFor: injected).effectClock
    }
}
