/// Runs one program on the live runtime and as a test plan, and finds the first step after which
/// the two disagree.
@MainActor
enum DifferentialCheck {
    /// Where a program's two runs first disagree, and how.
    struct Disagreement: CustomStringConvertible {
        /// The program, the step that presents the first child included.
        let program: [DifferentialStep]
        let actions: [DifferentialAction]
        /// The first step after which the runs disagree.
        let step: Int
        /// What each side had, or what went wrong.
        let details: String

        var description: String {
            let steps = program.indices.map { index in
                let action = index < actions.count ? " (\(actions[index]))" : ""
                return "  \(index). \(program[index])\(action)"
            }
            return """
                The plan and the live run disagree after step \(step) of this program of \(program.count) steps:
                \(steps.joined(separator: "\n"))
                \(details)
                """
        }
    }

    /// Checks `steps`, after a first step that presents a child; nil when both runs agree after every
    /// step. `fault` plants a mistake in the plan's side.
    static func run(_ steps: [DifferentialStep], fault: PlanInterpreter.Fault? = nil) async -> Disagreement? {
        let program = [.presentChild] + steps
        let live = await LiveInterpreter(program: program).run()
        let plan = PlanInterpreter.run(
            Array(live.actions.prefix(live.snapshots.count)), checking: live.snapshots, fault: fault)
        func disagreement(at step: Int, _ details: String) -> Disagreement {
            Disagreement(program: program, actions: live.actions, step: step, details: details)
        }

        for (index, liveState) in live.snapshots.enumerated() {
            let failures = plan.failures.filter { $0.step == index }.map(\.message)
            let failed =
                failures.isEmpty ? "" : "The plan failed at that step:\n\(failures.joined(separator: "\n"))\n"
            guard let planState = plan.snapshots[index] else {
                return disagreement(
                    at: index,
                    "\(failed)The plan never got to that step's end; the live run had: \(liveState)")
            }
            let differences = liveState.differences(from: planState, "live", "plan")
            if !differences.isEmpty || !failures.isEmpty {
                return disagreement(
                    at: index,
                    """
                    \(differences.map { $0 + "\n" }.joined())\(failed)live run: \(liveState)
                    plan:     \(planState)
                    """)
            }
        }
        if let (step, reason) = live.unsettled {
            return disagreement(at: step, "The live run never came to rest after that step: \(reason)")
        }
        if let failure = plan.failures.first {
            return disagreement(
                at: failure.step ?? program.count - 1,
                "The plan failed after its last step: \(failure.message)")
        }
        return nil
    }
}
