import Statoscope

extension TestPlan {
    /// Checks that the scope cancelled an effect equal to `effect` during the latest event or
    /// completion: its update called `cancelEffect`, a keyed effect replaced it, or the scope, or a
    /// scope above it, was dismissed. On a parent, effects of the subscopes its event dismissed count
    /// too; through a subscope's key path, they count although the subscope is gone. Effects the
    /// plan cancels itself (see ``clearingPendingEffects(onWhen:)``) do not count.
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
        try cancelled("`\(ValueText.brief(effect))`", code: ValueText.brief(effect), at: location) {
            ($0 as? E) == effect
        }
    }

    func cancelled<E: Effect>(_ type: E.Type, at location: StepLocation) throws -> Self {
        try cancelled("a `\(E.self)`", code: "\(E.self).self", at: location) { $0 is E }
    }

    private func cancelled(
        _ words: @autoclosure @escaping @MainActor () -> String,
        code: @autoclosure @escaping @MainActor () -> String, at location: StepLocation,
        matches: @escaping @MainActor (any Effect) -> Bool
    ) throws -> Self {
        let path = self.path
        return try addReaching(
            .check, .then, at: location, describe: { "\(words()) was cancelled" },
            perform: { run, reached in
                // The scope's own effects, and those its subtree's dismissal ended. A subscope gone
                // with its dismissal is found by the path it had.
                let cancelled: [EffectFate]
                switch reached {
                case .success(let scope):
                    let ownID = ObjectIdentifier(scope)
                    let scopePath = scope.scopePath
                    cancelled = run.cancelledByLatestAction.filter {
                        $0.scope == ownID || ($0.isCancelledByDismissal && $0.isAt(orBelow: scopePath))
                    }
                case .failure:
                    let treePath = path.treePath
                    cancelled = run.cancelledByLatestAction.filter {
                        $0.isCancelledByDismissal && $0.isAt(orBelow: treePath)
                    }
                }
                guard !cancelled.contains(where: { matches($0.effect) }) else { return .passed }
                let pending: String
                switch reached {
                case .success(let scope): pending = EffectText.list(PendingEffects.effects(of: scope))
                case .failure: pending = "none (\(path.describe()) is nil)"
                }
                return .failed(
                    .missingEffect,
                    """
                    THEN_Cancelled(\(code())) on \(path.describe()): no such effect was cancelled by the latest \
                    event or completion
                    expected: \(code()) cancelled
                    actual: cancelled: \(EffectText.list(cancelled.map(\.effect))); pending: \(pending)
                    """)
            })
    }
}
