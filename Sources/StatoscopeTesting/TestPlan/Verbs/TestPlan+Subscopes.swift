import Statoscope

extension TestPlan {
    /// Adds steps addressed at a subscope: the plan handed to `body` sends its events to, and checks
    /// the state of, the scope at `subscope`, resolved again at each step.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func withSample(plan: TestPlan<App>) throws { _ = try plan … } -->
    /// ```swift
    /// .WITH(\.counter) { counter in
    ///     try counter
    ///         .WHEN(.userTappedIncrementButton)
    ///         .THEN(\.viewDisplaysTotalCount, equals: 1)
    /// }
    /// ```
    ///
    /// Any key path to a scope works, a property of the scope or a deeper one. Every scope a plan
    /// reaches this way is checked to be released after the run.
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ body: (TestPlan<Child>) throws -> TestPlan<Child>
    ) throws -> Self {
        try with(
            path.appending(subscope),
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column), body)
    }

    /// Adds steps addressed at a subscope held by an optional property; those steps fail while it is
    /// nil.
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ body: (TestPlan<Child>) throws -> TestPlan<Child>
    ) throws -> Self {
        try with(
            path.appending(subscope),
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column), body)
    }

    /// Sends an event to a subscope.
    ///
    /// <!-- compiled inside: func whenSample(plan: TestPlan<App>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(\.counter, .userTappedIncrementButton)
    /// ```
    public func WHEN<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.event(when, .when, at: location) }
    }

    /// Sends an event to a subscope held by an optional property; the step fails while it is nil.
    public func WHEN<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(subscope)) { try $0.event(when, .when, at: location) }
    }

    func with<Child: Scope>(
        _ childPath: ScopePath<Child>, at location: StepLocation,
        _ body: (TestPlan<Child>) throws -> TestPlan<Child>
    ) throws -> Self {
        try core.checkBuilding()
        line.append(withHeading(childPath, at: location))
        let child = TestPlan<Child>(core: core, line: line, path: childPath, depth: depth + 1)
        _ = try building { try body(child) }
        return self
    }
}
