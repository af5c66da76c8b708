import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting

/// Runs a program on the live runtime: effects run as tasks, on a manual clock that moves only when
/// the program lets time pass, each one-shot effect's work waiting until the program completes it.
/// After every step it waits until every task is at rest, then reads the app.
@MainActor
final class LiveInterpreter {
    /// What the run did and showed, step by step.
    struct Run {
        var actions: [DifferentialAction] = []
        var snapshots: [DifferentialSnapshot] = []
        /// Set when the tasks did not come to rest after a step: what was still moving.
        var unsettled: (step: Int, reason: String)?
    }

    /// How long a step waits for its tasks to come to rest: they take microseconds when all goes well,
    /// but other suites share the main actor, and on a loaded machine a long synchronous test of
    /// theirs can hold it for tens of seconds.
    static let patience: Duration = .seconds(120)
    /// How long any wait lasts once one wait timed out: the shrinking that follows runs many programs
    /// that fail the same way, which waiting in full would stretch past the suite's time limit.
    static let patienceAfterTimeout: Duration = .seconds(5)
    private static var timedOut = false

    private let program: [DifferentialStep]
    private let world = DifferentialWorld()
    private let clock = ManualEffectClock()
    private var reports: [String] = []
    /// How many elements the program fed each stream, by program id.
    private var fed: [Int: Int] = [:]
    /// The streams the program finished or failed.
    private var endedStreams: Set<Int> = []

    init(program: [DifferentialStep]) {
        self.program = program
    }

    func run() async -> Run {
        var run = Run()
        let registration = ErrorReporting.addHandler { [weak self] report in
            if let text = differentialReportText(report) { self?.reports.append(text) }
        }
        defer { registration.remove() }
        let app = DifferentialApp(world: world)
        app.inject(EffectClock(clock))

        var state = DifferentialSnapshot.start
        for (index, step) in program.enumerated() {
            let action = DifferentialAction.resolve(step, at: index, of: program, after: state)
            run.actions.append(action)
            perform(action, on: app)
            if let reason = await settle() {
                run.unsettled = (index, reason)
                break
            }
            let live = world.live
            state = DifferentialSnapshot.read(
                app, after: state, ended: action.ended, reports: takeReports()
            ) { work in
                guard live.hasBegun(work.id) else { return .scheduled }
                return work.kind.isOpenStream ? .open : .started
            }
            run.snapshots.append(state)
        }
        await windDown(app)
        return run
    }

    private func perform(_ action: DifferentialAction, on app: DifferentialApp) {
        switch action {
        case .app(let when): app.send(when)
        case .child(let when), .childThrows(let when): app.child?.send(when)
        case .late(let when): app.held?.send(when)
        case .complete(let id, .streamRunOnce, _, let value):
            // Its work runs the stream to the end: the end is its completion.
            endedStreams.insert(id)
            world.live.finish(id, failing: value == nil)
        case .complete(let id, _, _, _): world.live.complete(id)
        case .yield(let stream, _, let value):
            fed[stream, default: 0] += 1
            world.live.feed(stream, value)
        case .end(let stream, _, let failing):
            endedStreams.insert(stream)
            world.live.finish(stream, failing: failing)
        case .timePasses(let duration): clock.advance(by: duration)
        case .nothing: break
        }
    }

    private func takeReports() -> [String] {
        defer { reports.removeAll() }
        return reports
    }

    /// Waits until every task is at rest; returns what was still moving if that does not happen in
    /// time.
    ///
    /// At rest: every pending one-shot effect waits for the program or, in its quiet period, on the
    /// clock; every open stream waits for its next element, each element fed delivered; and the tasks
    /// of cancelled effects are back.
    private func settle() async -> String? {
        var patience = TestPatience(Self.timedOut ? Self.patienceAfterTimeout : Self.patience)
        var attempts = 0
        while let reason = stillMoving() {
            guard !patience.isExhausted else {
                Self.timedOut = true
                return reason
            }
            // Most steps come to rest within a few turns of the main actor; a loaded machine needs
            // other threads' time, which a short sleep gives.
            if attempts < 20 {
                await Task.yield()
            } else {
                await patience.pause(for: .microseconds(200))
            }
            attempts += 1
        }
        return nil
    }

    private func stillMoving() -> String? {
        var pending = 0
        var unfinished = 0
        var waitingForTime = 0
        for (_, runtime) in world.children {
            unfinished += runtime.unfinishedRuns
            for entry in runtime.effects.inFlight {
                pending += 1
                guard let work = entry.payload.pristine as? any DifferentialWork else { continue }
                guard world.live.hasBegun(work.id) else {
                    waitingForTime += 1
                    continue
                }
                if endedStreams.contains(work.id) {
                    return "stream #\(work.id) ended and is still pending"
                }
                switch work.kind {
                case .stream:
                    let delivered = world.elementsDelivered[work.id, default: 0]
                    let fed = fed[work.id, default: 0]
                    if delivered < fed {
                        return "stream #\(work.id) delivered \(delivered) of \(fed) elements"
                    }
                case .streamRunOnce:
                    // Iterating, until the program ends it.
                    break
                case .oneShot:
                    if !world.live.isParked(work.id) {
                        return "#\(work.id) is neither waiting for the program nor delivered"
                    }
                }
            }
        }
        if unfinished != pending {
            return "\(unfinished) effect tasks are not back on the main actor, \(pending) effects are pending"
        }
        let sleepers = clock.sleeperCount
        if sleepers != waitingForTime {
            return "\(waitingForTime) effects wait for their quiet period, \(sleepers) sleep on the clock"
        }
        return nil
    }

    /// Dismisses the child, which cancels its effects, and waits (bounded) for their tasks.
    private func windDown(_ app: DifferentialApp) async {
        app.send(.clear)
        app.held = nil
        world.live.finishAll()
        var patience = TestPatience(Self.timedOut ? Self.patienceAfterTimeout : Self.patience)
        while world.children.contains(where: { $0.runtime.unfinishedRuns > 0 }),
            await patience.pause(for: .microseconds(200))
        {}
    }
}
