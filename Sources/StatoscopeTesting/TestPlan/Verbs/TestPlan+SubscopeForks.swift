import Statoscope

// The branches that start with a subscope's effect completing or failing. `WITH` cannot say this:
// the branch goes on addressing this plan's scope, not the subscope.
extension TestPlan {
    /// Adds a branch that starts by completing the pending effect of type `E` of a subscope.
    public func FORK_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        try forkCompletion(
            path.appending(subscope), type, .success(result), branch,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The same, for a subscope held by an optional property; the branch fails while it is nil.
    public func FORK_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        try forkCompletion(
            path.appending(subscope), type, .success(result), branch,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Adds a branch that starts by failing the pending effect of type `E` of a subscope.
    public func FORK_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        try forkCompletion(
            path.appending(subscope), type, .failure(error), branch,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The same, for a subscope held by an optional property; the branch fails while it is nil.
    public func FORK_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        try forkCompletion(
            path.appending(subscope), type, .failure(error), branch,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A branch that starts by completing, or failing, the pending effect of type `E` of the subscope
    /// `childPath` leads to.
    private func forkCompletion<Child: Scope, E: Effect>(
        _ childPath: ScopePath<Child>, _ type: E.Type, _ outcome: Result<E.ResultType, any Error>,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>, at location: StepLocation
    ) throws -> Self {
        try fork(at: location, branch) { plan in
            try plan.addressing(childPath) { try $0.completion(type, outcome, .when, at: location) }
        }
    }
}
