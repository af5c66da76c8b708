/// What runs `update` while the instruments' module watches updates: the taps on updates, and
/// analytics. The core calls them through the installed ``EventRouting`` and knows nothing else of
/// them.
package struct UpdateWork {
    /// The taps on updates, when any is installed.
    @usableFromInline package let taps: (any UpdateTaps)?
    /// Analytics, when installed.
    @usableFromInline package let tracker: (any EventTracker)?

    package init(taps: (any UpdateTaps)?, tracker: (any EventTracker)?) {
        self.taps = taps
        self.tracker = tracker
    }
}

/// The taps on updates, as the full path sees them.
@MainActor
@usableFromInline
package protocol UpdateTaps: AnyObject {
    /// Runs `update` for `when` with the taps on updates around it, through `tracker` if one is
    /// installed.
    func run<S: Scope>(_ when: S.When, _ scope: S, tracker: (any EventTracker)?) throws
}

/// Analytics, as the full path sees it.
@MainActor
@usableFromInline
package protocol EventTracker: AnyObject {
    /// Runs `update` for `when`, whose type is tracked (`tracked` is `when`), and hands analytics
    /// the event if the case is tracked and `update` accepted it.
    func update<S: Scope>(_ when: S.When, tracked: any TrackedWhen, _ scope: S) throws
}

/// Whether an event goes to analytics, decided where `send` is specialised for its scope.
@MainActor
@usableFromInline
package enum EventTracking {
    /// Runs `update`, through `tracker` if one is installed and the event's type is tracked.
    ///
    /// Inlinable so that, on the specialised path, the cast is made where the compiler sees the
    /// conformance and needs no lookup at run time.
    @inlinable
    package static func updateTrackingIfTracked<S: Scope>(
        _ when: S.When, _ scope: S, tracker: (any EventTracker)?
    ) throws {
        guard let tracker, mayTrack(S.When.self), let tracked = when as? any TrackedWhen else {
            return try Dispatcher.runUpdate(when, of: scope)
        }
        try tracker.update(when, tracked: tracked, scope)
    }

    /// Whether values of `type` may be tracked: a memo of the conformance test, asked once per event
    /// while analytics is installed.
    @usableFromInline
    static func mayTrack(_ type: Any.Type) -> Bool {
        trackedTypes.value(for: type)
    }

    private static let trackedTypes = TypeMemo { $0 is any TrackedWhen.Type }
}
