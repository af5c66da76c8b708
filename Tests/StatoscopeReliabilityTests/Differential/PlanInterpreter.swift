import Statoscope
import StatoscopeTesting

/// Runs a program as a test plan: each action becomes the verb a developer would write (an event
/// with `WHEN`, a completion with `WHEN_EffectCompletes` or `WHEN_EffectFails`, a stream's element
/// and end with the stream verbs, time with `WHEN_TimePasses`, a refused event with `WHEN_Throws`),
/// followed by the effect checks a developer would write from the live run, and a check that reads
/// the app; all on the plan's virtual time.
@MainActor
enum PlanInterpreter {
    /// A mistake planted on the plan's side, to show that the check finds and shrinks a divergence.
    enum Fault: String, CaseIterable, Sendable, CustomStringConvertible {
        /// A quiet period of zero or less waits for time to pass instead of starting the effect.
        case zeroDebounceWaits
        /// Cancelling by key is left out of the plan.
        case dropsCancellationByKey
        /// A completion names the type of the next slot: the plan's step fails.
        case completesAnotherEffect

        var description: String { rawValue }
    }

    /// What the plan showed after each step it ran, and the failures it reported, by step.
    struct Run {
        var snapshots: [Int: DifferentialSnapshot] = [:]
        var failures: [(step: Int?, message: String)] = []
    }

    /// The line a step's verbs are reported at: the plan's failures name the step through it.
    static func line(of step: Int) -> UInt { UInt(step) + 10 }
    private static let givenLine: UInt = 1
    private static let endLine: UInt = 2

    /// Runs `actions`; after each one, checks with the plan's own verbs what the live run saw after
    /// it (`expected`): the effects it cancelled (`THEN_Cancelled`), and the child's pending effects,
    /// scheduled or started (`THEN_Scheduled`, `THEN_Enqueued`, `THEN_NoEffects`).
    static func run(
        _ actions: [DifferentialAction], checking expected: [DifferentialSnapshot], fault: Fault? = nil
    ) -> Run {
        let world = DifferentialWorld()
        let recorder = PlanRecorder()
        let registration = ErrorReporting.addHandler { report in
            if let text = differentialReportText(report) { recorder.reports.append(text) }
        }
        defer { registration.remove() }
        do {
            let plan = try DifferentialApp.GIVEN(line: givenLine) { DifferentialApp(world: world) }
            for (index, action) in actions.enumerated() {
                let line = line(of: index)
                try add(action, to: plan, at: line, fault: fault)
                let before = index == 0 ? .start : expected[index - 1]
                try checkCancelled(
                    before.pending.filter { expected[index].cancelled.contains($0.id) }, by: action, in: plan,
                    at: line)
                try checkPending(expected[index], in: plan, at: line)
                _ = try plan.THEN(\DifferentialApp.self, line: line) { app in
                    recorder.capture(app, at: index, ended: action.ended)
                }
            }
            // Reported back on the caller, the main actor, once the plan ran.
            let capture = PlanIssueReporter.Capture { failure in
                MainActor.assumeIsolated { recorder.failures.append(failure) }
            }
            try PlanIssueReporter.$capture.withValue(capture) {
                try plan.runTest(line: endLine)
            }
        } catch {
            return Run(failures: [(nil, "building the plan threw \(error)")])
        }
        var run = Run(snapshots: recorder.snapshots)
        for failure in recorder.failures {
            let line = Int(failure.location.line)
            let step = line >= Int(Self.line(of: 0)) ? line - Int(Self.line(of: 0)) : nil
            run.failures.append((step, failure.message))
        }
        // A refused event is a step that throws, as the plan expects: where the step passed, the
        // refusal happened, as the live side's error report says.
        for (index, action) in actions.enumerated() {
            guard let refusal = action.refusal, run.snapshots[index] != nil,
                !run.failures.contains(where: { $0.step == index })
            else { continue }
            run.snapshots[index]?.reports.insert(refusal, at: 0)
        }
        return run
    }

    private static func add(
        _ action: DifferentialAction, to plan: TestPlan<DifferentialApp>, at line: UInt, fault: Fault?
    ) throws {
        switch action {
        case .app(let when):
            _ = try plan.WHEN(when, line: line)
        case .child(let when):
            guard let when = planted(fault, on: when) else { return }
            _ = try plan.WHEN(\.child, when, line: line)
        case .childThrows(let when):
            _ = try plan.WITH(\.child, line: line) { child in
                try child.WHEN_Throws(when, InvalidStateError.self, line: line)
            }
        case .late(let when):
            _ = try plan.WITH(\.held, line: line) { held in
                try held.WHEN_Throws(when, EventToDismissedScope.self, line: line)
            }
        case .complete(let id, let kind, let slot, let value) where fault == .completesAnotherEffect:
            try add(
                .complete(id: id, kind: kind, slot: (slot + 1) % effectSlots.count, value: value), to: plan,
                at: line, fault: nil)
        case .complete(_, .streamRunOnce, let slot, let value):
            try completeStream(in: effectSlots[slot], with: value, plan: plan, at: line)
        case .complete(_, _, let slot, let value):
            try complete(in: effectSlots[slot], with: value, plan: plan, at: line)
        case .yield(_, let slot, let value):
            try feed(in: effectSlots[slot], .element(value), plan: plan, at: line)
        case .end(_, let slot, let failing):
            try feed(in: effectSlots[slot], failing ? .failure : .end, plan: plan, at: line)
        case .timePasses(let duration):
            _ = try plan.WHEN_TimePasses(duration, line: line)
        case .nothing:
            break
        }
    }

    /// Checks that `action` cancelled an effect of the type of each of `effects`: on the app for its
    /// own events, which cancel by dismissing the child, and on the child for the rest.
    private static func checkCancelled(
        _ effects: [DifferentialSnapshot.Pending], by action: DifferentialAction,
        in plan: TestPlan<DifferentialApp>, at line: UInt
    ) throws {
        var checked: Set<String> = []
        for effect in effects where checked.insert("\(effect.kind != .oneShot) \(effect.slot)").inserted {
            if case .app = action {
                try checkCancelled(
                    in: effectSlots[effect.slot], stream: effect.kind != .oneShot, plan: plan, at: line)
            } else {
                _ = try plan.WITH(\.child, line: line) { child in
                    try checkCancelled(
                        in: effectSlots[effect.slot], stream: effect.kind != .oneShot, plan: child, at: line)
                    return child
                }
            }
        }
    }

    /// Checks the child's pending effects: each scheduled or started as `state` lists it, or none.
    private static func checkPending(
        _ state: DifferentialSnapshot, in plan: TestPlan<DifferentialApp>, at line: UInt
    ) throws {
        guard state.child != "none" else { return }
        _ = try plan.WITH(\.child, line: line) { child in
            if state.pending.isEmpty { return try child.THEN_NoEffects(line: line) }
            for effect in state.pending {
                try checkPending(
                    in: effectSlots[effect.slot], stream: effect.kind != .oneShot,
                    scheduled: effect.status == .scheduled, plan: child, at: line)
            }
            return child
        }
    }

    private static func checkPending<Slot: EffectSlot>(
        in _: Slot.Type, stream: Bool, scheduled: Bool, plan: TestPlan<DifferentialChild>, at line: UInt
    ) throws {
        switch (stream, scheduled) {
        case (false, false): _ = try plan.THEN_Enqueued(SlotEffect<Slot>.self, count: 1, line: line)
        case (false, true): _ = try plan.THEN_Scheduled(SlotEffect<Slot>.self, line: line)
        case (true, false): _ = try plan.THEN_Enqueued(SlotStream<Slot>.self, count: 1, line: line)
        case (true, true): _ = try plan.THEN_Scheduled(SlotStream<Slot>.self, line: line)
        }
    }

    private static func checkCancelled<Slot: EffectSlot, S: Scope>(
        in _: Slot.Type, stream: Bool, plan: TestPlan<S>, at line: UInt
    ) throws {
        if stream {
            _ = try plan.THEN_Cancelled(SlotStream<Slot>.self, line: line)
        } else {
            _ = try plan.THEN_Cancelled(SlotEffect<Slot>.self, line: line)
        }
    }

    /// The event the plan sends for `when`, with `fault` planted; nil to leave the step out.
    private static func planted(_ fault: Fault?, on when: DifferentialChild.When) -> DifferentialChild.When? {
        switch (fault, when) {
        case (.zeroDebounceWaits, .start(let id, var start)):
            guard case .debounce(let quietPeriod) = start.policy, quietPeriod <= .zero else { return when }
            start.policy = .debounce(.nanoseconds(1))
            return .start(id: id, start)
        case (.dropsCancellationByKey, .cancelKey):
            return nil
        default:
            return when
        }
    }

    private static func complete<Slot: EffectSlot>(
        in _: Slot.Type, with value: Int?, plan: TestPlan<DifferentialApp>, at line: UInt
    ) throws {
        if let value {
            _ = try plan.WITH(\.child) {
                try $0.WHEN_EffectCompletes(SlotEffect<Slot>.self, with: value, line: line)
            }
        } else {
            _ = try plan.WITH(\.child) {
                try $0.WHEN_EffectFails(SlotEffect<Slot>.self, with: DifferentialFailure(), line: line)
            }
        }
    }

    /// Completes a stream run once: its result is `Void`, and its event carries the value it was
    /// made with.
    private static func completeStream<Slot: EffectSlot>(
        in _: Slot.Type, with value: Int?, plan: TestPlan<DifferentialApp>, at line: UInt
    ) throws {
        if value != nil {
            _ = try plan.WITH(\.child) {
                try $0.WHEN_EffectCompletes(SlotStream<Slot>.self, with: (), line: line)
            }
        } else {
            _ = try plan.WITH(\.child) {
                try $0.WHEN_EffectFails(SlotStream<Slot>.self, with: DifferentialFailure(), line: line)
            }
        }
    }

    private enum StreamSignal {
        case element(Int)
        case end
        case failure
    }

    private static func feed<Slot: EffectSlot>(
        in _: Slot.Type, _ signal: StreamSignal, plan: TestPlan<DifferentialApp>, at line: UInt
    ) throws {
        _ = try plan.WITH(\.child, line: line) { child in
            switch signal {
            case .element(let value): try child.WHEN_StreamYields(SlotStream<Slot>.self, value, line: line)
            case .end: try child.WHEN_StreamEnds(SlotStream<Slot>.self, line: line)
            case .failure:
                try child.WHEN_StreamFails(SlotStream<Slot>.self, with: DifferentialFailure(), line: line)
            }
        }
    }
}

/// What the plan's checks read, step by step, and the failures it reported.
@MainActor
private final class PlanRecorder {
    var snapshots: [Int: DifferentialSnapshot] = [:]
    var reports: [String] = []
    /// The failures the plan reported.
    var failures: [PlanFailure] = []
    private var state = DifferentialSnapshot.start

    func capture(_ app: DifferentialApp, at step: Int, ended: Int?) {
        // Where each pending effect is, as the plan's runtime holds it: scheduled until virtual time
        // reaches its start.
        var scheduled: Set<Int> = []
        if let child = app.child, let runtime = ScopeRuntimeTable.existingRuntime(for: child) {
            for entry in runtime.effects.inFlight {
                guard case .scheduled = entry.phase,
                    let work = entry.payload.pristine as? any DifferentialWork
                else { continue }
                scheduled.insert(work.id)
            }
        }
        state = DifferentialSnapshot.read(app, after: state, ended: ended, reports: reports) { work in
            if scheduled.contains(work.id) { return .scheduled }
            return work.kind.isOpenStream ? .open : .started
        }
        reports.removeAll()
        snapshots[step] = state
    }
}
