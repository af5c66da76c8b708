import Statoscope

extension TestPlan {
    /// Adds a branch: what happens if `when` arrives at this point instead of what the plan does next.
    ///
    /// The branch runs, after the main line, from a scope built anew by `GIVEN` and brought to this
    /// point by replaying the events and completions before it; then `when` is sent and the branch's
    /// own steps run. The main line goes on as if the branch did not exist. Branches nest.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Counter>) throws { _ = try plan … } -->
    /// ```swift
    /// .FORK(.networkPostCompleted(.failure(CancellationError()))) { sut in
    ///     try sut.THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
    /// }
    /// ```
    ///
    /// Effects still pending at the end of a branch of a strict plan are reported at this line.
    public func FORK(
        _ when: S.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) { try $0.event(when, .when, at: location) }
    }

    /// Adds a branch that starts by completing the pending effect of type `E` with `result`; see
    /// ``FORK(_:fileID:filePath:line:column:_:)`` and
    /// ``WHEN_EffectCompletes(_:with:fileID:filePath:line:column:)``.
    public func FORK_EffectCompletes<E: Effect>(
        _ type: E.Type, with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) {
            try $0.completion(type, .success(result), .when, at: location)
        }
    }

    /// Adds a branch that starts by failing the pending effect of type `E` with `error`.
    public func FORK_EffectFails<E: Effect>(
        _ type: E.Type, with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) {
            try $0.completion(type, .failure(error), .when, at: location)
        }
    }

    func fork(
        at location: StepLocation, _ branch: (TestPlan<S>) throws -> TestPlan<S>,
        start: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        try core.checkBuilding()
        let branchLine = PlanLine(end: location)
        line.append(
            PlanStep(
                role: .fork(branchLine), keyword: .fork, location: location, depth: depth,
                describe: { "another outcome:" }, perform: { _ in .passed }))
        let handle = TestPlan(core: core, line: branchLine, path: path, depth: depth + 1)
        _ = try building { try branch(try start(handle)) }
        return self
    }
}
