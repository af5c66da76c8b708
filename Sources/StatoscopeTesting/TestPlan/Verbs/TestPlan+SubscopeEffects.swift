import Statoscope

// The effect verbs addressed at a subscope: each records the same step as its root-scope
// counterpart, on the scope the key path leads to.
extension TestPlan {
    /// Checks that an effect equal to `effect` is pending on a subscope.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.enqueued(effect, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.enqueued(effect, at: location) }
    }

    /// Checks that a subscope has no pending effect.
    public func THEN_NoEffects<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEffects(at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_NoEffects<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEffects(at: location) }
    }

    /// Checks that no effect of type `E` is pending on a subscope.
    public func THEN_NotEnqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEnqueued(type, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_NotEnqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEnqueued(type, at: location) }
    }

    /// Checks that a pending effect of type `E` on a subscope has a property equal to `expected`.
    public func THEN_Enqueued<Child: Scope, E: Effect, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.enqueued(parameter: keyPath, equals: expected, at: location)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.enqueued(parameter: keyPath, equals: expected, at: location)
        }
    }

    /// Completes the pending effect of type `E` of a subscope with `result`.
    public func WHEN_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.completion(type, .success(result), .when, at: location)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func WHEN_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.completion(type, .success(result), .when, at: location)
        }
    }

    /// Fails the pending effect of type `E` of a subscope with `error`.
    public func WHEN_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.completion(type, .failure(error), .when, at: location)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func WHEN_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.completion(type, .failure(error), .when, at: location)
        }
    }

    /// Completes the oldest pending effect of a subscope with `result`.
    public func WHEN_OlderEffectCompletes<Child: Scope, Value>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.olderCompletion(with: result, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func WHEN_OlderEffectCompletes<Child: Scope, Value>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.olderCompletion(with: result, at: location) }
    }

    /// Checks that no effect equal to `effect` is pending on a subscope any more.
    public func THEN_NotEnqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.notEnqueued(effect, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_NotEnqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.notEnqueued(effect, at: location) }
    }

    /// Checks how many effects of type `E` are pending on a subscope; a negative `count` fails the step.
    public func THEN_Enqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.enqueuedCount(type, expected, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.enqueuedCount(type, expected, at: location) }
    }

    /// Checks how many pending effects equal `effect` on a subscope; a negative `count` fails the step.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.enqueuedCount(of: effect, expected, at: location)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) {
            try $0.enqueuedCount(of: effect, expected, at: location)
        }
    }

    /// Checks that a subscope cancelled an effect equal to `effect` during the latest event or
    /// completion.
    public func THEN_Cancelled<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(effect, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Cancelled<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(effect, at: location) }
    }

    /// Checks that a subscope cancelled an effect of type `E` during the latest event or completion.
    public func THEN_Cancelled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(type, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Cancelled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(type, at: location) }
    }

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
