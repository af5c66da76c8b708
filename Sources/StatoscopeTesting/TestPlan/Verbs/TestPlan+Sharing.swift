import Statoscope

extension TestPlan {
    /// Saves `value` for `key` before any step, as an earlier run of the app would have: the scope
    /// loads it when it first reads the key.
    ///
    /// Every line of a plan, and every `FORK` branch, has a store of its own, in memory, unless
    /// `GIVEN`'s builder injects another into the scope it builds; this seeds that store.
    ///
    /// <!-- compiled with: SharingApp -->
    /// <!-- compiled in a function -->
    /// ```swift
    /// try SettingsScreen.GIVEN { SettingsScreen() }
    ///     .GIVEN_Stored(.fontSize, 18)
    ///     .WHEN(.userTappedLarger)
    ///     .THEN_Shared(.fontSize, equals: 19)
    ///     .runTest()
    /// ```
    public func GIVEN_Stored<Value: Codable>(
        _ key: SharedKey<Value>, _ value: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try core.checkBuilding()
        let captured = Captured(value)
        core.dependencies.append { root in
            // A value that does not encode cannot be seeded; the check that reads it says so.
            try? SharedStore.resolved(by: root).seed(key, with: captured.value)
        }
        return self
    }

    /// Checks the value of a shared key, as the scope reads it.
    ///
    /// Every scope of a subtree reads the same value, so any of them can be checked: this one, or a
    /// subscope with ``THEN_Shared(_:_:equals:fileID:filePath:line:column:)``.
    public func THEN_Shared<Value: Equatable>(
        _ key: SharedKey<Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let path = self.path
        let captured = Captured(expected)
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "the shared \(key.name) is `\(ValueText.brief(captured.value))`" },
            perform: { run, scope in
                Self.checkedEverywhere(key.name, in: run)
                let actual = SharedStore.current(key, readBy: scope)
                guard actual != captured.value else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    THEN_Shared("\(key.name)", equals: ...) on \(path.describe()) failed
                    \(ValueText.mismatch(expected: captured.value, actual: actual))
                    """)
            })
    }

    /// Checks the value of a shared key as a subscope reads it.
    public func THEN_Shared<Child: Scope, Value: Equatable>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ key: SharedKey<Value>,
        equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try addressing(path.appending(subscope)) {
            try $0.THEN_Shared(
                key, equals: expected, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }

    /// Checks what the scope's store saved for a persisted key: the value and, when `writes` is
    /// given, how many saves it took.
    ///
    /// A plan's store saves the first change after a check at once, and those that follow when a
    /// check asks, in one save: as a live store saves the first change of a burst at once and the
    /// rest when its window ends.
    ///
    /// <!-- compiled with: SharingApp -->
    /// <!-- compiled in a function -->
    /// ```swift
    /// try SettingsScreen.GIVEN { SettingsScreen() }
    ///     .WHEN(.userTappedLarger)
    ///     .WHEN(.userTappedLarger)
    ///     .THEN_Saved(.fontSize, equals: 16, writes: 2)
    ///     .runTest()
    /// ```
    public func THEN_Saved<Value: Equatable & Codable>(
        _ key: SharedKey<Value>, equals expected: Value, writes: Int? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let path = self.path
        let captured = Captured(expected)
        let count = writes.map { ", in " + Self.writesText($0) } ?? ""
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "the saved \(key.name) is `\(ValueText.brief(captured.value))`\(count)" },
            perform: { _, scope in
                let store = SharedStore.resolved(by: scope)
                store.saveNow()
                let heading = "THEN_Saved(\"\(key.name)\", equals: ...) on \(path.describe()) failed"
                let saved: Value?
                switch store.saved(key) {
                case .success(let value):
                    saved = value
                case .failure(let problem):
                    return .failed(.wrongValue, "\(heading): \(problem)")
                }
                guard let saved else {
                    return .failed(
                        .wrongValue,
                        "\(heading)\nexpected: \(ValueText.inline(captured.value))\nactual: nothing saved")
                }
                guard saved == captured.value else {
                    return .failed(
                        .wrongValue,
                        "\(heading)\n\(ValueText.mismatch(expected: captured.value, actual: saved))")
                }
                guard let writes else { return .passed }
                guard let memory = store.storage as? InMemoryStorage else {
                    return .failed(
                        .misuse,
                        "\(heading): only a store saving in memory counts its writes, and this one saves in "
                            + "\(type(of: store.storage))")
                }
                let actual = memory.writeCount(of: key.name)
                guard actual != writes else { return .passed }
                return .failed(
                    .wrongValue,
                    "\(heading)\nexpected: \(Self.writesText(writes))\nactual: \(Self.writesText(actual))")
            })
    }

    /// `1 write`, `2 writes`.
    private static func writesText(_ count: Int) -> String {
        count == 1 ? "1 write" : "\(count) writes"
    }

    /// Marks every property that reads the key, in every scope of the line, as checked: a strict
    /// plan's check of a shared value covers each scope that reads it.
    @MainActor
    private static func checkedEverywhere(_ keyName: String, in run: PlanRun) {
        guard let ledger = run.ledger, ledger.hasUnchecked else { return }
        for reader in ledger.scopes(of: run) {
            for property in SharedStore.properties(readingKeyNamed: keyName, of: reader.scope) {
                run.checked(property, of: reader.path)
            }
        }
    }
}
