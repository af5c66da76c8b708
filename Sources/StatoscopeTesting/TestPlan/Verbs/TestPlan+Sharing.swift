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
    /// subscope inside `WITH`.
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

    /// Checks what the scope's store has saved for a persisted key by now: the value and, when
    /// `writes` is given, how many saves it took.
    ///
    /// A plan's store saves on the plan's virtual time as a live store saves on its clock: the first
    /// change after a quiet period at once, and the changes made within the write delay after it
    /// (a quarter of a second unless the plan's builder injects a store with another) together when
    /// the delay has passed, with their latest values. The check sees what was saved by then, not
    /// what is still waiting for the end of its window.
    ///
    /// <!-- compiled with: SharingApp -->
    /// <!-- compiled in a function -->
    /// ```swift
    /// try SettingsScreen.GIVEN { SettingsScreen() }
    ///     .WHEN(.userTappedLarger)
    ///     .WHEN(.userTappedLarger)
    ///     .THEN_Saved(.fontSize, equals: 15, writes: 1)   // the second tap waits for its window
    ///     .WHEN_TimePasses(.milliseconds(250))
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
                let heading = "THEN_Saved(\"\(key.name)\", equals: ...) on \(path.describe()) failed"
                do throws(SavedCheckRefusal) {
                    guard let saved = try Self.saved(key, in: store, heading: heading) else {
                        return .failed(
                            .wrongValue,
                            "\(heading)\nexpected: \(ValueText.inline(captured.value))\nactual: nothing saved"
                        )
                    }
                    guard saved == captured.value else {
                        return .failed(
                            .wrongValue,
                            "\(heading)\n\(ValueText.mismatch(expected: captured.value, actual: saved))")
                    }
                    guard let writes else { return .passed }
                    let actual = try Self.writeCount(of: key, in: store, heading: heading)
                    guard actual != writes else { return .passed }
                    return .failed(
                        .wrongValue,
                        "\(heading)\nexpected: \(Self.writesText(writes))\nactual: \(Self.writesText(actual))"
                    )
                } catch {
                    return error.outcome
                }
            })
    }

    /// Checks that the scope's store has saved nothing for a persisted key by now: no change was
    /// saved yet in this line (a value `GIVEN_Stored` seeded is what an earlier run saved, not a
    /// save of this one). The store must save in memory, as a plan's own store does, to count its
    /// writes.
    ///
    /// A change waiting for the end of its write window is not saved yet: see
    /// ``THEN_Saved(_:equals:writes:fileID:filePath:line:column:)``.
    public func THEN_NothingSaved<Value: Codable>(
        _ key: SharedKey<Value>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "nothing is saved for \(key.name)" },
            perform: { _, scope in
                let store = SharedStore.resolved(by: scope)
                let heading = "THEN_NothingSaved(\"\(key.name)\") on \(path.describe()) failed"
                do throws(SavedCheckRefusal) {
                    let saved = try Self.saved(key, in: store, heading: heading)
                    let writes = try Self.writeCount(of: key, in: store, heading: heading)
                    guard writes > 0 else { return .passed }
                    let value = saved.map { "`\(ValueText.inline($0))` saved" } ?? "saved"
                    return .failed(
                        .wrongValue,
                        "\(heading)\nexpected: nothing saved\nactual: \(value), in \(Self.writesText(writes))"
                    )
                } catch {
                    return error.outcome
                }
            })
    }

    /// `1 write`, `2 writes`.
    private static func writesText(_ count: Int) -> String {
        count == 1 ? "1 write" : "\(count) writes"
    }

    /// What `store` holds for `key`, decoded; refused when the key is not persisted or what is saved
    /// cannot be read.
    @MainActor
    private static func saved<Value>(_ key: SharedKey<Value>, in store: SharedStore, heading: String)
        throws(SavedCheckRefusal) -> Value?
    {
        switch store.saved(key) {
        case .success(let value): return value
        case .failure(let problem): throw SavedCheckRefusal(.failed(.wrongValue, "\(heading): \(problem)"))
        }
    }

    /// How many times `store` saved `key`; refused, as a misuse, for a store that does not count its
    /// saves.
    @MainActor
    private static func writeCount<Value>(of key: SharedKey<Value>, in store: SharedStore, heading: String)
        throws(SavedCheckRefusal) -> Int
    {
        guard let memory = store.storage as? InMemoryStorage else {
            throw SavedCheckRefusal(
                .failed(
                    .misuse,
                    "\(heading): only a store saving in memory counts its writes, and this one saves in "
                        + "\(type(of: store.storage))"))
        }
        return memory.writeCount(of: key.name)
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

/// A check of what a store saved that cannot be made as asked, with the outcome of its step.
private struct SavedCheckRefusal: Error {
    let outcome: StepOutcome

    init(_ outcome: StepOutcome) {
        self.outcome = outcome
    }
}
