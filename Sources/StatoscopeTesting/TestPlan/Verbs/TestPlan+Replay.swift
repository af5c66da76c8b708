import Statoscope

extension TestPlan {
    /// Sends every event of a recording, in order, as steps of the plan: a session that showed a
    /// bug becomes a test that fails until the bug is fixed.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled in a function -->
    /// ```swift
    /// try App.GIVEN { App() }
    ///     .REPLAY(try Recording(contentsOf: sessionURL))
    ///     .THEN(\.cart.total, equals: 3)   // what the session should have ended with
    ///     .runTest()
    /// ```
    ///
    /// Each event is a step of its own, shown with its line in the specification. As everywhere in
    /// a plan, effects are recorded rather than run; their completions are in the recording. A step
    /// fails if its scope is not in the tree, its event does not decode, or its update throws.
    ///
    /// - Throws: `RecordingError` when the recording was made from another type of root.
    public func REPLAY(
        _ recording: Recording,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try building {
            guard recording.rootTypeName == "\(S.self)" else {
                throw RecordingError(
                    line: 1,
                    reason: "recorded from a \(recording.rootTypeName); cannot replay into a \(S.self)")
            }
            let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            for event in recording.events {
                let target = ([recording.rootTypeName] + event.path).joined(separator: ".")
                _ = try add(
                    .action, .when, at: location,
                    describe: { "(recording line \(event.line)) \(target) receives \(event.event)" }
                ) { run, root in
                    do {
                        try Replay<S>.send(event, into: root)
                    } catch {
                        return .failed(
                            .replayFailed,
                            """
                            REPLAY could not send the event of recording \(error)
                            expected: the event sent to \(target)
                            actual: \(error)
                            """)
                    }
                    return run.outcomeOfReportedErrors(during: "REPLAY of recording line \(event.line)")
                }
            }
            return self
        }
    }
}
