import Statoscope
import StatoscopeInjection

/// Runs a plan on the main actor: does what ``PlanStateMachine`` asks, against live scopes.
@MainActor
package enum PlanExecutor {
    /// Runs every line of the plan and returns the failures found, in order.
    ///
    /// Effects are recorded instead of run for the whole call, and the previous setting is restored
    /// however the call ends; update errors reported meanwhile are collected to fail the step that
    /// caused them.
    /// With strict state (or skipped checks shown), each action's changes are compared with what
    /// the checks after it read; what they leave unread is reported when the next action runs, or
    /// when the line ends.
    package static func run(_ core: PlanCore, settings: PlanSettings) -> [PlanFailure] {
        let previous = ScopeRuntime.effectExecution
        ScopeRuntime.effectExecution = .recorded
        defer { ScopeRuntime.effectExecution = previous }
        let run = PlanRun(clearing: core.clearing, tracksState: settings.tracksState)
        let registration = ErrorReporting.addHandler { [weak run] report in run?.capture(report) }
        defer { registration.remove() }
        // What analytics would send, whether or not the app installed it: THEN_Tracked reads it.
        let analytics = Analytics.observe { [weak run] _, event in run?.noteTracked(event) }
        defer { analytics.remove() }
        let observer = ScopeRuntime.lifecycleObserver
        ScopeRuntime.lifecycleObserver = { [weak run] runtime, event, effect in
            observer?(runtime, event, effect)
            run?.noteLifecycle(event, of: effect, in: runtime)
        }
        defer { ScopeRuntime.lifecycleObserver = observer }

        var machine = PlanStateMachine(main: core.main, given: core.given, strict: settings.strictEffects)
        var action = machine.start()
        while true {
            switch action {
            case .build:
                // Each line, a fork's replay included, runs on its own time from zero.
                run.startClock()
                action = machine.built(build(core, into: run))
                if let ledger = run.ledger { ledger.rebase(on: ledger.scopes(of: run)) }
            case .replay(let step):
                run.beginAction(at: step.location)
                let outcome = step.perform(run)
                run.discardReportedErrors()
                // The line the branch forks from checked what its actions changed.
                if let ledger = run.ledger { ledger.rebase(on: ledger.scopes(of: run)) }
                action = machine.replayed(outcome)
            case .perform(let step):
                guard step.isAction, step.changesState else {
                    action = machine.performed(step.perform(run))
                    continue
                }
                run.beginAction(at: step.location)
                let outcome: StepOutcome
                if let missing = run.missingAncestorFailure() {
                    outcome = .failed(.missingAncestor, missing)
                } else if let missing = run.unprovidedDependencyFailure(
                    step: "\(step.keyword.rawValue) \(step.describe())")
                {
                    outcome = .failed(.missingDependency, missing)
                } else {
                    outcome = step.perform(run)
                }
                if let ledger = run.ledger,
                    let unchecked = ledger.actionRan(at: step.location, leaving: ledger.scopes(of: run))
                {
                    machine.record(UncheckedState.report(unchecked, settings: settings))
                }
                action = machine.performed(outcome)
            case .finish(let strict, let end):
                if let unchecked = run.ledger?.takeUnchecked() {
                    machine.record(UncheckedState.report(unchecked, settings: settings))
                }
                action = machine.finished(
                    run.end(
                        strict: strict, showsSkipped: settings.showsSkipped,
                        checksRelease: settings.checksRelease, at: end))
            case .done:
                return machine.failures
            }
        }
    }

    /// Kept apart so that no strong reference to the built scope outlives the line.
    private static func build(_ core: PlanCore, into run: PlanRun) -> StepOutcome {
        do {
            // The builder's reads follow the plan's test context, as the steps' reads do.
            let context = run.testContext(core)
            let building = DependencySnapshot(values: core.injectedValues, context: context)
            let root = try DependencySnapshot.$building.withValue(building) { try core.build() }
            SharedStore.provideForPlan(to: root)
            for inject in core.dependencies { inject(root) }
            root.useDependencies(context)
            run.begin(root: root, at: core.given)
            return run.outcomeOfReportedErrors(during: "GIVEN")
        } catch {
            return .failed(
                .givenThrew,
                """
                GIVEN threw while building the \(core.scopeTypeName)
                expected: a \(core.scopeTypeName)
                actual: threw \(error)
                """)
        }
    }
}
