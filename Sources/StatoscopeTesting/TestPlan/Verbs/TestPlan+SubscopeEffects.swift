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
        _ = try addressing(subscope).enqueued(effect, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueued(effect, at: location)
        return self
    }

    /// Checks that a subscope has no pending effect.
    public func THEN_NoEffects<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).noEffects(at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_NoEffects<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).noEffects(at: location)
        return self
    }

    /// Checks that no effect of type `E` is pending on a subscope.
    public func THEN_NotEnqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).noEnqueued(type, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_NotEnqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).noEnqueued(type, at: location)
        return self
    }

    /// Checks that a pending effect of type `E` on a subscope has a property equal to `expected`.
    public func THEN_Enqueued<Child: Scope, E: Effect, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueued(parameter: keyPath, equals: expected, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueued(parameter: keyPath, equals: expected, at: location)
        return self
    }

    /// Completes the pending effect of type `E` of a subscope with `result`.
    public func WHEN_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).completion(type, .success(result), .when, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func WHEN_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).completion(type, .success(result), .when, at: location)
        return self
    }

    /// Fails the pending effect of type `E` of a subscope with `error`.
    public func WHEN_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).completion(type, .failure(error), .when, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func WHEN_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).completion(type, .failure(error), .when, at: location)
        return self
    }

    /// Completes the oldest pending effect of a subscope with `result`.
    public func WHEN_OlderEffectCompletes<Child: Scope, Value>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).olderCompletion(with: result, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func WHEN_OlderEffectCompletes<Child: Scope, Value>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).olderCompletion(with: result, at: location)
        return self
    }

    /// Checks that no effect equal to `effect` is pending on a subscope any more.
    public func THEN_NotEnqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).notEnqueued(effect, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_NotEnqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).notEnqueued(effect, at: location)
        return self
    }

    /// Checks how many effects of type `E` are pending on a subscope; a negative `count` fails the step.
    public func THEN_Enqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueuedCount(type, expected, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueuedCount(type, expected, at: location)
        return self
    }

    /// Checks how many pending effects equal `effect` on a subscope; a negative `count` fails the step.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueuedCount(of: effect, expected, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).enqueuedCount(of: effect, expected, at: location)
        return self
    }

    /// Checks that a subscope cancelled an effect equal to `effect` during the latest event or
    /// completion.
    public func THEN_Cancelled<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).cancelled(effect, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Cancelled<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).cancelled(effect, at: location)
        return self
    }

    /// Checks that a subscope cancelled an effect of type `E` during the latest event or completion.
    public func THEN_Cancelled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).cancelled(type, at: location)
        return self
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    public func THEN_Cancelled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try addressing(subscope).cancelled(type, at: location)
        return self
    }

    /// Adds a branch that starts by completing the pending effect of type `E` of a subscope.
    public func FORK_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) { plan in
            _ = try plan.addressing(subscope).completion(type, .success(result), .when, at: location)
            return plan
        }
    }

    /// The same, for a subscope held by an optional property; the branch fails while it is nil.
    public func FORK_EffectCompletes<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) { plan in
            _ = try plan.addressing(subscope).completion(type, .success(result), .when, at: location)
            return plan
        }
    }

    /// Adds a branch that starts by failing the pending effect of type `E` of a subscope.
    public func FORK_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) { plan in
            _ = try plan.addressing(subscope).completion(type, .failure(error), .when, at: location)
            return plan
        }
    }

    /// The same, for a subscope held by an optional property; the branch fails while it is nil.
    public func FORK_EffectFails<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ branch: (TestPlan<S>) throws -> TestPlan<S>
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try fork(at: location, branch) { plan in
            _ = try plan.addressing(subscope).completion(type, .failure(error), .when, at: location)
            return plan
        }
    }
}
