import Observation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInstruments

extension Scope {
    /// Runs `apply` now, and again after every change to the observable state it read, until the
    /// returned observation is cancelled or released, or the scope is released.
    ///
    /// For UIKit and AppKit views, and any code that is not a SwiftUI view: read the scope's state in
    /// `apply` and set the view from it.
    ///
    /// <!-- compiled with: Counter -->
    /// <!-- compiled with: ContactsViews -->
    /// <!-- compiled inside: final class CounterViewController: UIViewController { let label = UILabel(); var observation: ScopeObservation?; func bind(to counter: Counter) { … } } -->
    /// ```swift
    /// observation = counter.observe { [label] counter in
    ///     label.text = "\(counter.viewDisplaysTotalCount)"
    /// }
    /// ```
    ///
    /// `apply` re-runs once per change, on the main actor, after the update that made the change has
    /// returned; the changes one update makes re-run it once. Only state read during the previous run
    /// is watched, so an `apply` that reads something only on some runs watches it only on those. It
    /// works with state Observation tracks: `@Observable` scopes, and `@Subscope` and `@Sensitive`
    /// properties in them. On Apple platforms, observing a scope that is neither `@Observable` nor an
    /// `ObservableObject` is reported to ``ErrorReporting``, once per scope type in its tree.
    ///
    /// An `apply` that sends events may change what it has just read. Like a view that re-renders, it
    /// then runs again at once, until a run leaves what the run before it read as it was: a run that
    /// sends an event is followed by one more, which checks that what it read has settled. At most
    /// ``ScopeObservation/consecutiveRunLimit`` runs follow one another so: an `apply` still changing
    /// what it read after that many is reported to ``ErrorReporting`` (as an
    /// ``ErrorReport/Source/observation``) and runs again at the next change, never looping for good.
    ///
    /// Keep the returned ``ScopeObservation`` for as long as the view needs updating (in a property of
    /// the view controller, say); `apply` never runs once it is cancelled or released. The observation
    /// holds the scope weakly, and `apply` should too hold what it updates weakly or by a capture list,
    /// so that nothing is kept alive by it.
    public func observe(_ apply: @escaping @MainActor (Self) -> Void) -> ScopeObservation {
        #if canImport(UIKit) || canImport(AppKit)
            reportIfViewsCannotObserve()
        #endif
        weak let scope = self
        let observation = ScopeObservation {
            guard let scope else { return nil }
            apply(scope)
            return scope
        }
        observation.run()
        return observation
    }
}

/// A running ``Scope/observe(_:)``: keep it to keep the observation, cancel or release it to stop it.
@MainActor
public final class ScopeObservation {
    /// The most runs of an observation's closure that follow one another because each changed what
    /// the one before it read: past it, the closure is reported and waits for the next change.
    public nonisolated static let consecutiveRunLimit = 100

    /// Runs the observer's closure and returns the observed scope; nil once the scope is released.
    private var body: (@MainActor () -> (any Scope)?)?
    /// The tracking of the latest run: a change to what it read starts the next run.
    private var latest: RunTracking?

    init(_ body: @escaping @MainActor () -> (any Scope)?) {
        self.body = body
    }

    /// Whether the observation has stopped: ``cancel()`` was called, or a run found its scope released.
    public var isCancelled: Bool { body == nil }

    /// Stops the observation: the closure does not run again.
    public func cancel() {
        body = nil
        latest = nil
    }

    /// Runs the closure, tracking what it reads, again while a run changes what the run before it read;
    /// then a change to what the last run read schedules the next run.
    ///
    /// Observation calls `onChange` before the change is made (in the property's `willSet`), on the
    /// thread making it, so the next run is a main-actor task: it reads the state after the change,
    /// and after every other change the same update makes. Observation starts watching what a run
    /// read only once the run has returned, so a change the run itself makes is seen by the previous
    /// run's tracking, still installed, or, on a first run, by its having sent an event.
    func run() {
        var previous: RunTracking?
        for runs in 1...Self.consecutiveRunLimit {
            guard let body else { return }
            let tracking = RunTracking()
            let events = EventsSentWatch()
            let scope = withObservationTracking {
                body()
            } onChange: { [weak self] in
                tracking.fire(during: SendAnimation.current)
                Task { @MainActor in self?.changed(tracking) }
            }
            let sentEvents = events.stop()
            guard let scope else {
                cancel()
                return
            }
            latest = tracking
            let isSettled = previous.map { !$0.hasFired } ?? !sentEvents
            if isSettled { return }
            if runs == Self.consecutiveRunLimit {
                let error = UnsettledObservation(scopeTypeName: "\(type(of: scope))", runs: runs)
                ErrorReporting.report(ErrorReport(error: error, source: .observation, scope: scope))
            }
            previous = tracking
        }
    }

    /// Runs the closure again if `tracking` is the latest run's: an earlier run's tracking may fire
    /// once a later run has already read the change.
    /// A change made by a send with an animation runs the closure inside that animation, so that
    /// what it sets on a view is animated.
    private func changed(_ tracking: RunTracking) {
        guard tracking === latest else { return }
        guard let animation = tracking.animation else { return run() }
        animation.animate { [weak self] in self?.run() }
    }
}

extension ScopeObservation {
    /// An observation that runs `update` now, and again after each change to what it read, until it is
    /// cancelled or released, or `owner` is nil: a presenter's, which keeps `owner`, the scope whose
    /// state it follows, for as long as it runs.
    static func running(
        _ update: @escaping @MainActor () -> Void, keeping owner: (any Scope)?
    ) -> ScopeObservation {
        owner?.reportIfViewsCannotObserve()
        let observation = ScopeObservation {
            update()
            return owner
        }
        observation.run()
        return observation
    }
}

/// Whether Observation saw a change to what one run of an observation read, and the animation of the
/// send that made it; told on the thread that made the change.
private final class RunTracking: Sendable {
    private let fired = CriticalState((fired: false, animation: SendAnimation?.none))

    var hasFired: Bool { fired.withLock { $0.fired } }

    /// The animation of the send that made the change, if it had one.
    var animation: SendAnimation? { fired.withLock { $0.animation } }

    func fire(during animation: SendAnimation?) {
        fired.withLock { $0 = (true, animation ?? $0.animation) }
    }
}

/// Notes whether any event is sent from outside any update while it is installed: one run of an
/// observation's closure. Installed for the run only, so that `send` keeps its fast path otherwise.
@MainActor
private final class EventsSentWatch {
    private var registration: InstrumentRegistration?
    private var sentEvents = false

    init() {
        registration = InstrumentHooks.entryTaps.add { [weak self] _, _ in self?.sentEvents = true }
    }

    /// Takes the watch out and says whether an event was sent.
    func stop() -> Bool {
        registration?.remove()
        registration = nil
        return sentEvents
    }
}

/// An observation's closure that changed what it read on each of its last runs, up to the limit.
struct UnsettledObservation: Error, CustomStringConvertible {
    let scopeTypeName: String
    let runs: Int

    var description: String {
        "an observe closure of \(scopeTypeName) changed what it read on each of \(runs) runs in a row; it runs again at the next change"
    }
}
