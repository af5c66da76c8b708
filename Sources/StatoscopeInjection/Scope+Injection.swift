@_spi(StatoscopeInternals) import StatoscopeCore

extension Scope {
    /// Overrides a dependency for this scope and every scope below it; siblings are untouched.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func sample(app: App) { … } -->
    /// ```swift
    /// app.detail?.inject(APIClient.mock)   // only the detail subtree reads the mock
    /// ```
    ///
    /// The override applies at once, to scopes already in the subtree and to those linked later, and
    /// to effects started from now on.
    public func inject<Value: Injectable>(_ value: Value) {
        ScopeRuntimeTable.runtime(for: self).inject(value, as: Value.self)
    }

    /// Overrides a dependency read as `type` for this scope and every scope below it: a protocol's
    /// existential, most often, which has no value of its own.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: protocol ChatClient: Sendable { func send(_ text: String) async throws }; struct LiveChatClient: ChatClient { func send(_ text: String) async throws {} }; @MainActor func protocolSample(app: App) { … } -->
    /// ```swift
    /// app.inject(LiveChatClient(), as: (any ChatClient).self)   // read with `@Injected var chat: any ChatClient`
    /// ```
    ///
    /// Like ``inject(_:)``, it applies at once to the subtree, to scopes linked later and to effects
    /// started from now on; a subtree overrides it the same way.
    public func inject<Value: Sendable>(_ value: Value, as type: Value.Type) {
        ScopeRuntimeTable.runtime(for: self).inject(value, as: type)
    }

    /// Sets which declared values the dependencies give this scope and every scope below it where
    /// nothing overrides them; see ``DependencyContext``. A context set lower in the tree wins, or set
    /// later on the same scope, except below or beside a test's (a test plan's, or
    /// `requireTestDependencies()`, on this scope or above it, before or after): `.preview` there
    /// reads declared preview values and a read reaching a live value still fails the test; `.live`
    /// is not honoured.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func previewContextSample(app: App) { … } -->
    /// ```swift
    /// app.useDependencies(.preview)
    /// ```
    public func useDependencies(_ context: DependencyContext) {
        ScopeRuntimeTable.runtime(for: self).useDependencies(context)
    }
}
