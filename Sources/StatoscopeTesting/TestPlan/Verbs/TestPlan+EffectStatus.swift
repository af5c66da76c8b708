import Statoscope

extension TestPlan {
    /// Checks where the latest effect of type `E` is in its life: pending, scheduled or open while it
    /// is in flight; ended, failed, cancelled or never started once it left. The effect is this
    /// scope's: `THEN_EffectStatus(\.child, Search.self, is: .pending)` checks a subscope's.
    ///
    /// <!-- compiled with: Debounce -->
    /// <!-- compiled inside: func sample(plan: TestPlan<SearchScreen>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTyped("swi"))
    /// .THEN_EffectStatus(Search.self, is: .scheduled)
    /// .WHEN_TimePasses(.milliseconds(300))
    /// .THEN_EffectStatus(Search.self, is: .pending)
    /// ```
    public func THEN_EffectStatus<E: Effect>(
        _ type: E.Type, is expected: EffectStatus,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "the latest `\(E.self)` is \(expected)" },
            perform: { run, scope in
                let actual: EffectStatus?
                if let latest = PendingEffects.entries(of: scope).last(where: { $0.payload.pristine is E }) {
                    actual = EffectStatus(pending: latest)
                } else {
                    let latest = run.latestFate(of: scope, where: { $0 is E })
                    actual = latest.flatMap { $0.isOwn ? EffectStatus($0.fate) : nil }
                }
                if actual == expected { return .passed }
                // A check aimed at the wrong scope is a common slip: say where such an effect waits.
                let elsewhere = actual == nil ? run.paths(otherThan: scope) { $0 is E } : []
                let hint =
                    elsewhere.isEmpty
                    ? ""
                    : "; a \(E.self) is pending on \(elsewhere.joined(separator: ", ")): address that scope"
                return .failed(
                    .missingEffect,
                    """
                    THEN_EffectStatus(\(E.self).self, is: .\(expected)) on \(path.describe()) failed
                    expected: the latest \(E.self) \(expected)
                    actual: \(actual.map { "it is \($0)" } ?? "no \(E.self) was enqueued during the line")\(hint)
                    """)
            })
    }
}
