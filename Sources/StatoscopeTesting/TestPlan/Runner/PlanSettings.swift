/// How strict one run of a plan is: the plan's own settings over the task's defaults, read on the
/// test's thread before the run hops to the main actor (which does not see task-local values).
package struct PlanSettings: Sendable {
    /// Effects still pending at the end of a line fail the plan.
    package var strictEffects: Bool
    /// A change an action makes that no check reads before the next action fails the plan.
    package var strictState: Bool
    /// What a lenient setting lets pass is printed, as a note, rather than silently passed.
    package var showsSkipped: Bool
    /// Scopes still alive after a line fail the plan.
    package var checksRelease: Bool

    package init(
        strictEffects: Bool, strictState: Bool = false, showsSkipped: Bool = false, checksRelease: Bool = true
    ) {
        self.strictEffects = strictEffects
        self.strictState = strictState
        self.showsSkipped = showsSkipped
        self.checksRelease = checksRelease
    }

    /// Whether the run compares the state between steps at all.
    var tracksState: Bool { strictState || showsSkipped }
}
