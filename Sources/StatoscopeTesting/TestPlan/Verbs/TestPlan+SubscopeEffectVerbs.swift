import Statoscope

// The stream, time and status verbs addressed at a subscope: each records the same step as its root-scope
// counterpart, on the scope the key path leads to (the other effect verbs' subscope forms are in
// TestPlan+SubscopeEffects.swift).
extension TestPlan {
    /// Feeds `element` to the pending stream effect of type `E` of a subscope, as
    /// ``WHEN_StreamYields(_:_:fileID:filePath:line:column:)`` does at the root.
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
    public func THEN_Scheduled<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_Scheduled(type, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Moves the plan's clock forward by `duration`, as
    /// ``WHEN_TimePasses(_:fileID:filePath:line:column:)`` does, reporting what the updates it causes
    /// throw at a subscope's step. The clock is the plan's: every scope's waits move with it.
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
}
