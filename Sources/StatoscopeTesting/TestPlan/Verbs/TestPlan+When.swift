import Statoscope

extension TestPlan {
    /// Sends an event to the scope, as `sendThrowing` does.
    ///
    /// The step fails if the scope's `update` throws (use ``WHEN_Throws(_:fileID:filePath:line:column:)``
    /// when it should), or if an event it sends in turn makes an update throw. A failed `WHEN` ends
    /// its line: the later steps were written for a state it did not reach.
    public func WHEN(
        _ when: S.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try event(
            when, .when, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Sends one more event; the same as ``WHEN(_:fileID:filePath:line:column:)``, shown as "And" in
    /// the specification.
    public func AND(
        _ when: S.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try event(
            when, .and, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Sends an event whose `update` must throw; the step fails if it returns normally.
    ///
    /// The state changes the update made before throwing stay, and the effects it enqueued are
    /// discarded, as with any `send`.
    public func WHEN_Throws(
        _ when: S.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try throwingEvent(
            when, expecting: "an error",
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { _ in true }
    }

    /// Sends an event whose `update` must throw an error of type `errorType`.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Counter>, dto: DTO) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN_Throws(.networkPostCompleted(.success(dto)), InvalidStateError.self)
    /// ```
    public func WHEN_Throws<Failure: Error>(
        _ when: S.When, _ errorType: Failure.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try throwingEvent(
            when, expecting: "an error of type \(Failure.self)",
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { $0 is Failure }
    }

    /// Sends an event whose `update` must throw an error equal to `expected`.
    public func WHEN_Throws<Failure: Error & Equatable>(
        _ when: S.When, equals expected: Failure,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try throwingEvent(
            when, expecting: ValueText.dump(expected),
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { ($0 as? Failure) == expected }
    }

    func event(_ when: S.When, _ keyword: SpecKeyword, at location: StepLocation) throws -> Self {
        let path = self.path
        return try add(
            .action, keyword, at: location, describe: { Humanized.event(when) },
            perform: { run, scope in
                let step = { "WHEN(\(EventText.code(when))) on \(path.describe())" }
                run.clearPendingEffects(beforeEventTo: scope)
                do {
                    try scope.sendThrowing(when)
                } catch {
                    run.discardReportedErrors()
                    return .failed(
                        .unexpectedThrow,
                        """
                        \(step()): update threw unexpectedly
                        expected: no error
                        actual: \(ValueText.error(error))
                        """)
                }
                return run.outcomeOfReportedErrors(during: step())
            })
    }

    private func throwingEvent(
        _ when: S.When, expecting expectation: @autoclosure @escaping @MainActor () -> String,
        at location: StepLocation,
        matches: @escaping @MainActor (any Error) -> Bool
    ) throws -> Self {
        let path = self.path
        return try add(
            .action, .when, at: location, describe: { "\(Humanized.event(when)), which is refused" },
            perform: { run, scope in
                let step = { "WHEN_Throws(\(EventText.code(when))) on \(path.describe())" }
                run.clearPendingEffects(beforeEventTo: scope)
                do {
                    try scope.sendThrowing(when)
                } catch {
                    guard matches(error) else {
                        run.discardReportedErrors()
                        return .failed(
                            .missingThrow,
                            """
                            \(step()): update threw another error
                            expected: \(expectation())
                            actual: \(ValueText.error(error))
                            """)
                    }
                    // Events the update sent before throwing still ran; what they threw is unexpected.
                    return run.outcomeOfReportedErrors(during: step())
                }
                return .failed(
                    .missingThrow,
                    """
                    \(step()): update did not throw
                    expected: \(expectation())
                    actual: no error
                    """)
            })
    }
}
