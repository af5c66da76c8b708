import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@MainActor
func runZeroTimerPlans() async {
    for interval in [Duration.zero, .nanoseconds(1), .seconds(-1)] {
        let failures = try? capturingFailures {
            try Poster.GIVEN { Poster(interval: interval) }
                .WHEN(.startTimer)
                .WHEN_TimePasses(.seconds(3_600))
                .runTest()
        }
        precondition(
            failures?.map(\.kind) == [.misuse], "\(interval): \(failures.map { $0.map(\.message) } ?? [])")
    }
}

@MainActor
func runLongestTimerPlans() async {
    for interval in [Duration(_high: .max, low: .max), .seconds(Int64.max / 2), .seconds(Int64.max / 3)] {
        _ = try? capturingFailures {
            try Poster.GIVEN { Poster(interval: interval) }
                .WHEN(.startTimer)
                .WHEN_TimePasses(.seconds(Int64.max))
                .WHEN_TimePasses(.seconds(Int64.max))
                .WHEN_TimePasses(Duration(_high: .max, low: .max))
                .runTest()
        }
    }
}

/// A timer in a plan: of zero fails its step instead of hanging; of the longest interval never traps;
/// started mid-second, ticks at whole intervals from its start however time passes.
extension RepeatingTimerPlanTests {
    @Test func aTimerOfZeroInAPlanFailsItsStepInsteadOfHanging() async {
        await #expect(processExitsWith: .success) {
            alarm(100)
            await runZeroTimerPlans()
        }
    }

    @Test func aTimerOfTheLongestIntervalInAPlanNeverTraps() async {
        await #expect(processExitsWith: .success) {
            alarm(100)
            await runLongestTimerPlans()
        }
    }

    @Test func aTimerStartedMidSecondTicksAtWholeIntervalsFromItsStartHoweverTimePasses() throws {
        let failures = try capturingFailures {
            try Uploader.GIVEN { Uploader() }
                .WHEN_TimePasses(.milliseconds(300))
                .WHEN(.tick)
                .WHEN_TimePasses(.milliseconds(999))
                .THEN(\.items, equals: [])
                .WHEN_TimePasses(.milliseconds(1))
                .THEN(\.items, equals: [1])
                .WHEN_TimePasses(.milliseconds(1_500))
                .THEN(\.items, equals: [1, 2])
                .WHEN_TimePasses(.milliseconds(500))
                .THEN(\.items, equals: [1, 2, 3])
                .THEN_EffectStatus(RepeatingTimer.self, is: .open)
                .WHEN(.stop)
                .THEN_EffectStatus(RepeatingTimer.self, is: .cancelled)
                .WHEN_TimePasses(.seconds(10))
                .THEN(\.items, equals: [1, 2, 3])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }
}
