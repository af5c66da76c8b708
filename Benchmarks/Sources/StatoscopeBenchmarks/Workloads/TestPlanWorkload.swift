import Observation
import Statoscope
import StatoscopeTesting

/// Workload 7: test plans.
///
/// - 10,000 steps: 2,000 rounds of `WHEN`, `THEN`, `THEN_Enqueued`, `WHEN_EffectCompletes`, `THEN`,
///   built and run. Baseline: 10,000 operations by hand (sends and property reads on a scope without
///   effects), the raw work a plan's steps wrap, reported only: no hand-written code checks and
///   describes each step. Budget: <= 100 ms.
/// - The same 10,000 steps on an `@Observable` counter, whose properties are computed: with its
///   specification rendered, which names every checked property as words; and with strict state on,
///   which compares the state after every event. Budget: each at most 3x the plan above, in the same
///   run.
/// - 100 forks: a plan forking after each of 100 taps, each branch completing the save; reported.
///   A branch replays the main line up to its fork, so the cost grows with the square of the forks.
/// - A plan whose step completes an effect with a list of 10, 100, 1,000 and 10,000 articles, built
///   and run. Budget: its cost at 10,000 at most 10x its cost at 1,000 (the growth row: linear
///   growth is 10x, flat 1x); a step's text is made only when read, so the value's size should not
///   count at all.
@MainActor
enum TestPlanWorkload {
    static let articleCounts = [10, 100, 1_000, 10_000]

    static func run(_ context: WorkloadContext) async {
        let rounds = context.settings.isSmoke ? 20 : 2_000
        let forks = context.settings.isSmoke ? 5 : 100
        let samples = await context.repeatInterleaved([
            { [byHand(rounds: rounds, context)] },
            { [plan(rounds: rounds, context)] },
            { [forkingPlan(forks: forks, context)] },
            { [observablePlan(rounds: rounds, strictState: false, context)] },
            { [observablePlan(rounds: rounds, strictState: true, context)] },
        ])
        let steps = rounds * 5
        let handWritten = Measured(
            name: "\(steps.grouped) operations by hand: sends and property reads", unit: "ms",
            samples: samples[0][0], operations: steps)
        let linear = Measured(
            name: "test plan of \(steps.grouped) steps: built and run", unit: "ms", samples: samples[1][0],
            operations: steps)
        let forking = Measured(
            name: "test plan with \(forks) forks", unit: "ms", samples: samples[2][0], operations: forks)
        context.recordBaseline(handWritten)
        context.record(
            linear, against: handWritten, budget: context.settings.isSmoke ? nil : .value(atMost: 100))
        context.record(forking, against: handWritten)
        let named = Measured(
            name: "test plan of \(steps.grouped) steps, @Observable, names as words", unit: "ms",
            samples: samples[3][0], operations: steps)
        let strict = Measured(
            name: "test plan of \(steps.grouped) steps, @Observable, strict state", unit: "ms",
            samples: samples[4][0], operations: steps)
        context.recordBaseline(linear)
        context.record(named, against: linear, budget: .ratio(atMost: 3))
        context.record(strict, against: linear, budget: .ratio(atMost: 3))
        recordValueSizes(in: context)
    }

    /// A plan completing an effect with a list of each size, every size timed in one interleaved
    /// measurement so that the growth ratio compares figures a burst of load landed on alike.
    private static func recordValueSizes(in context: WorkloadContext) {
        let cases = articleCounts.map { count in
            let articles = Article.list(of: count)
            return TimedCase(
                name: "a plan completing an effect with \(Format.count(count)) articles: built and run"
            ) {
                iterations in
                for _ in 0..<iterations {
                    do {
                        try ArticleScreen.GIVEN { ArticleScreen() }
                            .WHEN(.appeared)
                            .WHEN_EffectCompletes(ArticleScreen.Load.self, with: articles)
                            .runTest()
                    } catch {
                        fatalError("the benchmark's plan is malformed: \(error)")
                    }
                }
                return UInt64(iterations &* count)
            }
        }
        let results = Sampler.measure(cases, in: context)
        for result in results { context.record(result) }
        let bySize = Dictionary(uniqueKeysWithValues: zip(articleCounts, results))
        let name = "a plan completing an effect with its articles"
        context.recordGrowth(
            of: name, from: bySize, smallest: 1_000, largest: 10_000, budget: .ratio(atMost: 10),
            note: "linear 10x")
        context.recordGrowth(
            of: name, from: bySize, smallest: 10, largest: 10_000, budget: nil, note: "linear 1,000x")
    }

    /// Milliseconds to build and run the plan of `rounds` rounds on an `@Observable` counter, then
    /// render its specification (every key path named), or run it under strict state.
    private static func observablePlan(rounds: Int, strictState: Bool, _ context: WorkloadContext) -> Double {
        let stopwatch = Stopwatch()
        var length = 0
        do {
            var plan = try ObservablePlanCounter.GIVEN { ObservablePlanCounter() }.strictState(strictState)
            for round in 1...rounds {
                // Each change is checked before the next event, so strict state finds nothing to report.
                plan = try plan.WHEN(.tap)
                    .THEN(\.count, equals: round)
                    .AND(\.saving, equals: true)
                    .WHEN_EffectCompletes(ObservablePlanCounter.Save.self, with: round)
                    .THEN(\.saving, equals: false)
            }
            try plan.runTest()
            if !strictState { length = plan.specification.utf8.count }
        } catch {
            fatalError("the benchmark's plan is malformed: \(error)")
        }
        context.consume(UInt64(rounds + length))
        return stopwatch.elapsedNanoseconds / 1e6
    }

    /// Milliseconds to send the plan's events and read the properties its checks read, by hand.
    private static func byHand(rounds: Int, _ context: WorkloadContext) -> Double {
        let stopwatch = Stopwatch()
        let tally = TallyScope()
        var checksum = 0
        for round in 0..<rounds {
            tally.send(.add(round))
            checksum &+= tally.total
            checksum &+= tally.events
            tally.send(.add(1))
            checksum &+= tally.total
        }
        context.consume(UInt64(truncatingIfNeeded: checksum))
        return stopwatch.elapsedNanoseconds / 1e6
    }

    /// Milliseconds to build and run a plan of `rounds` rounds of five steps.
    private static func plan(rounds: Int, _ context: WorkloadContext) -> Double {
        let stopwatch = Stopwatch()
        do {
            var plan = try PlanCounter.GIVEN { PlanCounter() }
            for round in 1...rounds {
                plan = try plan.WHEN(.tap)
                    .THEN(\.count, equals: round)
                    .THEN_Enqueued(PlanCounter.Save(count: round))
                    .WHEN_EffectCompletes(PlanCounter.Save.self, with: round)
                    .THEN(\.saving, equals: false)
            }
            try plan.runTest()
        } catch {
            fatalError("the benchmark's plan is malformed: \(error)")
        }
        context.consume(UInt64(rounds))
        return stopwatch.elapsedNanoseconds / 1e6
    }

    /// Milliseconds to build and run a plan that forks after each of `forks` taps.
    private static func forkingPlan(forks: Int, _ context: WorkloadContext) -> Double {
        let stopwatch = Stopwatch()
        do {
            var plan = try PlanCounter.GIVEN { PlanCounter() }
            for tap in 1...forks {
                // The branch sees the save complete; the main line completes it too, and goes on.
                plan = try plan.WHEN(.tap)
                    .FORK_EffectCompletes(PlanCounter.Save.self, with: tap) { branch in
                        try branch.THEN(\.saving, equals: false)
                    }
                    .WHEN_EffectCompletes(PlanCounter.Save.self, with: tap)
            }
            try plan.runTest()
        } catch {
            fatalError("the benchmark's plan is malformed: \(error)")
        }
        context.consume(UInt64(forks))
        return stopwatch.elapsedNanoseconds / 1e6
    }
}

/// ``PlanCounter`` as the README writes scopes, `@Observable`: its key paths hold computed components.
@MainActor
@Observable
final class ObservablePlanCounter: Scope {
    typealias When = PlanCounter.When
    typealias Save = PlanCounter.Save

    var count = 0
    var saving = false

    func update(_ when: When) throws {
        if case .saved(let saved) = when {
            count = saved
            saving = false
        } else {
            count += 1
            saving = true
            effectsState.enqueue(Save(count: count).map(When.saved))
        }
    }
}
