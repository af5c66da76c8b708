/// What happens to the effects an update enqueued once it returns.
package enum EffectExecution: Sendable {
    /// They run: the normal case.
    case running
    /// They stay in flight without running, for a test plan to complete by hand.
    case recorded
    /// They are dropped: a replay reproduces their completions from the recording instead.
    case discarded
}
