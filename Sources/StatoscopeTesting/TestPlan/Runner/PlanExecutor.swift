import Statoscope

/// Runs a plan on the main actor: does what ``PlanStateMachine`` asks, against live scopes.
@MainActor
package enum PlanExecutor {
    /// Runs every line of the plan and returns the failures found, in order.
    ///
    /// Effects are recorded instead of run for the whole call, and the previous setting is restored
    /// however the call ends; update errors reported meanwhile are collected to fail the step that
    /// caused them.
    package static func run(_ core: PlanCore, strict: Bool) -> [PlanFailure] {
        let previous = ScopeRuntime.effectExecution
        ScopeRuntime.effectExecution = .recorded
        defer { ScopeRuntime.effectExecution = previous }

        let run = PlanRun(clearing: core.clearing)
        let registration = ErrorReporting.addHandler { [weak run] report in run?.capture(report) }
        defer { registration.remove() }
        let observer = ScopeRuntime.lifecycleObserver
        ScopeRuntime.lifecycleObserver = { [weak run] runtime, event, effect in
            observer?(runtime, event, effect)
            if case .cancelled = event { run?.noteCancelled(effect, ofScope: runtime.scopeID) }
        }
        defer { ScopeRuntime.lifecycleObserver = observer }

        var machine = PlanStateMachine(main: core.main, given: core.given, strict: strict)
        var action = machine.start()
        while true {
            switch action {
            case .build:
                action = machine.built(build(core, into: run))
            case .replay(let step):
                run.beginAction()
                let outcome = step.perform(run)
                run.discardReportedErrors()
                action = machine.replayed(outcome)
            case .perform(let step):
                if step.isAction { run.beginAction() }
                action = machine.performed(step.perform(run))
            case .finish(let strict, let end):
                action = machine.finished(run.end(strict: strict, at: end))
            case .done:
                return machine.failures
            }
        }
    }

    /// Kept apart so that no strong reference to the built scope outlives the line.
    private static func build(_ core: PlanCore, into run: PlanRun) -> StepOutcome {
        do {
            let root = try core.build()
            for inject in core.dependencies { inject(root) }
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
