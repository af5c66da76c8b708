import Statoscope

// The earlier Statoscope's spellings of the effect verbs. They keep compiling, each with a
// deprecation warning that names its replacement, so a test suite moves over one fix-it at a time;
// each calls its replacement, so the two cannot drift apart.
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
    @available(*, deprecated, renamed: "THEN_Enqueued(_:_:fileID:filePath:line:column:)")
    public func THEN_Enqued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(subscope(), effect, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The same, for a subscope held by an optional property.
    @available(*, deprecated, renamed: "THEN_Enqueued(_:_:fileID:filePath:line:column:)")
    public func THEN_Enqued<Child: Scope, E: Effect & Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_Enqueued(subscope(), effect, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that no effect of type `E` is pending on a subscope.
    @available(*, deprecated, renamed: "THEN_NotEnqueued(_:_:fileID:filePath:line:column:)")
    public func THEN_NoEnquedEffect<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_NotEnqueued(subscope(), type, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that a pending effect of type `E` on a subscope has a property equal to `expected`.
    @available(*, deprecated, renamed: "THEN_Enqueued(_:parameter:equals:fileID:filePath:line:column:)")
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
    @available(*, deprecated, renamed: "THEN_NotEnqueued(_:_:fileID:filePath:line:column:)")
    public func THEN_NoEnquedEffect<Child: Scope, E: Effect>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try THEN_NotEnqueued(subscope(), type, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The same, for a subscope held by an optional property.
    @available(*, deprecated, renamed: "THEN_Enqueued(_:parameter:equals:fileID:filePath:line:column:)")
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
