/// The full path of an event while any instrument is installed, as one immutable value: entry taps,
/// then app-wide middleware in the order added, then the scope's own middleware in the order added,
/// then `update` with the taps on updates and analytics.
///
/// Its walk is inlinable so that it is specialised for each scope type in the module that sends the
/// event: unspecialised, every copy of a `When` goes through its value witnesses and every step
/// looks up generic metadata, which cost an instrumented `send` ten times what its instruments do.
/// It is rebuilt whenever an instrument comes or goes, never changed, so reading it needs no
/// exclusivity check.
@usableFromInline
@MainActor
package final class EventRouting {
    /// App-wide middleware, outermost first, as references counted by ``appWideOwners``: calling a
    /// middleware through one retains nothing.
    // SAFETY: Sound because each step is owned by ``appWideOwners`` of the same immutable path, and
    // the path outlives every walk of it: the dispatcher owns the installed path, and a path
    // replaced while an update runs (a middleware removing itself or adding another, from its own
    // body) is kept until the outermost update has settled, after every walk has returned (see
    // `Dispatcher.setRouting(_:forEveryEvent:)`, in `Dispatch/Dispatcher.swift`); `runAppWide` and
    // `Dispatcher.deliver` assert both in debug builds. `AppWideMiddlewareTests` and
    // `ReentrancyTests` cover both.
    @usableFromInline let appWide: [Unmanaged<AppWideStep>]
    /// Keeps the app-wide middleware alive for as long as the path is.
    @usableFromInline let appWideOwners: [AppWideStep]
    /// Observers of the events sent from outside any update: the session's inputs.
    @usableFromInline package let entryTaps: [EntryTap]
    /// The scopes' own middleware, while any scope has some: a reference counted by nothing, since
    /// the registry lives as long as the process (it is `InstrumentHooks.scopeMiddlewares`).
    // SAFETY: Sound because the registry is only ever `InstrumentHooks.scopeMiddlewares`, a static
    // constant, so it is alive for every walk of every path (`InstrumentHooks` builds each path with it).
    @usableFromInline let scopeMiddlewares: Unmanaged<ScopeMiddlewares>?
    /// The taps on updates, when any is installed: `update` then runs unspecialised, in the
    /// instruments' module.
    @usableFromInline let taps: (any UpdateTaps)?
    /// Analytics, when installed.
    @usableFromInline let tracker: (any EventTracker)?
    /// Whether the taps or analytics are installed: the one test `update` makes when neither is,
    /// since loading an optional existential costs more than loading a `Bool`.
    @usableFromInline let hasUpdateWork: Bool
    /// Whether a scope's middleware, the taps or analytics are installed.
    @usableFromInline let hasInnermostWork: Bool

    init(
        appWide: [AppWideStep], entryTaps: [EntryTap], scopeMiddlewares: ScopeMiddlewares?,
        updateWork: UpdateWork?
    ) {
        // SAFETY: Sound because `appWideOwners`, set from the same array, owns each step for as long
        // as this path exists (see `appWide`).
        self.appWide = appWide.map { Unmanaged.passUnretained($0) }
        appWideOwners = appWide
        self.entryTaps = entryTaps
        // SAFETY: Sound because the registry is a static constant of `InstrumentHooks`, alive for the
        // whole process (see `scopeMiddlewares`).
        self.scopeMiddlewares = scopeMiddlewares.map { Unmanaged.passUnretained($0) }
        taps = updateWork?.taps
        tracker = updateWork?.tracker
        hasUpdateWork = updateWork != nil
        hasInnermostWork = scopeMiddlewares != nil || updateWork != nil
    }

    /// Delivers `when` to `scope` along the path; `isInput` says it was sent from outside any update.
    /// Always inlined into the dispatcher's full path, where the optimizer otherwise leaves it a call
    /// of its own.
    ///
    /// The walk is instruments' code, which changes no shared state: only the update it reaches does
    /// (see `Dispatcher.runUpdate(_:of:)`, in `Dispatch/Dispatcher+Writes.swift`).
    @inlinable
    @inline(__always)
    func deliver<S: Scope>(_ when: S.When, to scope: S, isInput: Bool) throws {
        try Dispatcher.asInstruments {
            if isInput, !entryTaps.isEmpty {
                tapEntry(scope, when)
            }
            guard !appWide.isEmpty else {
                return try runInnermost(when, scope)
            }
            try runAppWide(from: 0, ScopeEvent(scope: scope, when: when), when, scope)
        }
    }

    /// Runs the app-wide middleware from `index` on; `event` is `when` as they see it. `index` is in
    /// range: its callers check it, which is cheaper than checking it here.
    @inlinable
    func runAppWide<S: Scope>(from index: Int, _ event: borrowing ScopeEvent, _ when: S.When, _ scope: S)
        throws
    {
        assert(appWideOwners[index] === appWide[index].takeUnretainedValue(), "the path owns its steps")
        try Dispatcher.withGuaranteed(appWide[index]) { step in
            try step.body(event) { passed in
                // The event passed on unchanged, the common case, goes on as the `When` it already is.
                guard passed.serial == event.serial else {
                    return try self.runReplaced(from: index + 1, passed, scope)
                }
                guard index + 1 < self.appWide.count else {
                    return try self.runInnermost(when, scope)
                }
                try self.runAppWide(from: index + 1, event, when, scope)
            }
        }
    }

    /// Goes on from `index` with the event a middleware passed on instead of the one it received.
    @inlinable
    func runReplaced<S: Scope>(from index: Int, _ passed: borrowing ScopeEvent, _ scope: S) throws {
        guard passed.scope === scope else {
            throw EventScopeMismatch(scopePath: scope.scopePath, passedScopePath: passed.scopePath)
        }
        guard let when = cast(passed.when, to: S.When.self) else {
            throw EventTypeMismatch(scopeType: type(of: scope), whenType: S.When.self, passed: passed.when)
        }
        guard index < appWide.count else {
            return try runInnermost(when, scope)
        }
        try runAppWide(from: index, passed, when, scope)
    }

    /// Runs `update`, through the innermost work if any is installed. Small, so that it is inlined
    /// into the walk: the work itself is apart.
    @inlinable
    func runInnermost<S: Scope>(_ when: S.When, _ scope: S) throws {
        guard hasInnermostWork else { return try Dispatcher.runUpdate(when, of: scope) }
        try runInnermostWork(when, scope)
    }

    /// The scope's own middleware, then `update` with the taps and analytics. Specialised for the
    /// scope's type, where the middleware and the cast to a tracked event need no lookup, but never
    /// inlined: inlined, it made the walk too large for the pass-through case to inline it.
    @inlinable
    func runInnermostWork<S: Scope>(_ when: S.When, _ scope: S) throws {
        if scopeMiddlewares != nil, let chain = scopeMiddleware(of: scope) {
            return try Dispatcher.withGuaranteed(chain) { try $0.run(from: 0, when, scope, self) }
        }
        try update(when, scope)
    }

    /// The middleware of `scope`, if it has any. An instance method, not one of the registry's
    /// type, so that the specialised caller passes no metadata.
    // SAFETY: Sound because the chain returned is owned by the registry, or by the dispatcher once
    // replaced during the running update, for as long as the caller walks it (see
    // `ScopeMiddlewares.lookup`).
    @usableFromInline
    func scopeMiddleware(of scope: AnyObject) -> Unmanaged<ScopeMiddlewareChain>? {
        guard let scopeMiddlewares else { return nil }
        return Dispatcher.withGuaranteed(scopeMiddlewares) { $0.chain(of: scope) }
    }

    /// Runs `update`, with the taps on updates and analytics if installed.
    @inlinable
    func update<S: Scope>(_ when: S.When, _ scope: S) throws {
        guard hasUpdateWork else { return try Dispatcher.runUpdate(when, of: scope) }
        if let taps {
            return try taps.run(when, scope, tracker: tracker)
        }
        try EventTracking.updateTrackingIfTracked(when, scope, tracker: tracker)
    }

    @usableFromInline
    func tapEntry(_ scope: any Scope, _ when: any Sendable) {
        for tap in entryTaps { tap(scope, when) }
    }
}

/// An app-wide middleware in the path.
///
/// A function kept in an array directly is kept in its most general form, so calling it with the
/// `next` closure of a specialised path would wrap that closure, allocating, on every event; kept
/// in a property, it is called as it was written. A class, so that the path can call it through a
/// reference it does not count.
@usableFromInline
package final class AppWideStep {
    @usableFromInline let body: AppWideMiddleware

    package init(body: @escaping AppWideMiddleware) {
        self.body = body
    }
}

/// An observer of the events sent from outside any update, with the scope each was sent to.
@usableFromInline
package typealias EntryTap = @MainActor (any Scope, any Sendable) -> Void

/// An observer of the errors updates throw, with the scope whose update threw.
package typealias UpdateFailureObserver = @MainActor (any Scope, any Error) -> Void

/// An app-wide middleware: it receives every event of every scope and `next`, which runs the rest of
/// the chain with the event it is given: the one received, or one made from it with
/// ``ScopeEvent/with(when:)``.
public typealias AppWideMiddleware =
    @MainActor (borrowing ScopeEvent, (borrowing ScopeEvent) throws -> Void) throws -> Void
