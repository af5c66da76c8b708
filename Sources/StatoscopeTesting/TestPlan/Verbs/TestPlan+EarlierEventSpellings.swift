import Statoscope

// The earlier Statoscope's spellings of events, checks and settings (its effect verbs' are in
// TestPlan+EarlierSpellings.swift). Each warns that it is deprecated, naming its replacement, and
// calls that replacement. A `renamed:` offers a fix-it, so it is used only where renaming the call
// gives code that compiles; elsewhere the message spells the replacement out.
extension TestPlan {
    /// Sends `when` to a subscope.
    @available(*, deprecated, renamed: "WHEN(_:_:fileID:filePath:line:column:)")
    public func AND<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try WHEN(subscope(), when, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `when` to a subscope held by an optional property; the step fails while it is nil.
    @available(*, deprecated, renamed: "WHEN(_:_:fileID:filePath:line:column:)")
    public func AND<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>, _ when: Child.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try WHEN(subscope(), when, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `when`, expecting `update` to throw.
    @available(*, deprecated, renamed: "WHEN_Throws(_:fileID:filePath:line:column:)")
    public func throwsWHEN(
        _ when: S.When,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try WHEN_Throws(when, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `check` on the whole scope; an error it throws fails the step. The replacement takes
    /// `\.self` for the whole scope: `THEN(\.self) { scope in ... }`.
    ///
    /// A rename cannot add the `\.self` argument, so the deprecation says the replacement in its
    /// message instead of offering a fix-it that would not compile.
    @available(*, deprecated, message: "use THEN(\\.self) { scope in ... }")
    public func THEN(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, _ check: @escaping @MainActor (S) throws -> Void
    ) throws -> Self {
        try THEN(\S.self, fileID: fileID, filePath: filePath, line: line, column: column, check)
    }

    /// Cancels the tested scope's pending effects before each event (`true`), or keeps them
    /// (`false`). The replacement takes ``PendingEffectsClearing/thisScope`` or
    /// ``PendingEffectsClearing/none``.
    ///
    /// A rename would keep the `Bool`, which the replacement does not take, so the deprecation says
    /// the replacement in its message instead of offering a fix-it that would not compile.
    @available(
        *, deprecated,
        message:
            "use clearingPendingEffects(onWhen: .thisScope) for true, clearingPendingEffects(onWhen: .none) for false"
    )
    public func configure(clearEffectsOnEveryWhenOrEnd clears: Bool) throws -> Self {
        try clearingPendingEffects(onWhen: clears ? .thisScope : .none)
    }
}

extension Scope {
    /// The scope's pending effects, as first enqueued.
    @available(*, deprecated, renamed: "effectsState.effects")
    public var effects: [any Effect] { effectsState.effects }
}
