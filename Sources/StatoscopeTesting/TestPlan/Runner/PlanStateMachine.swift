/// Decides the order in which a plan's steps run, and collects the failures they report.
///
/// Plain data with no scope, no actor and no test framework: it hands out ``Action``s and learns
/// their outcomes through events, while ``PlanExecutor`` does the work. So the rules below are tested
/// by feeding it outcomes, without building a single scope.
///
/// - Lines: the main line runs first, from a freshly built scope. A `FORK` met on a line is queued;
///   once the line ends, each queued branch runs from a scope built anew, after a replay of the
///   actions (events, completions) that led to its fork point, so it sees exactly the state of that
///   point and the line it forks from never sees its steps.
/// - A failed check is recorded and its line goes on. A failed action is recorded and ends its line:
///   the state is no longer the one the later steps were written for. Forks after it are not run.
/// - A replay that fails, or a rebuild that throws, means the plan is not deterministic; the branch is
///   dropped with a ``PlanFailure/Kind/forkDiverged`` failure at its `FORK`.
package struct PlanStateMachine {
    /// What the executor must do next.
    package enum Action {
        /// Build the line's root scope with `GIVEN`'s builder, then call ``built(_:)``.
        case build
        /// Perform this action again to rebuild a fork's state, then call ``replayed(_:)``.
        case replay(PlanStep)
        /// Perform this step, then call ``performed(_:)``.
        case perform(PlanStep)
        /// End the line: check pending effects when `strict`, release the scopes and check they are
        /// gone; then call ``finished(_:)`` with what was found.
        case finish(strict: Bool, end: StepLocation)
        /// The plan has run; ``failures`` holds everything found.
        case done
    }

    /// A run of actions to replay: the first `count` steps of `line`, actions only.
    private struct Segment {
        let line: PlanLine
        let count: Int
    }

    /// A line waiting to run, with what to replay before it.
    private struct Branch {
        let line: PlanLine
        let prefix: [Segment]
        var isFork: Bool { !prefix.isEmpty }
    }

    private enum State {
        case idle
        case building
        case replaying(segment: Int, index: Int)
        case running(index: Int)
        case finishing
        case done
    }

    private let given: StepLocation
    private let strict: Bool
    private var current: Branch
    private var queue: [Branch] = []
    private var queueHead = 0
    private var state = State.idle

    /// Every failure found so far, in the order found.
    package private(set) var failures: [PlanFailure] = []

    package init(main: PlanLine, given: StepLocation, strict: Bool) {
        self.given = given
        self.strict = strict
        self.current = Branch(line: main, prefix: [])
    }

    /// Adds failures found between steps: changes strict state saw left unchecked.
    package mutating func record(_ found: [PlanFailure]) {
        failures.append(contentsOf: found)
    }

    /// Starts the run with the main line.
    package mutating func start() -> Action {
        guard case .idle = state else { preconditionFailure("a plan's run starts once") }
        state = .building
        return .build
    }

    /// The line's root scope was built, or its builder threw.
    package mutating func built(_ outcome: StepOutcome) -> Action {
        guard case .building = state else { preconditionFailure("built(_:) answers .build") }
        if case .failed(let kind, let message) = outcome {
            if current.isFork {
                failures.append(
                    PlanFailure(
                        .forkDiverged, "FORK: GIVEN threw when the branch rebuilt its scope: \(message)",
                        at: current.line.end))
            } else {
                // A dependency the builder read without the plan providing it is named as one.
                let kind: PlanFailure.Kind = kind == .missingDependency ? kind : .givenThrew
                failures.append(PlanFailure(kind, message, at: given))
            }
            return finishLine()
        }
        return nextReplay(segment: 0, index: 0)
    }

    /// A replayed action finished.
    package mutating func replayed(_ outcome: StepOutcome) -> Action {
        guard case .replaying(let segment, let index) = state else {
            preconditionFailure("replayed(_:) answers .replay")
        }
        if case .failed(_, let message) = outcome {
            let step = current.prefix[segment].line.steps[index]
            failures.append(
                PlanFailure(
                    .forkDiverged,
                    """
                    FORK: replaying the step at line \(step.location.line) to reach the fork point \
                    failed, although it passed on the line the branch forks from: \(message)
                    """, at: current.line.end))
            return finishLine()
        }
        return nextReplay(segment: segment, index: index + 1)
    }

    /// A step of the line finished.
    package mutating func performed(_ outcome: StepOutcome) -> Action {
        guard case .running(let index) = state else { preconditionFailure("performed(_:) answers .perform") }
        let step = current.line.steps[index]
        if case .failed(let kind, let message) = outcome {
            failures.append(PlanFailure(kind, message, at: step.location))
            if step.isAction { return finishLine() }
        }
        return nextStep(from: index + 1)
    }

    /// The line ended; `lineFailures` is what ending it found (pending effects, leaked scopes).
    package mutating func finished(_ lineFailures: [PlanFailure]) -> Action {
        guard case .finishing = state else { preconditionFailure("finished(_:) answers .finish") }
        failures.append(contentsOf: lineFailures)
        guard queueHead < queue.count else {
            state = .done
            return .done
        }
        current = queue[queueHead]
        queueHead += 1
        state = .building
        return .build
    }

    private mutating func nextReplay(segment: Int, index: Int) -> Action {
        var segment = segment
        var index = index
        while segment < current.prefix.count {
            let run = current.prefix[segment]
            let steps = run.line.steps
            while index < run.count {
                if steps[index].isAction {
                    state = .replaying(segment: segment, index: index)
                    return .replay(steps[index])
                }
                index += 1
            }
            segment += 1
            index = 0
        }
        return nextStep(from: 0)
    }

    private mutating func nextStep(from start: Int) -> Action {
        let steps = current.line.steps
        var index = start
        while index < steps.count {
            switch steps[index].role {
            case .action, .check:
                state = .running(index: index)
                return .perform(steps[index])
            case .fork(let branch):
                queue.append(
                    Branch(line: branch, prefix: current.prefix + [Segment(line: current.line, count: index)])
                )
            case .note:
                break
            }
            index += 1
        }
        return finishLine()
    }

    private mutating func finishLine() -> Action {
        state = .finishing
        return .finish(strict: strict, end: current.line.end)
    }
}
