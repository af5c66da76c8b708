import Observation

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
    /// works with state Observation tracks: `@Observable` scopes, and `@Subscope` properties in them.
    ///
    /// Keep the returned ``ScopeObservation`` for as long as the view needs updating (in a property of
    /// the view controller, say); `apply` never runs once it is cancelled or released. The observation
    /// holds the scope weakly, and `apply` should too hold what it updates weakly or by a capture list,
    /// so that nothing is kept alive by it.
    public func observe(_ apply: @escaping @MainActor (Self) -> Void) -> ScopeObservation {
        weak let scope = self
        let observation = ScopeObservation {
            guard let scope else { return false }
            apply(scope)
            return true
        }
        observation.run()
        return observation
    }
}

/// A running ``Scope/observe(_:)``: keep it to keep the observation, cancel or release it to stop it.
@MainActor
public final class ScopeObservation {
    /// Runs the observer's closure; `false` once there is nothing left to observe.
    private var body: (@MainActor () -> Bool)?

    init(_ body: @escaping @MainActor () -> Bool) {
        self.body = body
    }

    /// Whether the observation has stopped: ``cancel()`` was called, or a run found its scope released.
    public var isCancelled: Bool { body == nil }

    /// Stops the observation: the closure does not run again.
    public func cancel() {
        body = nil
    }

    /// Runs the closure, tracking what it reads; a change to any of it schedules the next run.
    ///
    /// Observation calls `onChange` before the change is made (in the property's `willSet`), on the
    /// thread making it, so the next run is a main-actor task: it reads the state after the change,
    /// and after every other change the same update makes.
    func run() {
        guard let body else { return }
        let isLive = withObservationTracking {
            body()
        } onChange: { [weak self] in
            Task { @MainActor in self?.run() }
        }
        if !isLive { cancel() }
    }
}
