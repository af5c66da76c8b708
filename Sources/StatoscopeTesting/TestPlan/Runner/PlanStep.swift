/// What a step did when it ran.
package enum StepOutcome: Sendable, Equatable {
    case passed
    case failed(PlanFailure.Kind, String)
}

/// The Given/When/Then word a step is shown with in the plan's specification.
package enum SpecKeyword: String, Sendable {
    case given = "Given"
    case when = "When"
    case then = "Then"
    case and = "And"
    case fork = "Fork"
    case with = "With"
}

/// One step of a plan, as the test wrote it.
///
/// Steps are data for the ``PlanStateMachine``, which decides what runs when from ``role`` alone, and
/// closures for the executor, which runs ``perform`` against the live scopes.
package struct PlanStep {
    /// How the runner treats a step.
    package enum Role {
        /// Changes the state (an event, an effect's completion): replayed by forks, and a failure
        /// stops its line, since every later step would fail for the same reason.
        case action
        /// Asserts: skipped by replays, and a failure lets its line go on.
        case check
        /// Runs `line` from the state this point left, after the line it belongs to ends.
        case fork(PlanLine)
        /// Shown in the specification only (`WITH`'s heading).
        case note
    }

    package let role: Role
    package let keyword: SpecKeyword
    package let location: StepLocation
    /// Nesting depth in the specification: one more inside `WITH` and `FORK` bodies.
    package let depth: Int
    /// The step in words, for the specification; on the main actor because it may read key paths.
    package let describe: @MainActor () -> String
    /// Runs the step against the scopes of the run.
    package let perform: @MainActor (PlanRun) -> StepOutcome
    /// Whether the step may change the scopes' state, so strict state compares it: false for an
    /// action that only changes how the plan runs.
    package let changesState: Bool

    package init(
        role: Role, keyword: SpecKeyword, location: StepLocation, depth: Int,
        describe: @escaping @MainActor () -> String, changesState: Bool = true,
        perform: @escaping @MainActor (PlanRun) -> StepOutcome
    ) {
        self.role = role
        self.keyword = keyword
        self.location = location
        self.depth = depth
        self.describe = describe
        self.perform = perform
        self.changesState = changesState
    }

    /// Whether replaying the steps before a fork performs this one.
    package var isAction: Bool {
        if case .action = role { return true }
        return false
    }
}

/// A list of steps run from one freshly built scope: the plan's main line, or a fork's branch.
///
/// A class, so the plans handed to `FORK` and `WITH` bodies append to the line they belong to.
package final class PlanLine {
    package private(set) var steps: [PlanStep] = []
    /// Where the line ends: `runTest()` for the main line, the `FORK` call for a branch. Effects still
    /// pending when a strict line ends are reported there.
    package var end: StepLocation

    package init(end: StepLocation) {
        self.end = end
    }

    package func append(_ step: PlanStep) {
        steps.append(step)
    }
}
