import PropertyBased
import Statoscope
import Testing

/// Plan and live, one meaning: generated programs (events; one-shot and stream effects under every
/// keyed policy; time passing; failures; cancellation by key, by predicate and of all; dismissal,
/// moving, presenting again, late events) run on the live runtime with a manual clock and as a test
/// plan on virtual time, the plan completing each effect with the result its work returns live.
/// After every step both must agree on the state, on which effects are pending, scheduled, open and
/// cancelled, and on the events and errors delivered.
@MainActor
@Suite(.timeLimit(.minutes(20)), .serialized)
struct PlanLiveDifferentialTests {
    /// A thousand programs take a few seconds in a plain run, and under a sanitizer well within the
    /// time limit.
    static let programCount = 1_000

    @Test(.shrinking) func planAndLiveRunAgreeAfterEveryStep() async {
        await propertyCheck(count: Self.programCount, input: DifferentialStep.generator) { numbers in
            // The main actor is the whole process's: other tests' jobs run between programs.
            await Task.yield()
            if let disagreement = await DifferentialCheck.run(numbers.map(DifferentialStep.init)) {
                Issue.record(Comment(rawValue: disagreement.description))
            }
        }
    }

    /// Every kind of step, each acting on something: what the generated programs mix at random.
    @Test func aProgramOfEveryKindOfStepAgrees() async {
        let steps: [DifferentialStep] = [
            .startEffect(
                OneShotStart(
                    value: 5, fails: false, deliversFailure: false, key: 0,
                    policy: .debounce(.milliseconds(300)), chains: true)),
            .timePasses(.milliseconds(300)),
            .complete(pick: 0),
            .startStream(StreamStart(key: nil, policy: .cancelOlder, reportsEnd: true)),
            .streamYields(pick: 0, value: 7),
            .streamEnds(pick: 0),
            .startStreamRunOnce(
                OneShotStart(value: 3, fails: false, deliversFailure: false, key: 1, policy: .cancelOlder)),
            .complete(pick: 0),
            .startEffect(
                OneShotStart(value: 0, fails: true, deliversFailure: true, key: nil, policy: .cancelOlder)),
            .complete(pick: 0),
            .startEffect(
                OneShotStart(
                    value: 1, fails: false, deliversFailure: false, key: 0, policy: .throttle(.seconds(1)))),
            .startEffect(
                OneShotStart(
                    value: 2, fails: false, deliversFailure: false, key: 0, policy: .throttle(.seconds(1)))),
            .cancelKey(0),
            .startStream(StreamStart(key: 1, policy: .keepOlder, reportsEnd: false)),
            .streamFails(pick: 0),
            .startEffect(
                OneShotStart(value: 4, fails: false, deliversFailure: false, key: nil, policy: .cancelOlder)),
            .cancelWhere(parity: 0),
            .startEffect(
                OneShotStart(value: 4, fails: false, deliversFailure: false, key: nil, policy: .cancelOlder)),
            .cancelAll,
            .startThenThrow(key: 0, policy: .debounce(.zero)),
            .send(3),
            .moveChild,
            .startEffect(
                OneShotStart(value: 8, fails: false, deliversFailure: false, key: nil, policy: .cancelOlder)),
            .dismissHolding,
            .lateEvent(1),
            .presentHeld,
            .replaceParent,
            .presentChild,
            .replaceChild,
            .clearChild,
        ]
        let live = await LiveInterpreter(program: [.presentChild] + steps).run()
        // The first effect's value starts its follow-up, which waits for its quiet period until a
        // throttled effect with its key replaces it.
        #expect(live.snapshots[3].pending.map(\.id) == [OneShotStart.followUpID(of: 1)])
        #expect(live.snapshots[11].cancelled == [OneShotStart.followUpID(of: 1)])
        let idle = live.actions.indices.filter { if case .nothing = live.actions[$0] { true } else { false } }
        #expect(idle.isEmpty, "steps with nothing to act on: \(idle.map { "\($0). \(live.actions[$0])" })")
        let disagreement = await DifferentialCheck.run(steps)
        #expect(disagreement == nil, "\(disagreement.map(String.init(describing:)) ?? "")")
    }

    /// A plan side made wrong on purpose: the check finds a program on which the sides disagree, and
    /// shrinks it to the few steps that show the mistake.
    @Test(.shrinking, arguments: PlanInterpreter.Fault.allCases)
    func aPlantedDivergenceIsFoundAndShrunk(fault: PlanInterpreter.Fault) async throws {
        let found = FoundDisagreement()
        await withKnownIssue {
            await propertyCheck(count: 300, input: DifferentialStep.generator) { numbers in
                await Task.yield()
                if let disagreement = await DifferentialCheck.run(
                    numbers.map(DifferentialStep.init), fault: fault)
                {
                    // The last one found is the shrunk program's: the check runs it last.
                    found.latest = disagreement
                    Issue.record(Comment(rawValue: disagreement.description))
                }
            }
        }
        let disagreement = try #require(found.latest)
        // The first step presents the child; what is left shows the mistake alone.
        switch fault {
        case .zeroDebounceWaits:
            #expect(disagreement.program.count == 2, "\(disagreement)")
            #expect(disagreement.description.contains(", started], plan [#1 one-shot"), "\(disagreement)")
            #expect(disagreement.description.contains(", scheduled]\n"), "\(disagreement)")
        case .completesAnotherEffect:
            #expect(disagreement.program.count == 3, "\(disagreement)")
            #expect(
                disagreement.description.contains("The plan failed at that step:\nWHEN_"), "\(disagreement)")
            #expect(disagreement.description.contains("is pending"), "\(disagreement)")
        case .dropsCancellationByKey:
            #expect(disagreement.program.count == 3, "\(disagreement)")
            #expect(
                disagreement.description.contains("cancelled by the step: live [#1], plan none"),
                "\(disagreement)")
        }
        #expect(disagreement.description.contains("disagree after step \(disagreement.program.count - 1)"))
    }
}

/// The latest disagreement a property check found.
@MainActor
private final class FoundDisagreement {
    var latest: DifferentialCheck.Disagreement?
}
