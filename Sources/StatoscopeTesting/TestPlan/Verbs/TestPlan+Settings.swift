import Statoscope

extension TestPlan {
    /// Makes effects still pending at the end of a line a failure (or, with `false`, not one),
    /// whatever ``TestPlanDefaults/strictEffects`` says.
    ///
    /// A strict plan completes or clears every effect it triggers, so none is forgotten. The main
    /// line's leftovers are reported at `runTest()`'s line, a branch's at its `FORK`'s line.
    public func strictEffects(_ isStrict: Bool = true) throws -> Self {
        try core.checkBuilding()
        core.strict = isStrict
        return self
    }

    /// Makes a state change that no check reads a failure (or, with `false`, not one), whatever
    /// ``TestPlanDefaults/strictState`` says.
    ///
    /// Under strict state, every property an event or a completion changes, in any scope of the
    /// tree, must be read by a `THEN`, `AND`, `THEN_Nil` or `THEN_NotNil` before the next event or
    /// completion. Checking a property covers what it holds (`\.cart` covers `cart.items`) and the
    /// property it is part of. The failure, at the step that made the changes, lists each unchecked
    /// property with its value before and after:
    ///
    /// ```
    /// This step changed 1 property that no THEN checked before the next step (strict state)
    /// expected: every change checked with THEN, AND, THEN_Nil or THEN_NotNil
    /// actual: unchecked:
    ///   Counter.isSaving: false → true
    /// ```
    ///
    /// A branch starts from its fork point with nothing to check: the line it forks from checked the
    /// steps before it.
    public func strictState(_ isStrict: Bool = true) throws -> Self {
        try core.checkBuilding()
        core.strictState = isStrict
        return self
    }

    /// Shows what the lenient settings let pass, without failing: the state changes no check read
    /// (when state is not strict) and the effects left pending (when effects are not strict) are
    /// printed as notes at their steps. Wins over ``TestPlanDefaults/showsSkipped``.
    public func showingSkipped(_ shows: Bool = true) throws -> Self {
        try core.checkBuilding()
        core.showsSkipped = shows
        return self
    }

    /// Sets which pending effects are cancelled before each event the plan sends; see
    /// ``PendingEffectsClearing``. Applies to the whole plan, wherever it appears in the chain.
    public func clearingPendingEffects(onWhen clearing: PendingEffectsClearing) throws -> Self {
        try core.checkBuilding()
        core.clearing = clearing
        return self
    }

    /// Changes, from this point of the flow on, which pending effects are cancelled before each event;
    /// the step-wise form of ``clearingPendingEffects(onWhen:)``, whose setting holds until here.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func fromHereSample(plan: TestPlan<Shop>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userOpensShop)              // its effects stay pending, to be checked
    /// .THEN_Enqueued(LoadCatalog())
    /// .clearingPendingEffectsFromHere(onWhen: .allScopes)
    /// .WHEN(.userBrowses)                // only state matters from here
    /// ```
    ///
    /// A step of the flow, so a `FORK` after it clears the same way.
    public func clearingPendingEffectsFromHere(
        onWhen clearing: PendingEffectsClearing,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try core.checkBuilding()
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.line.append(
            PlanStep(
                role: .action, keyword: .given, location: location, depth: depth,
                describe: { "pending effects are cleared before each event" }, changesState: false,
                perform: { run in
                    run.clear(from: clearing)
                    return .passed
                }))
        return self
    }

    /// Overrides a dependency for the whole tree under test: it is injected into the scope `GIVEN`
    /// builds before any step, on the main line and on every fork.
    ///
    /// <!-- compiled in a function -->
    /// ```swift
    /// try App.GIVEN { App() }
    ///     .injecting(APIClient.failing)
    ///     .WHEN(.userOpenedProfile)
    ///     .THEN(\.profile.error, equals: "offline")
    ///     .runTest()
    /// ```
    ///
    /// Scopes read their dependencies when they use them, so the override reaches every scope of the
    /// tree, including those linked later, and the reads of initializers while `GIVEN` builds the
    /// tree.
    ///
    /// Inside a `FORK` body it overrides the dependency for that branch only, from that point of the
    /// branch on: the main line and the other branches keep what they read.
    public func injecting<Value: Injectable>(_ value: Value) throws -> Self {
        try core.checkBuilding()
        if line !== core.main { return injectingInBranch { root in root.inject(value) } }
        core.injectedValues[ObjectIdentifier(Value.self)] = value
        core.dependencies.append { root in root.inject(value) }
        return self
    }

    /// Overrides a dependency read as `type` for the whole tree under test, as ``injecting(_:)``
    /// does: a protocol's existential, most often, which has no value of its own.
    ///
    /// <!-- compiled inside: protocol ChatClient: Sendable {}; struct FakeChatClient: ChatClient {}; final class ChatScreen: Scope { @Injected var chat: any ChatClient; enum When { case userSent(String) }; func update(_ when: When) throws {} }; @MainActor func protocolPlanSample() throws { … } -->
    /// ```swift
    /// try ChatScreen.GIVEN { ChatScreen() }
    ///     .injecting(FakeChatClient(), as: (any ChatClient).self)
    ///     .WHEN(.userSent("hi"))
    ///     .runTest()
    /// ```
    ///
    /// A scope of the plan that declares such a dependency and that nothing provides fails the next
    /// step that sends an event, before it runs: reading it would stop the test process.
    ///
    /// Inside a `FORK` body it overrides the dependency for that branch only, as ``injecting(_:)`` does.
    public func injecting<Value: Sendable>(_ value: Value, as type: Value.Type) throws -> Self {
        try core.checkBuilding()
        if line !== core.main { return injectingInBranch { root in root.inject(value, as: type) } }
        core.injectedValues[ObjectIdentifier(type)] = value
        core.dependencies.append { root in root.inject(value, as: type) }
        return self
    }

    /// Records, on a branch, a step that injects into the branch's own tree: each line builds its
    /// tree anew, so the override reaches that branch and the branches forked from it, and no other.
    private func injectingInBranch(_ inject: @escaping @MainActor (any Scope) -> Void) -> Self {
        line.append(
            PlanStep(
                role: .action, keyword: .given, location: line.end, depth: depth,
                describe: { "a dependency is overridden for this branch" }, changesState: false,
                perform: { run in
                    if let root = run.root { inject(root) }
                    return .passed
                }))
        return self
    }

    /// Lets the plan's scopes read the live value of each of `types` where nothing overrides it.
    ///
    /// A plan provides every dependency its steps read: one it injects (``injecting(_:)``, or
    /// `inject` in `GIVEN`'s builder), else the type's `Injectable/testValue` or
    /// `Injectable/previewValue`. A read that would reach a live value fails its step instead,
    /// naming the type, the scope's path and the step; a type listed here is read live, silently.
    ///
    /// <!-- compiled in a function -->
    /// ```swift
    /// try App.GIVEN { App() }
    ///     .allowingLiveDependencies(APIClient.self)
    ///     .WHEN(.userOpenedProfile)
    ///     .runTest()
    /// ```
    public func allowingLiveDependencies(_ types: any Injectable.Type...) throws -> Self {
        try core.checkBuilding()
        for type in types { core.liveDependencies.insert(ObjectIdentifier(type)) }
        return self
    }

    /// Lets the plan's scopes read the live value of every dependency nothing overrides, as plans
    /// did before they failed on such reads.
    public func allowingEveryLiveDependency() throws -> Self {
        try core.checkBuilding()
        core.allowsEveryLiveDependency = true
        return self
    }
}
