import Statoscope

extension TestPlan: CustomStringConvertible {
    /// Runs the plan: every step, in order, then every `FORK` branch; reports each failure at its
    /// step's line.
    ///
    /// Callable from any context. It runs on the main actor, in place when the caller is already on
    /// the main queue and otherwise by blocking on `DispatchQueue.main`, so scopes stay main-actor
    /// isolated while nonisolated `XCTestCase` methods run plans as written. Effects are recorded
    /// instead of run for the length of the call.
    ///
    /// After the run, every scope the plan built or reached must be released; effects still pending
    /// fail a strict plan (see ``strictEffects(_:)``). With the environment variable
    /// `STATOSCOPE_SPECS_DIR` set to a folder, the plan also writes its specification there.
    ///
    /// Throws if the plan already ran.
    ///
    /// `assertRelease: false` lets scopes still alive after the run pass; `assertNoPendingEffects`,
    /// unless `nil`, says whether effects still pending fail the plan (as ``strictEffects(_:)`` does).
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func sample(plan: TestPlan<App>) throws { try plan … } -->
    /// ```swift
    /// .runTest(assertRelease: false)    // a scope the test keeps on purpose
    /// ```
    public func runTest(
        assertRelease: Bool = true, assertNoPendingEffects: Bool? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws {
        try run(
            checksRelease: assertRelease, strictEffects: assertNoPendingEffects,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func run(checksRelease: Bool, strictEffects: Bool?, at location: StepLocation) throws {
        let core = self.core
        try core.markRun()
        core.main.end = location
        // Task-local settings are read here, on the caller: the main queue does not see them.
        let settings = PlanSettings(
            strictEffects: strictEffects ?? core.strict ?? TestPlanDefaults.strictEffects,
            strictState: core.strictState ?? TestPlanDefaults.strictState,
            showsSkipped: core.showsSkipped ?? TestPlanDefaults.showsSkipped, checksRelease: checksRelease)
        let folder = SpecificationWriter.folder
        let (failures, specification) = MainQueue.sync { () -> ([PlanFailure], String?) in
            let failures = PlanExecutor.run(core, settings: settings)
            return (failures, folder == nil ? nil : Specification.render(core, failures: failures))
        }
        // Reported back on the caller, where the running test can be found.
        for failure in failures {
            PlanIssueReporter.report(failure)
        }
        if let folder, let specification {
            SpecificationWriter.write(specification, for: core, to: folder)
        }
    }

    /// The plan as a Markdown Given/When/Then specification, for readers who do not read Swift.
    ///
    /// ```markdown
    /// - **Given** a `Counter`
    /// - **When** user tapped increment button
    /// - **Then** view displays total count is `1`
    /// ```
    public var specification: String {
        let core = self.core
        return MainQueue.sync { Specification.render(core, failures: nil) }
    }

    /// The plan's ``specification``, so `print(plan)` shows it.
    public var description: String { specification }
}
