import Statoscope

extension TestPlan {
    /// Checks that the scope cancelled an effect equal to `effect` during the latest event or
    /// completion: its update called `cancelEffect`, a keyed effect replaced it, or the scope was
    /// dismissed. Effects the plan cancels itself (see ``clearingPendingEffects(onWhen:)``) do not
    /// count.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Counter>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedCancel)
    /// .THEN_Cancelled(NetworkEffect<DTO>(request: expectedRequest))
    /// ```
    public func THEN_Cancelled<E: Effect & Equatable>(
        _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try cancelled(
            effect, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that the scope cancelled an effect of type `E` during the latest event or completion.
    public func THEN_Cancelled<E: Effect>(
        _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try cancelled(type, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func cancelled<E: Effect & Equatable>(_ effect: E, at location: StepLocation) throws -> Self {
        let text = ValueText.inline(effect)
        return try cancelled("`\(text)`", code: text, at: location) { ($0 as? E) == effect }
    }

    func cancelled<E: Effect>(_ type: E.Type, at location: StepLocation) throws -> Self {
        try cancelled("a `\(E.self)`", code: "\(E.self).self", at: location) { $0 is E }
    }

    private func cancelled(
        _ words: String, code: String, at location: StepLocation,
        matches: @escaping @MainActor (any Effect) -> Bool
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location, describe: { "\(words) was cancelled" },
            perform: { run, scope in
                let ownID = ObjectIdentifier(scope)
                let cancelled = run.cancelledByLatestAction.filter { $0.scope == ownID }.map(\.effect)
                guard !cancelled.contains(where: matches) else { return .passed }
                return .failed(
                    .missingEffect,
                    """
                    THEN_Cancelled(\(code)) on \(path.describe()): no such effect was cancelled by the latest \
                    event or completion
                    expected: \(code) cancelled
                    actual: cancelled: \(EffectText.list(cancelled)); pending: \
                    \(EffectText.list(PendingEffects.effects(of: scope)))
                    """)
            })
    }
}
