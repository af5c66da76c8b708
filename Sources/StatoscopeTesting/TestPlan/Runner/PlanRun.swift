import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// The live side of one line of a plan's run: the scope `GIVEN` built, the subscopes the steps
/// reached, and the errors updates reported while a step ran.
///
/// ``PlanExecutor`` makes one per run and starts it afresh for every line (the main line, then each
/// fork); steps get it to reach their scope.
@MainActor
package final class PlanRun {
    /// A scope the line built or reached, held weakly so ending the line can tell whether it is gone.
    private struct Reached {
        weak var scope: (any Scope)?
        let typeName: String
        let describe: @MainActor () -> String
        let location: StepLocation
        let origin: Origin
    }

    /// How the line came to hold a scope, for the leak report.
    private enum Origin {
        case builtByGiven
        case reachedByStep
        case foundInTree
    }

    /// What the plan cancels before each event: the plan's setting, until a step changes it.
    package private(set) var clearing: PendingEffectsClearing
    private let planClearing: PendingEffectsClearing
    /// The state strict state compares, when the plan is strict about state or shows what it skips.
    package let ledger: StateLedger?
    /// The line's root scope, from `GIVEN`.
    package private(set) var root: (any Scope)?
    /// The line's clock, which the plan provides to its tree: the time of every scope that injects
    /// no clock of its own. It keeps the clocks of the subtrees that do. Each line has its own,
    /// from zero.
    package private(set) var clock = PlanClock()
    private var reached: [Reached] = []
    private var reachedIndex: [ObjectIdentifier: Int] = [:]
    private var updateErrors: [ErrorReport] = []
    /// Dependency reads that reached a live value, from the test context the line's root uses;
    /// locked, as an effect's read would report from its task.
    private let missingDependencies = CriticalState<[MissingDependency]>([])
    private var given: StepLocation?
    /// The analytics events the latest action step produced, in order.
    package private(set) var trackedByLatestAction: [AnalyticsEvent] = []
    /// The errors the app reported as handled during the latest action step, in order.
    package private(set) var handledByLatestAction: [ErrorReport] = []
    /// What became of every effect that left a pending list during the line, in order.
    private(set) var fates: [EffectFate] = []
    /// Where the latest action step's fates start in ``fates``.
    private var latestActionStart = 0
    /// The action step running, for the fates it causes; nil while `GIVEN` builds the scope.
    private var currentAction: StepLocation?
    /// The tree's generation when every scope of the line last reached its declared ancestors.
    private var ancestorsCheckedAt: UInt64?
    /// The tree's generation when every scope of the line last had its declared dependencies.
    private var dependenciesCheckedAt: UInt64?
    /// Set while the plan itself cancels effects (clearing, ending a line): those are not the app's.
    private var isPlanCancelling = false

    package init(clearing: PendingEffectsClearing, tracksState: Bool = false) {
        self.clearing = clearing
        self.planClearing = clearing
        self.ledger = tracksState ? StateLedger() : nil
    }

    /// Starts a line's time from zero, before `GIVEN` builds its scope.
    package func startClock() {
        clock = PlanClock()
    }

    /// The clock `scope`'s effects wait on: the one its subtree injected, if it did, else the line's.
    package func clock(of scope: some Scope) -> PlanClock {
        ScopeRuntimeTable.existingRuntime(for: scope)?.planClock ?? clock
    }

    /// Starts a line with the scope `GIVEN` built.
    package func begin(root: any Scope, at given: StepLocation) {
        self.root = root
        clearing = planClearing
        self.given = given
        // The name, not the scope: a closure holding the root would keep it alive past the line.
        let name = "\(type(of: root))"
        register(root, describe: { name }, at: given, origin: .builtByGiven)
    }

    /// Notes that a step reached `scope`, so ending the line checks that it is released.
    package func reach(
        _ scope: any Scope, through describe: @escaping @MainActor () -> String, at location: StepLocation
    ) {
        if let index = reachedIndex[ObjectIdentifier(scope)], reached[index].scope === scope { return }
        register(scope, describe: describe, at: location, origin: .reachedByStep)
    }

    private func register(
        _ scope: any Scope, describe: @escaping @MainActor () -> String, at location: StepLocation,
        origin: Origin
    ) {
        reachedIndex[ObjectIdentifier(scope)] = reached.count
        reached.append(
            Reached(
                scope: scope, typeName: "\(type(of: scope))", describe: describe, location: location,
                origin: origin))
    }

    /// Where a scope of the root's tree sits while it is not linked yet (a child created with its
    /// parent and never read): its path, and the parent it will be linked under, through which it will
    /// read its shared values.
    package struct UnlinkedPlace {
        package let path: String
        package weak var resolver: ScopeRuntime?
    }

    /// The scopes of the root's tree not linked yet, as the latest walk of the tree found them.
    package private(set) var unlinked: [ObjectIdentifier: UnlinkedPlace] = [:]

    /// Notes every scope now in the root's tree, children never read included, so that ending the
    /// line checks them all.
    private func reachTree() {
        guard let root, let given else { return }
        unlinked.removeAll(keepingCapacity: true)
        for place in root.subtreePlaces {
            let scope = place.scope
            if !place.isLinked {
                unlinked[ObjectIdentifier(scope)] = UnlinkedPlace(path: place.path, resolver: place.resolver)
            }
            if let index = reachedIndex[ObjectIdentifier(scope)], reached[index].scope === scope { continue }
            let path = place.path
            register(scope, describe: { path }, at: given, origin: .foundInTree)
        }
    }

    /// The scopes of the line that are alive: the root's whole tree and every scope a step reached.
    package var scopes: [any Scope] {
        reachTree()
        return reached.compactMap(\.scope)
    }

    /// A check read `property` of the scope at `scopePath`; strict state counts the changes there as
    /// checked.
    package func checked(_ property: @autoclosure () -> String, of scopePath: @autoclosure () -> String) {
        guard let ledger, ledger.hasUnchecked else { return }
        ledger.checked(Self.checkedPath(property(), of: scopePath()))
    }

    /// The running action read `property` of the scope at `scopePath` once it sent its event (a tap
    /// checks that its dialog is gone); strict state counts the action's changes there as checked.
    package func actionChecked(
        _ property: @autoclosure () -> String, of scopePath: @autoclosure () -> String
    ) {
        ledger?.actionChecked(Self.checkedPath(property(), of: scopePath()))
    }

    /// The path strict state names a checked property by.
    private static func checkedPath(_ property: String, of scopePath: String) -> String {
        // Optional chaining is not part of a property's path: `detail?.title` is `detail.title`.
        "\(scopePath).\(property.filter { $0 != "?" && $0 != "!" })"
    }

    // MARK: - Ancestors

    /// The failure of an action step that would send an event while a scope of the line cannot
    /// reach an ancestor it declares with `@Superscope`; nil when every one is reachable.
    ///
    /// A read of such an ancestor stops the program, which in a test stops the whole test process
    /// and every result with it; so the step is not run. The tree is walked again only after it
    /// changed.
    package func missingAncestorFailure() -> String? {
        guard let root else { return nil }
        if ancestorsCheckedAt == ScopeTree.generation { return nil }
        if let missing = root.firstMissingAncestorInSubtree {
            return """
                the step was not run: \(missing.description). An update reading it would stop the \
                test process
                expected: a \(missing.ancestorTypeName) above \(missing.scopeTypeName) at \(missing.path)
                actual: none
                """
        }
        ancestorsCheckedAt = ScopeTree.generation
        return nil
    }

    /// The failure of an action step that would send an event while a scope of the line declares a
    /// dependency nothing provides (a protocol nothing injected); nil when every one is provided.
    ///
    /// Such a read has no value to return and stops the program, which in a test stops the whole
    /// test process; so the step is not run. The tree is walked again only after it changed.
    package func unprovidedDependencyFailure(step: @autoclosure () -> String) -> String? {
        guard let root else { return nil }
        if dependenciesCheckedAt == ScopeTree.generation { return nil }
        if let missing = root.firstUnprovidedDependencyInSubtree {
            return Self.unprovidedDependencyMessage(missing, step: step())
        }
        dependenciesCheckedAt = ScopeTree.generation
        return nil
    }

    /// The failure of a step not run because a scope declares a dependency nothing provides.
    static func unprovidedDependencyMessage(_ missing: UnprovidedDependency, step: String) -> String {
        """
        \(step): the step was not run: \(missing.scopeTypeName) at \(missing.path) declares @Injected \
        \(missing.typeName), which the plan does not provide: nothing injects one, and \
        \(missing.typeName) declares no value of its own, so reading it would stop the test process
        expected: \(missing.typeName) injected (.injecting(_:as:), or inject(_:as:) in GIVEN's builder)
        actual: none
        """
    }

    // MARK: - Errors reported by updates

    /// Receives what ``ErrorReporting`` received while the run is on: an error the app handled is
    /// kept for `THEN_Reported`, and one an update threw fails the step.
    package func capture(_ report: ErrorReport) {
        if report.isHandled {
            handledByLatestAction.append(report)
        } else if case .update = report.source {
            updateErrors.append(report)
        }
    }

    /// The test context of the line's root: a read of a dependency the plan does not provide is
    /// noted, to fail the step that made it.
    package func testContext(_ core: PlanCore) -> DependencyContext {
        let missing = missingDependencies
        return DependencyContext(
            .test(
                TestDependencyRules(
                    allowedTypes: core.liveDependencies, allowsEveryType: core.allowsEveryLiveDependency,
                    // An update that reads the clock reads the line's time, as its effects wait on it.
                    provided: [ObjectIdentifier(EffectClock.self): clock.effectClock],
                    report: { read in missing.withLock { $0.append(read) } })))
    }

    /// Fails the step if an update threw while it ran (a queued event, an effect's completion):
    /// those errors go to ``ErrorReporting`` rather than to the step. The step's name is made only
    /// for a failure.
    package func outcomeOfReportedErrors(during step: @autoclosure () -> String) -> StepOutcome {
        let missing = missingDependencies.withLock { reads in
            defer { reads.removeAll() }
            return reads
        }
        if let first = missing.first {
            updateErrors.removeAll()
            return .failed(.missingDependency, Self.missingDependencyMessage(first, during: step()))
        }
        guard !updateErrors.isEmpty else { return .passed }
        let errors = updateErrors.map(\.description).joined(separator: "\n  ")
        updateErrors.removeAll()
        return .failed(
            .unexpectedThrow,
            """
            \(step()): an update threw unexpectedly
            expected: no error
            actual: \(errors)
            """)
    }

    /// Forgets what updates reported; a replay's errors were already reported by its original line.
    package func discardReportedErrors() {
        updateErrors.removeAll()
        missingDependencies.withLock { $0.removeAll() }
    }

    /// The failure of a step that read a dependency the plan does not provide.
    static func missingDependencyMessage(_ read: MissingDependency, during step: String) -> String {
        """
        \(step): \(read.description), which the plan does not provide: nothing overrides it and \
        \(read.typeName) declares no testValue, so the step read its live value
        expected: \(read.typeName) injected (.injecting(_:), or inject in GIVEN's builder), a testValue \
        declared on \(read.typeName), or .allowingLiveDependencies(\(read.typeName).self)
        actual: the live \(read.typeName).defaultValue
        """
    }

    // MARK: - Cancelled effects

    /// Starts an action step: what it cancels replaces what the previous one did.
    package func beginAction(at location: StepLocation) {
        latestActionStart = fates.count
        currentAction = location
        trackedByLatestAction.removeAll(keepingCapacity: true)
        handledByLatestAction.removeAll()
    }

    /// Receives every analytics event while the run is on. A plan runs its steps without suspending,
    /// so the events are its own.
    package func noteTracked(_ event: AnalyticsEvent) {
        trackedByLatestAction.append(event)
    }

    /// Receives every step of every effect's lifecycle while the run is on, and keeps those that end
    /// an effect or drop it.
    package func noteLifecycle(_ event: EffectLifecycleEvent, of effect: any Effect, in runtime: ScopeRuntime)
    {
        guard
            let how = EffectFate.How(event, byDismissal: runtime.hasLeftTheApp, byPlan: isPlanCancelling)
        else { return }
        fates.append(
            EffectFate(
                scope: runtime.scopeID, path: runtime.path, effect: effect, how: how, step: currentAction))
    }

    /// Effects the app cancelled during the latest action step, dismissal included: what
    /// `THEN_Cancelled` checks.
    var cancelledByLatestAction: [EffectFate] {
        fates[latestActionStart...].filter(\.isCancelledByTheApp)
    }

    /// The latest fate of an effect that `matches`: of `scope`'s own if it has one, else of another
    /// scope's (a dismissed child's, say), for a verb that found no such effect pending.
    func latestFate(of scope: AnyObject, where matches: (any Effect) -> Bool) -> (
        fate: EffectFate, isOwn: Bool
    )? {
        let id = ObjectIdentifier(scope)
        if let own = fates.last(where: { $0.scope == id && matches($0.effect) }) { return (own, true) }
        return fates.last(where: { matches($0.effect) }).map { ($0, false) }
    }

    // MARK: - Pending effects

    /// Changes what the plan cancels before each event, for the rest of the line.
    package func clear(from now: PendingEffectsClearing) {
        clearing = now
    }

    /// The paths of the line's scopes, other than `scope`, where an effect `matches` is pending, for
    /// a step that looked for it in the wrong place.
    package func paths(otherThan scope: AnyObject, pendingWhere matches: (any Effect) -> Bool) -> [String] {
        reachTree()
        return reached.compactMap { entry in
            guard let other = entry.scope, other !== scope, pending(of: other).contains(where: matches) else {
                return nil
            }
            return entry.describe()
        }
    }

    /// Cancels what ``clearing`` says before an event is sent to `target`.
    package func clearPendingEffects(beforeEventTo target: some Scope) {
        isPlanCancelling = true
        defer { isPlanCancelling = false }
        switch clearing {
        case .none:
            return
        case .thisScope:
            target.effectsState.cancelAllEffects()
        case .allScopes:
            for scope in scopes { cancelAll(of: scope) }
        case .matching(let predicate):
            for scope in scopes { cancel(of: scope, where: predicate) }
        }
    }

    private func cancelAll(of scope: some Scope) {
        scope.effectsState.cancelAllEffects()
    }

    private func cancel(of scope: some Scope, where predicate: (any Effect) -> Bool) {
        scope.effectsState.cancelEffect(where: predicate)
    }

    private func pending(of scope: some Scope) -> [any Effect] {
        scope.effectsState.effects
    }

    // MARK: - Ending a line

    /// Ends the line: reports pending effects when `strict`, cancels them, releases the scopes and
    /// reports those still alive.
    package func end(
        strict: Bool, showsSkipped: Bool = false, checksRelease: Bool = true, at end: StepLocation
    ) -> [PlanFailure] {
        reachTree()
        var failures = settleEffects(strict: strict, showsSkipped: showsSkipped, at: end)
        root = nil
        updateErrors.removeAll()
        // A report's event may hold a scope, which the release check would then find alive.
        handledByLatestAction.removeAll()
        if checksRelease { failures.append(contentsOf: leakedScopes()) }
        reached.removeAll(keepingCapacity: true)
        reachedIndex.removeAll(keepingCapacity: true)
        fates.removeAll()
        ancestorsCheckedAt = nil
        latestActionStart = 0
        currentAction = nil
        given = nil
        return failures
    }

    /// Kept apart from ``end(strict:showsSkipped:checksRelease:at:)`` so that no strong reference to a scope outlives it.
    private func settleEffects(strict: Bool, showsSkipped: Bool, at end: StepLocation) -> [PlanFailure] {
        var failures: [PlanFailure] = []
        if strict || showsSkipped {
            var lines: [String] = []
            var count = 0
            var streams = 0
            for entry in reached {
                guard let scope = entry.scope else { continue }
                let effects = pending(of: scope)
                guard !effects.isEmpty else { continue }
                count += effects.count
                streams += effects.count { $0 is any StreamEffect }
                lines.append("\(entry.describe()): \(EffectText.list(effects))")
            }
            if count > 0 {
                let open = streams == 0 ? "" : " (\(streams) of them open stream\(streams == 1 ? "" : "s"))"
                let pending =
                    "\(count) effect\(count == 1 ? " is" : "s are") still pending\(open) at the end of"
                failures.append(
                    strict
                        ? PlanFailure(
                            .pendingEffects,
                            """
                            \(pending) a strict plan; complete them (WHEN_EffectCompletes, WHEN_EffectFails, \
                            WHEN_StreamEnds) or clear them
                            expected: no pending effect
                            actual: \(lines.joined(separator: "; "))
                            """, at: end)
                        : PlanFailure(
                            .skippedCheck,
                            """
                            \(pending) the plan, which strictEffects() would fail: \(lines.joined(separator: "; "))
                            """, at: end))
            }
        }
        isPlanCancelling = true
        defer { isPlanCancelling = false }
        for scope in scopes { cancelAll(of: scope) }
        return failures
    }

    private func leakedScopes() -> [PlanFailure] {
        reached.compactMap { entry in
            guard entry.scope != nil else { return nil }
            let origin =
                switch entry.origin {
                case .builtByGiven: "built by GIVEN"
                case .reachedByStep: "reached through \(entry.describe())"
                case .foundInTree: "in the tree at \(entry.describe())"
                }
            return PlanFailure(
                .retainCycle,
                """
                \(entry.typeName) (\(origin)) is still alive after the plan ran: a retain cycle, or an \
                object outside the plan, keeps it
                expected: \(entry.typeName) released
                actual: \(entry.typeName) alive
                """, at: entry.location)
        }
    }
}
