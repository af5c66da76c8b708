import Statoscope

// Every earlier spelling of StatoscopeTesting, in one place: the earlier Statoscope's, and the
// library's own former ones. Each keeps compiling with a deprecation warning that names its
// replacement, so a test suite moves over one fix-it at a time. A `renamed:` offers a fix-it, so it
// is used only where renaming the call gives code that compiles; elsewhere the message, which starts
// with "use", spells the replacement out.

// The verbs once addressed at a subscope by a key path of their own: `WITH` now says "on this child"
// once for all of them. Each records the same step as before, on the scope the key path leads to.
extension TestPlan {
    /// Checks that an effect equal to `effect` is pending on a subscope.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(effect) }")
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.enqueued(effect, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(effect) }")
    public func THEN_Enqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.enqueued(effect, at: location) }
    }

    /// Checks that a subscope has no pending effect.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NoEffects() }")
    public func THEN_NoEffects<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEffects(at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NoEffects() }")
    public func THEN_NoEffects<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEffects(at: location) }
    }

    /// Checks that no effect of type `E` is pending on a subscope.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NotEnqueued(type) }")
    public func THEN_NotEnqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEnqueued(type, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NotEnqueued(type) }")
    public func THEN_NotEnqueued<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.noEnqueued(type, at: location) }
    }

    /// Checks that a pending effect of type `E` on a subscope has a property equal to `expected`.
    @available(
        *, deprecated,
        message: "use WITH(\\.child) { try $0.THEN_Enqueued(parameter: keyPath, equals: expected) }"
    )
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
    @available(
        *, deprecated,
        message: "use WITH(\\.child) { try $0.THEN_Enqueued(parameter: keyPath, equals: expected) }"
    )
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
    @available(
        *, deprecated, message: "use WITH(\\.child) { try $0.WHEN_EffectCompletes(type, with: result) }"
    )
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
    @available(
        *, deprecated, message: "use WITH(\\.child) { try $0.WHEN_EffectCompletes(type, with: result) }"
    )
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
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_EffectFails(type, with: error) }")
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
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_EffectFails(type, with: error) }")
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
    @available(
        *, deprecated, message: "use WITH(\\.child) { try $0.WHEN_OlderEffectCompletes(with: result) }"
    )
    public func WHEN_OlderEffectCompletes<Child: Scope, Value>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.olderCompletion(with: result, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(
        *, deprecated, message: "use WITH(\\.child) { try $0.WHEN_OlderEffectCompletes(with: result) }"
    )
    public func WHEN_OlderEffectCompletes<Child: Scope, Value>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.olderCompletion(with: result, at: location) }
    }

    /// Checks that no effect equal to `effect` is pending on a subscope any more.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NotEnqueued(effect) }")
    public func THEN_NotEnqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.notEnqueued(effect, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NotEnqueued(effect) }")
    public func THEN_NotEnqueued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.notEnqueued(effect, at: location) }
    }

    /// Checks how many effects of type `E` are pending on a subscope; a negative `count` fails the step.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(type, count: expected) }")
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
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(type, count: expected) }")
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
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(effect, count: expected) }")
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
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(effect, count: expected) }")
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
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Cancelled(effect) }")
    public func THEN_Cancelled<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(effect, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Cancelled(effect) }")
    public func THEN_Cancelled<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(effect, at: location) }
    }

    /// Checks that a subscope cancelled an effect of type `E` during the latest event or completion.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Cancelled(type) }")
    public func THEN_Cancelled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(type, at: location) }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Cancelled(type) }")
    public func THEN_Cancelled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.cancelled(type, at: location) }
    }

    /// Feeds `element` to the pending stream effect of type `E` of a subscope, as
    /// ``WHEN_StreamYields(_:_:fileID:filePath:line:column:)`` does at the root.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_StreamYields(type, element) }")
    public func WHEN_StreamYields<Child: Scope, E: StreamEffect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        _ element: E.Element,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_StreamYields(
                type, element, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_StreamYields(type, element) }")
    public func WHEN_StreamYields<Child: Scope, E: StreamEffect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        _ element: E.Element,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_StreamYields(
                type, element, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Ends the pending stream effect of type `E` of a subscope, as
    /// ``WHEN_StreamEnds(_:fileID:filePath:line:column:)`` does at the root.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_StreamEnds(type) }")
    public func WHEN_StreamEnds<Child: Scope, E: StreamEffect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_StreamEnds(type, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_StreamEnds(type) }")
    public func WHEN_StreamEnds<Child: Scope, E: StreamEffect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_StreamEnds(type, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Fails the pending stream effect of type `E` of a subscope with `error`, as
    /// ``WHEN_StreamFails(_:with:fileID:filePath:line:column:)`` does at the root.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_StreamFails(type, with: error) }")
    public func WHEN_StreamFails<Child: Scope, E: StreamEffect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_StreamFails(
                type, with: error, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_StreamFails(type, with: error) }")
    public func WHEN_StreamFails<Child: Scope, E: StreamEffect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_StreamFails(
                type, with: error, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Checks that an effect of type `E` is pending on a subscope and has not started yet, as
    /// ``THEN_Scheduled(_:fileID:filePath:line:column:)`` does at the root.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Scheduled(type) }")
    public func THEN_Scheduled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_Scheduled(type, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Scheduled(type) }")
    public func THEN_Scheduled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_Scheduled(type, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Moves the subscope's clock forward by `duration`, as
    /// ``WHEN_TimePasses(_:fileID:filePath:line:column:)`` inside `WITH` does: the plan's clock, or the
    /// virtual time of a subtree that injects a clock of its own.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_TimePasses(duration) }")
    public func WHEN_TimePasses<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ duration: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_TimePasses(duration, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.WHEN_TimePasses(duration) }")
    public func WHEN_TimePasses<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ duration: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.WHEN_TimePasses(duration, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Checks where the latest effect of type `E` of a subscope is in its life, as
    /// ``THEN_EffectStatus(_:is:fileID:filePath:line:column:)`` does at the root.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_EffectStatus(type, is: expected) }")
    public func THEN_EffectStatus<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        is expected: EffectStatus,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_EffectStatus(
                type, is: expected, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// The same, for a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_EffectStatus(type, is: expected) }")
    public func THEN_EffectStatus<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        is expected: EffectStatus,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_EffectStatus(
                type, is: expected, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Checks the value of a shared key as a subscope reads it.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Shared(key, equals: expected) }")
    public func THEN_Shared<Child: Scope, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ key: SharedKey<Value>,
        equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_Shared(
                key, equals: expected, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}

// The earlier Statoscope's spellings of the effect verbs.
extension TestPlan {
    /// Checks that an effect equal to `effect` is pending.
    @available(*, deprecated, renamed: "THEN_Enqueued(_:fileID:filePath:line:column:)")
    public func THEN_EnquedEffect<E: Effect & Equatable>(
        _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(effect, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that a pending effect of type `E` has a property equal to `expected`.
    @available(*, deprecated, renamed: "THEN_Enqueued(parameter:equals:fileID:filePath:line:column:)")
    public func THEN_EnquedEffect<E: Effect, Value: Equatable>(
        _ keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(
            parameter: keyPath, equals: expected, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks that a pending effect of type `E` has a property equal to `expected`.
    @available(*, deprecated, renamed: "THEN_Enqueued(parameter:equals:fileID:filePath:line:column:)")
    public func THEN_EnquedEffect<E: Effect, Value: Equatable>(
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(
            parameter: keyPath, equals: expected, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Checks that no effect of type `E` is pending.
    @available(*, deprecated, renamed: "THEN_NotEnqueued(_:fileID:filePath:line:column:)")
    public func THEN_NoEnquedEffect<E: Effect>(
        _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_NotEnqueued(type, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that an effect equal to `effect` is pending on a subscope.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(effect) }")
    public func THEN_Enqued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(subscope(), effect, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The same, for a subscope held by an optional property.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_Enqueued(effect) }")
    public func THEN_Enqued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(subscope(), effect, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that no effect of type `E` is pending on a subscope.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NotEnqueued(type) }")
    public func THEN_NoEnquedEffect<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_NotEnqueued(subscope(), type, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that a pending effect of type `E` on a subscope has a property equal to `expected`.
    @available(
        *, deprecated,
        message: "use WITH(\\.child) { try $0.THEN_Enqueued(parameter: keyPath, equals: expected) }"
    )
    public func THEN_EnquedEffect<Child: Scope, E: Effect, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(
            subscope(), parameter: keyPath, equals: expected, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// The same, for a subscope held by an optional property.
    @available(*, deprecated, message: "use WITH(\\.child) { try $0.THEN_NotEnqueued(type) }")
    public func THEN_NoEnquedEffect<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_NotEnqueued(subscope(), type, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The same, for a subscope held by an optional property.
    @available(
        *, deprecated,
        message: "use WITH(\\.child) { try $0.THEN_Enqueued(parameter: keyPath, equals: expected) }"
    )
    public func THEN_EnquedEffect<Child: Scope, E: Effect, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(
            subscope(), parameter: keyPath, equals: expected, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}

// The earlier Statoscope's spellings of events, checks and settings.
extension TestPlan {
    /// Sends `when` to a subscope.
    @available(*, deprecated, renamed: "WHEN(_:_:fileID:filePath:line:column:)")
    public func AND<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try WHEN(subscope(), when, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `when` to a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, renamed: "WHEN(_:_:fileID:filePath:line:column:)")
    public func AND<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try WHEN(subscope(), when, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `when`, expecting `update` to throw.
    @available(*, deprecated, renamed: "WHEN_Throws(_:fileID:filePath:line:column:)")
    public func throwsWHEN(
        _ when: S.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try WHEN_Throws(when, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `check` on the whole scope; an error it throws fails the step. The replacement takes
    /// `\.self` for the whole scope: `THEN(\.self) { scope in ... }`.
    ///
    /// A rename cannot add the `\.self` argument, so the deprecation says the replacement in its
    /// message instead of offering a fix-it that would not compile.
    @available(*, deprecated, message: "use THEN(\\.self) { scope in ... }")
    public func THEN(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ check: @escaping @MainActor (S) throws -> Void
    ) throws -> Self {
        try THEN(\S.self, fileID: fileID, filePath: filePath, line: line, column: column, check)
    }

    /// Cancels the tested scope's pending effects before each event (`true`), or keeps them
    /// (`false`). The replacement takes ``PendingEffectsClearing/thisScope`` or
    /// ``PendingEffectsClearing/none``.
    ///
    /// A rename would keep the `Bool`, which the replacement does not take, so the deprecation says
    /// the replacement in its message instead of offering a fix-it that would not compile.
    @available(
        *, deprecated,
        message:
            "use clearingPendingEffects(onWhen: .thisScope) for true, clearingPendingEffects(onWhen: .none) for false"
    )
    public func configure(clearEffectsOnEveryWhenOrEnd clears: Bool) throws -> Self {
        try clearingPendingEffects(onWhen: clears ? .thisScope : .none)
    }
}

extension Scope {
    /// The scope's pending effects, as first enqueued.
    @available(*, deprecated, renamed: "effectsState.effects")
    public var effects: [any Effect] { effectsState.effects }
}
