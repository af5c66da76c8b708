import StatoscopeInjection

extension EffectClock {
    /// `true`: a test plan runs its effects' waits on virtual time whichever clock is injected, and a
    /// live test that wants to decide when time passes injects a manual clock.
    public static var isProvidedByTests: Bool { true }
}
