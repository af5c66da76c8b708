import Statoscope
import StatoscopeTesting
import Testing

/// A scope whose every effect is enqueued with the key policy its event names.
@MainActor
final class Paced: Scope {
    var finished: [Int] = []

    enum When {
        case run(Int, EffectKeyPolicy)
        case finished(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .run(let number, let policy):
            effectsState.enqueue(
                Lap(from: number).map { _ in When.finished(number) }, key: "work", ifKeyInFlight: policy)
        case .finished(let number):
            finished.append(number)
        }
    }
}

/// A one-shot effect that the plans complete by hand.
struct Lap: Effect, Equatable {
    let from: Int
    func runEffect() async throws -> Int { from }
}

/// The plan's clock at the extremes of `Duration`, and intervals of zero or less: the plan behaves as
/// a live run does, and never traps.
@Suite struct VirtualTimeExtremesTests {
    private static let largest = Duration(_high: .max, low: .max)
    private static let maxComponents = Duration(
        secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999)

    @Test(arguments: [
        Duration.zero, .milliseconds(-1), Duration(secondsComponent: Int64.min, attosecondsComponent: 0),
    ])
    func aDebounceOfZeroOrLessStartsAtOnceInAPlan(quietPeriod: Duration) throws {
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, .debounce(quietPeriod)))
                .WHEN_EffectCompletes(Lap.self, with: 1)
                .THEN(\.finished, equals: [1])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test(arguments: [
        Duration.zero, .milliseconds(-1), Duration(secondsComponent: Int64.min, attosecondsComponent: 0),
    ])
    func aThrottleOfZeroOrLessDropsNothingInAPlan(interval: Duration) throws {
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, .throttle(interval)))
                .WHEN_EffectCompletes(Lap.self, with: 1)
                .WHEN(.run(2, .throttle(interval)))
                .WHEN_EffectCompletes(Lap.self, with: 2)
                .THEN(\.finished, equals: [1, 2])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func timePassingBeyondTheRangeOfDurationNeverTraps() throws {
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, .debounce(.seconds(1))))
                .WHEN_TimePasses(Self.largest)
                .WHEN_TimePasses(Self.largest)
                .WHEN_EffectCompletes(Lap.self, with: 1)
                .WHEN(.run(2, .throttle(.seconds(1))))
                .WHEN_EffectCompletes(Lap.self, with: 2)
                .WHEN_TimePasses(.seconds(Int64.max))
                .WHEN(.run(3, .throttle(.seconds(1))))
                .THEN_NoEffects()
                .THEN(\.finished, equals: [1, 2])
                .runTest()
        }
        #expect(
            failures == [], "the plan's clock stops at its latest time, so the throttle's interval goes on")
    }

    @Test(arguments: [largest, maxComponents, .seconds(Int64.max)])
    func aHugeDebounceWaitsTheLongestWaitInAPlan(quietPeriod: Duration) throws {
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, .debounce(quietPeriod)))
                .THEN_Scheduled(Lap.self)
                .WHEN_TimePasses(EffectClock.longestWait - .nanoseconds(1))
                .THEN_Scheduled(Lap.self)
                .WHEN_TimePasses(.nanoseconds(1))
                .WHEN_EffectCompletes(Lap.self, with: 1)
                .THEN(\.finished, equals: [1])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test(arguments: [largest, maxComponents, .seconds(Int64.max)])
    func aHugeThrottleDropsForTheLongestWaitInAPlan(interval: Duration) throws {
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, .throttle(interval)))
                .WHEN_EffectCompletes(Lap.self, with: 1)
                .WHEN_TimePasses(EffectClock.longestWait - .nanoseconds(1))
                .WHEN(.run(2, .throttle(interval)))
                .THEN_NoEffects()
                .WHEN_TimePasses(.nanoseconds(1))
                .WHEN(.run(3, .throttle(interval)))
                .WHEN_EffectCompletes(Lap.self, with: 3)
                .THEN(\.finished, equals: [1, 3])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test(arguments: [
        Duration(_high: .min, low: 0), Duration(secondsComponent: Int64.min, attosecondsComponent: 0),
        .milliseconds(-1),
    ])
    func timePassingByANegativeDurationFailsItsStep(duration: Duration) throws {
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN_TimePasses(.zero)
                .WHEN_TimePasses(duration)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.misuse])
        #expect(
            failures.first?.message.contains(
                "WHEN_TimePasses(\(duration)) failed\nexpected: a duration of zero or more")
                == true, "\(failures.first?.message ?? "no failure")")
    }
}
