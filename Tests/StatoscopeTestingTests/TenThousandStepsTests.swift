import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// A counter that saves each new count: one event, one effect and one completion per step group.
private final class SavingCounter: Scope {
    var count = 0
    var savedCount = 0

    struct Persist: Effect, Equatable {
        let value: Int
        func runEffect() async throws -> Int { value }
    }

    enum When {
        case increment
        case saved(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .increment:
            count += 1
            effectsState.enqueue(Persist(value: count).map(When.saved))
        case .saved(let value):
            savedCount = value
        }
    }
}

/// A plan of exactly 10,000 steps: 2,000 rounds of an event, two checks, a completion and a check.
private func tenThousandStepPlan() throws -> TestPlan<SavingCounter> {
    var plan = try SavingCounter.GIVEN { SavingCounter() }
    for round in 1...2_000 {
        plan =
            try plan
            .WHEN(.increment)
            .THEN(\.count, equals: round)
            .THEN_Enqueued(SavingCounter.Persist(value: round))
            .WHEN_EffectCompletes(SavingCounter.Persist.self, with: round)
            .THEN(\.savedCount, equals: round)
    }
    return plan
}

@Suite struct TenThousandStepsTests {
    @Test func aTenThousandStepPlanRunsAndPasses() throws {
        let plan = try tenThousandStepPlan()
        #expect(plan.core.main.steps.count == 10_000)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures == [])
    }

    /// Not a timed test: prints the figure when asked, for the documentation.
    /// `STATOSCOPE_MEASURE=1 swift test -c release --filter TenThousandStepsTests`
    @Test(.enabled(if: ProcessInfo.processInfo.environment["STATOSCOPE_MEASURE"] == "1"))
    func measureTenThousandSteps() throws {
        let clock = ContinuousClock()
        var builds: [Duration] = []
        var runs: [Duration] = []
        for _ in 0..<7 {
            var plan: TestPlan<SavingCounter>?
            builds.append(try clock.measure { plan = try tenThousandStepPlan() })
            runs.append(try clock.measure { try plan?.runTest() })
        }
        print(
            """
            10,000-step plan, best of 7: build \(builds.min()!), run \(runs.min()!); \
            median build \(builds.sorted()[3]), run \(runs.sorted()[3])
            """)
    }
}
