import Statoscope

extension TestPlan {
    /// Checks that the latest event or completion made the scope report `expected` as handled, with
    /// `reportHandled(_:during:)`. A handled report never fails its step, as an error an update throws
    /// does; this check is how a plan sees it. Check a subscope's reports inside `WITH`.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: struct Offline: Error, Equatable {}; func sample(plan: TestPlan<ProfileScreen>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN_EffectFails(LoadProfile.self, with: Offline())
    /// .THEN_Reported(Offline())
    /// ```
    public func THEN_Reported<Failure: Error & Equatable>(
        _ expected: Failure,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let text = ValueText.inline(expected)
        return try reported(
            text, named: text, describe: "`\(text)` is reported as handled",
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { ($0 as? Failure) == expected }
    }

    /// Checks that the latest event or completion made the scope report an error of type `errorType`
    /// as handled: for an error that is not `Equatable`, or whose details the plan leaves open.
    public func THEN_Reported<Failure: Error>(
        _ errorType: Failure.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try reported(
            "an error of type \(Failure.self)", named: "\(Failure.self).self",
            describe: "an error of type \(Failure.self) is reported as handled",
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { $0 is Failure }
    }

    /// Checks that the latest event or completion made no scope report a handled error.
    public func THEN_NothingReported(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "no handled error is reported" },
            perform: { run, _ in
                let reports = run.handledByLatestAction
                guard !reports.isEmpty else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    THEN_NothingReported failed
                    expected: no handled error reported
                    actual: \(ReportText.list(reports))
                    """)
            })
    }

    /// The check of a handled report by the addressed scope whose error `matches`.
    private func reported(
        _ expectation: String, named argument: String, describe: String, at location: StepLocation,
        matches: @escaping @MainActor (any Error) -> Bool
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location, describe: { describe },
            perform: { run, scope in
                let reports = run.handledByLatestAction
                let found = reports.contains { $0.scopeID == ObjectIdentifier(scope) && matches($0.error) }
                guard !found else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    THEN_Reported(\(argument)) on \(path.describe()) failed: the latest event or \
                    completion did not report it
                    expected: \(expectation), reported by \(path.describe())
                    actual: \(ReportText.list(reports))
                    """)
            })
    }
}

/// Error reports in messages.
enum ReportText {
    /// The reports, as their descriptions, or "none".
    static func list(_ reports: [ErrorReport]) -> String {
        guard !reports.isEmpty else { return "none" }
        return reports.map(\.description).joined(separator: "; ")
    }
}
