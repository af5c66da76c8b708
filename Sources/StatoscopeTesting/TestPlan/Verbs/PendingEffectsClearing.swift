import Statoscope

/// Which pending effects a plan cancels before each event it sends with `WHEN` (or `AND`, or a
/// `FORK`'s event). Set it with ``TestPlan/clearingPendingEffects(onWhen:)``.
///
/// A plan that only cares about state can then leave effects uncompleted without asserting each
/// one. Completions (`WHEN_EffectCompletes` and its siblings) never clear: they would remove the very
/// effect they complete.
public enum PendingEffectsClearing: Sendable {
    /// Keep every pending effect: the default.
    case none
    /// Cancel the pending effects of the scope the event is sent to.
    case thisScope
    /// Cancel the pending effects of every scope the plan has reached: its root and the subscopes it
    /// addressed through `WITH` or `WHEN(\.child, ...)`.
    case allScopes
    /// Cancel, in every scope the plan has reached, the pending effects whose pristine value matches.
    case matching(@Sendable (any Effect) -> Bool)
}
