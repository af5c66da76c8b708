import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects
import StatoscopeInstruments

/// What the inspector installs in the app, on the main actor: it notes each event, effect step,
/// report and analytics event and hands it over, unrendered, to the journal, which works off the main
/// actor. What happens in one turn of the main actor is handed over at once, when the turn ends: one
/// hand-over per burst of events rather than one per event. While a page is connected it also takes the tree's description, at most every
/// ``snapshotInterval``, after events.
@MainActor
final class InspectorFeed {
    /// How often, at most, the tree is described while events arrive and a page watches.
    static let snapshotInterval = Duration.milliseconds(100)

    private let captures: AsyncStream<[Capture]>.Continuation
    /// What happened in this turn of the main actor, handed over when it ends.
    private let batch: TurnBatch<Capture>
    private let recording: SessionRecording
    private weak var root: (any Scope)?
    /// Whether a page is connected: the tree is described only then.
    private let watchers: CriticalState<Int>
    private var registrations: [MiddlewareRegistration] = []
    private var nextEventID = 0
    /// The events whose updates are running, innermost last.
    private var running: [Int] = []
    private var snapshotScheduled = false
    /// Set while the inspector replays a recording into a fresh tree: those events are not the app's.
    var isReplaying = false
    private var isStopped = false

    init(
        root: any Scope, recording: SessionRecording, watchers: CriticalState<Int>,
        captures: AsyncStream<[Capture]>.Continuation, backlog: HandOverBacklog
    ) {
        self.root = root
        self.recording = recording
        self.watchers = watchers
        self.captures = captures
        batch = TurnBatch(handingTo: captures, backlog: backlog)
    }

    /// Installs the inspector's instruments; they stay until ``stop()``.
    func start() {
        let captures = captures
        registrations.append(
            Middleware.addAppWide { [weak self] event, next in
                // Another tree's events are not the session's: its recording holds the root's only.
                guard let self, !isReplaying, RecordedPath.of(event.scope, below: root) != nil else {
                    return try next(event)
                }
                try note(event, next)
            })
        registrations.append(
            ErrorReporting.addHandler { [weak self] report in
                guard let self, !isReplaying else { return }
                note(.report(report, during: running.last ?? (nextEventID > 0 ? nextEventID : nil)))
            })
        // Analytics calls its sink off the main actor: handed over from there.
        registrations.append(Analytics.install { event in captures.yield([.analytics(event)]) })
        // Started inside `withIsolatedInstruments`, it sees the effects started there only, as the
        // app-wide middleware, the error handler and analytics installed above do.
        let isolation = InstrumentIsolation.capture()
        ScopeRuntime.lifecycleInspector = { [weak self] runtime, step, effect in
            guard isolation?.includesCurrent ?? true else { return }
            self?.note(runtime, step, effect)
        }
        snapshot()
    }

    /// Takes out what ``start()`` installed, once: a stopped inspector released later leaves the slot
    /// of the one started since alone.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        for registration in registrations { registration.remove() }
        registrations.removeAll()
        ScopeRuntime.lifecycleInspector = nil
        batch.finish()
    }

    private func note(_ event: borrowing ScopeEvent, _ next: (borrowing ScopeEvent) throws -> Void) throws {
        nextEventID += 1
        let id = nextEventID
        note(
            .event(
                id: id, cause: running.last, scopePath: event.scopePath, when: event.when,
                inputs: recording.recordedEventCount))
        running.append(id)
        defer {
            running.removeLast()
            if !snapshotScheduled { scheduleSnapshot() }
        }
        do {
            try next(event)
        } catch {
            note(.eventFailed(id: id, error: error))
            throw error
        }
    }

    /// Numbers the last event of an opened recording, where its run ended, as the timeline's last:
    /// it is shown, and not sent, since its update could end this process as it ended the recorded
    /// one.
    func noteEventThatEndedTheRun(_ scope: any Scope, _ when: any Sendable) {
        nextEventID += 1
        note(
            .event(
                id: nextEventID, cause: nil, scopePath: scope.scopePath, when: when,
                inputs: recording.recordedEventCount))
        note(.eventEndedTheRun(id: nextEventID))
    }

    private func note(_ runtime: ScopeRuntime, _ step: EffectLifecycleEvent, _ effect: any Effect) {
        guard !isReplaying, let root else { return }
        // Another tree's effects are left out, as its events are; a scope dismissed from the root's
        // tree is no longer linked to it, and its effects' ends are shown.
        guard runtime.hasLeftTheApp || RecordedPath.of(runtime, below: root) != nil else { return }
        let shown: EffectStep
        switch step {
        case .enqueued: shown = .enqueued
        case .droppedForKeyInFlight, .droppedByThrottle: shown = .dropped
        case .discarded: shown = .discarded
        case .scheduled: shown = .scheduled
        case .started: shown = .started
        case .completed: shown = .completed
        case .failed: shown = .failed
        case .retrying: shown = .retrying
        case .cancelled: shown = runtime.hasLeftTheApp ? .dismissed : .cancelled
        }
        note(
            .effect(
                runtime: ObjectIdentifier(runtime), scopePath: runtime.path, step: shown, effect: effect,
                isStream: effect is any StreamEffect, during: running.last))
        if !snapshotScheduled { scheduleSnapshot() }
    }

    /// Describes the tree a little later, once, whatever the number of events meanwhile.
    private func scheduleSnapshot() {
        guard watchers.withLock({ $0 > 0 }) else { return }
        snapshotScheduled = true
        Task { [weak self] in
            try? await Task.sleep(for: Self.snapshotInterval)
            self?.snapshotScheduled = false
            self?.snapshot()
        }
    }

    /// Hands over the tree's description and its work now.
    func snapshot() {
        guard let root else { return }
        var work: [TreeSnapshot.Work] = []
        for (scope, path) in root.subtreeScopes {
            guard let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope) else { continue }
            for entry in runtime.effects.inFlight {
                let phase: String
                switch entry.phase {
                case .staged: phase = "staged"
                case .scheduled: phase = "scheduled"
                case .running:
                    phase = entry.payload.isStream ? "stream" : entry.delay == nil ? "running" : "scheduled"
                }
                work.append(
                    TreeSnapshot.Work(
                        scope: path, effect: ScopeProperty.render(entry.payload.pristine), phase: phase))
            }
        }
        note(.tree(TreeSnapshot(description: root.subtreeDescription, work: work)))
    }

    /// How many events the feed numbered so far; what it noted is handed over now, so that the
    /// journal takes each of those events without waiting for this turn of the main actor to end.
    func handOverNumberedEvents() -> Int {
        batch.handOver()
        return nextEventID
    }

    /// Keeps `capture` for the hand-over at the end of this turn of the main actor.
    private func note(_ capture: Capture) {
        batch.append(capture)
    }
}
