@_spi(StatoscopeInternals) import StatoscopeCore

/// What the end of an attempt that a test plan gave by hand comes to.
package enum AttemptEnd: Sendable {
    /// Deliver this: the effect's last outcome, through its chain.
    case deliver(EffectOutcome)
    /// Wait this long, on the plan's clock, then run the next attempt; `notice` sends the scope the
    /// event it asked for each retry, if any, before the wait.
    case retry(after: Duration, notice: (@MainActor @Sendable (AnyObject) -> Void)?)
}
