import Statoscope
import StatoscopeTesting
import Testing

@MainActor
final class Stopwatch: Scope {
    var seconds = 0
    var lastTick = 0
    let interval: Duration

    init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    enum When: Sendable {
        case userTappedStart
        case userTappedStop
        case ticked(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedStart:
            effectsState.enqueue(RepeatingTimer(every: interval).map(When.ticked), key: "timer")
        case .userTappedStop:
            effectsState.cancelEffect(key: "timer")
        case .ticked(let tick):
            seconds += 1
            lastTick = tick
            // Stops itself at two hours.
            if tick == 7_200 { effectsState.cancelEffect(key: "timer") }
        }
    }
}

@MainActor
@Suite
struct RepeatingTimerPlanTests {
    @Test func anHourPassingDeliversEachOfItsTicksInOneStep() throws {
        let failures = try capturingFailures {
            try Stopwatch.GIVEN { Stopwatch() }
                .WHEN(.userTappedStart)
                .THEN_Enqueued(RepeatingTimer(every: .seconds(1)))
                .WHEN_TimePasses(.milliseconds(999))
                .THEN(\.seconds, equals: 0)
                .WHEN_TimePasses(.milliseconds(1))
                .THEN(\.seconds, equals: 1)
                .WHEN_TimePasses(.seconds(3_599))
                .THEN(\.seconds, equals: 3_600)
                .THEN(\.lastTick, equals: 3_600)
                .WHEN(.userTappedStop)
                .THEN_Cancelled(RepeatingTimer(every: .seconds(1)))
                .WHEN_TimePasses(.seconds(10))
                .THEN(\.seconds, equals: 3_600)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aTickThatCancelsItsTimerEndsTheTicksWithinTheStep() throws {
        let failures = try capturingFailures {
            try Stopwatch.GIVEN { Stopwatch() }
                .WHEN(.userTappedStart)
                .WHEN_TimePasses(.seconds(10_000))
                .THEN(\.seconds, equals: 7_200)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func tooManyTicksInOneStepFailTheStepRatherThanHoldThePlan() throws {
        let plan = try Stopwatch.GIVEN { Stopwatch(interval: .milliseconds(1)) }
            .WHEN(.userTappedStart)
        let line: UInt = #line + 1
        let failures = try capturingFailures { try plan.WHEN_TimePasses(.seconds(86_400)).runTest() }
        #expect(failures.map(\.kind) == [.misuse])
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.contains(
                "expected: at most 1000000 timer ticks in one step\nactual: the running timers would tick more than that"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }
}
