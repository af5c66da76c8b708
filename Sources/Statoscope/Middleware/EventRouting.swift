/// The full path of an event while any instrument is installed, as one immutable value: entry taps,
/// then app-wide middleware in the order added, then the innermost work (the scope's own middleware,
/// taps, analytics), then `update`.
///
/// Its walk is inlinable so that it is specialised for each scope type in the module that sends the
/// event: unspecialised, every copy of a `When` goes through its value witnesses and every step
/// looks up generic metadata, which cost an instrumented `send` ten times what its instruments do.
/// It is rebuilt whenever an instrument comes or goes, never changed, so reading it needs no
/// exclusivity check.
@usableFromInline
@MainActor
final class EventRouting {
    /// App-wide middleware, outermost first.
    @usableFromInline let appWide: [AppWideStep]
    /// Observers of the events sent from outside any update: the session's inputs.
    @usableFromInline let entryTaps: [EntryTap]
    /// Whether any scope has middleware of its own, or any tap watches updates: then the innermost
    /// part of the path runs unspecialised, in ``MiddlewareChain``.
    @usableFromInline let hasScopedWork: Bool
    /// Whether analytics is installed.
    @usableFromInline let tracksEvents: Bool

    init(
        appWide: [AppWideStep], entryTaps: [EntryTap], hasScopedWork: Bool, tracksEvents: Bool
    ) {
        self.appWide = appWide
        self.entryTaps = entryTaps
        self.hasScopedWork = hasScopedWork
        self.tracksEvents = tracksEvents
    }

    /// Delivers `when` to `scope` along the path; `isInput` says it was sent from outside any update.
    @inlinable
    func deliver<S: Scope>(_ when: S.When, to scope: S, isInput: Bool) throws {
        if isInput, !entryTaps.isEmpty {
            tapEntry(scope, when)
        }
        try runAppWide(from: 0, when, scope)
    }

    @inlinable
    func runAppWide<S: Scope>(from index: Int, _ when: S.When, _ scope: S) throws {
        guard index < appWide.count else {
            return try runInnermost(when, scope)
        }
        let event = ScopeEvent(scope: scope, when: when)
        try appWide[index].body(event) { passed in
            guard let next = cast(passed, to: S.When.self) else {
                throw EventTypeMismatch(scopeType: type(of: scope), whenType: S.When.self, passed: passed)
            }
            try self.runAppWide(from: index + 1, next, scope)
        }
    }

    @inlinable
    func runInnermost<S: Scope>(_ when: S.When, _ scope: S) throws {
        if hasScopedWork {
            return try MiddlewareChain.runScoped(when, scope, tracksEvents: tracksEvents)
        }
        try MiddlewareChain.updateTrackingIfTracked(when, scope, tracksEvents: tracksEvents)
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
/// in a struct's property, it is called as it was written.
@usableFromInline
struct AppWideStep {
    @usableFromInline let body: AppWideMiddleware
}

/// An observer of the events sent from outside any update, with the scope each was sent to.
@usableFromInline
typealias EntryTap = @MainActor (any Scope, any Sendable) -> Void

/// An observer of the errors updates throw, with the scope whose update threw.
typealias UpdateFailureObserver = @MainActor (any Scope, any Error) -> Void
