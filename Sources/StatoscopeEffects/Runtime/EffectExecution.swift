@_spi(StatoscopeInternals) import StatoscopeCore

/// What happens to the effects an update enqueued once it returns.
package enum EffectExecution: Sendable {
    /// They run: the normal case.
    case running
    /// They stay in flight without running, for a test plan to complete by hand.
    case recorded
    /// They are dropped: a replay reproduces their completions from the recording instead.
    case discarded
}

/// How the main actor runs effects now: the execution mode, and who watches every effect's steps
/// (see `ScopeRuntime+Effects.swift`). Only constants as initial values, so that the global holding
/// them needs no setting up on first use, and reading it costs one load.
struct EffectRunning {
    var execution = EffectExecution.running
    /// Told of every step of every effect's lifecycle, for logging and for the flight recorder.
    var hooks = LifecycleHooks()
}

extension ScopeRuntime {
    /// How effects run now.
    // Global because it is a mode of the whole main actor, not of a scope: a test plan or a replay
    // sets it for the duration of a synchronous run, and every scope it reaches follows it.
    // SAFETY: Sound because only the main actor touches it, and no access spans other code: the mode
    // is loaded and stored, and a plan or a replay sets it around a synchronous run; `notify` copies the hooks out before calling them, so a hook that enables or disables
    // logging or a flight recorder changes the global after the read ended, and the setters swap the
    // old hook out before releasing it. The mode is read once per effect committed, the hooks once per
    // step of every effect: hot.
    @exclusivity(unchecked) static var effectRunning = EffectRunning()

    /// What happens to effects when the update that enqueued them returns.
    package static var effectExecution: EffectExecution {
        get { effectRunning.execution }
        set { effectRunning.execution = newValue }
    }
}
