import Statoscope

extension TestPlan {
    /// Checks which case of the `ScopeDestination` at `keyPath` is shown: the step fails when
    /// another case, or none, is.
    ///
    /// <!-- compiled with: Notes -->
    /// <!-- compiled inside: func thenCaseSample(plan: TestPlan<Notes>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedEdit)
    /// .THEN(\.destination, case: Notes.Destination.editor)
    /// ```
    ///
    /// `case` is the case itself, written as its name, as for `presentation(_:case:dismiss:)`:
    /// the specification and the failure name it (`.editor`). `THEN_Nil(\.destination)` checks that
    /// none is shown.
    public func THEN<Destination: ScopeDestination, Child: Scope>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Destination?>,
        case embed: @escaping @Sendable (Child) -> Destination,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "\(Self.words(keyPath())) shows \(DestinationCaseText.words(of: embed))" },
            perform: { run, scope in
                let keyPath = keyPath()
                run.checked(KeyPathText.propertyPath(keyPath, root: S.self), of: path.describe())
                let shown = scope[keyPath: keyPath]
                guard shown?.scope(ifCase: embed) == nil else { return .passed }
                let expected = DestinationCaseText.code(of: embed)
                return .failed(
                    .wrongValue,
                    """
                    THEN(\(KeyPathText.code(keyPath)), case: \(expected)) on \(path.describe()) failed
                    expected: \(expected)
                    actual: \(DestinationCaseText.code(of: shown))
                    """)
            })
    }

    /// Adds steps addressed at the scope of one case of the `ScopeDestination` at `keyPath`; those
    /// steps fail while another case, or none, is shown.
    ///
    /// <!-- compiled with: Notes -->
    /// <!-- compiled inside: func withCaseSample(plan: TestPlan<Notes>) throws { _ = try plan … } -->
    /// ```swift
    /// .WITH(\.destination, case: Notes.Destination.editor) { editor in
    ///     try editor.WHEN(.userTypedText("Groceries"))
    /// }
    /// ```
    public func WITH<Destination: ScopeDestination, Child: Scope>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Destination?>,
        case embed: @escaping @Sendable (Child) -> Destination,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ body: (TestPlan<Child>) throws -> TestPlan<Child>
    ) throws -> Self {
        try with(
            path.appending(keyPath, case: embed),
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column), body)
    }

    /// Sends an event to the scope of one case of the `ScopeDestination` at `keyPath`; the step fails
    /// while another case, or none, is shown.
    public func WHEN<Destination: ScopeDestination, Child: Scope>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Destination?>,
        case embed: @escaping @Sendable (Child) -> Destination, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return try addressing(path.appending(keyPath, case: embed)) {
            try $0.event(when, .when, at: location)
        }
    }
}
