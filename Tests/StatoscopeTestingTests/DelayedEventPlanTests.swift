import Statoscope
import StatoscopeTesting
import Testing

/// A filter whose text settles once the user paused, and which echoes by chaining delayed events.
@MainActor
final class QuietFilter: Scope {
    var text = ""
    var settled: [String] = []
    var echoes = 0
    /// The pending effects as they print: what a live run and a plan compare.
    var pendingText: [String] { effectsState.effects.map { "\($0)" } }

    enum When: Sendable, Equatable {
        case userTyped(String, after: Duration = .milliseconds(300))
        case userCleared
        case echo(times: Int, every: Duration)
        case textSettled
        case echoed(remaining: Int, every: Duration)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let text, let delay):
            self.text = text
            effectsState.enqueue(.textSettled, after: delay, key: "settle")
        case .userCleared:
            effectsState.cancelEffect(key: "settle")
        case .echo(let times, let interval):
            effectsState.enqueue(.echoed(remaining: times - 1, every: interval), after: interval)
        case .textSettled:
            settled.append(text)
        case .echoed(let remaining, let interval):
            echoes += 1
            if remaining > 0 {
                effectsState.enqueue(.echoed(remaining: remaining - 1, every: interval), after: interval)
            }
        }
    }
}

/// A screen presenting a filter, which closing dismisses.
@MainActor
final class QuietFilterScreen: Scope {
    @Subscope var filter: QuietFilter? = QuietFilter()

    enum When: Sendable { case userClosedFilter }

    func update(_ when: When) throws {
        filter = nil
    }
}

private typealias Settle = DelayedEvent<QuietFilter.When>

@MainActor
@Suite
struct DelayedEventPlanTests {
    @Test func aPlanShowsTheEventScheduledAndSendsItWhenItsDelayPasses() throws {
        let failures = try capturingFailures {
            try QuietFilter.GIVEN { QuietFilter() }
                .WHEN(.userTyped("s"))
                .THEN_Enqueued(DelayedEvent(QuietFilter.When.textSettled, after: .milliseconds(300)))
                .THEN_Scheduled(Settle.self)
                .THEN_EffectStatus(Settle.self, is: .scheduled)
                .WHEN_TimePasses(.milliseconds(299))
                .THEN(\.settled, equals: [])
                .WHEN_TimePasses(.milliseconds(1))
                .THEN(\.settled, equals: ["s"])
                .THEN_EffectStatus(Settle.self, is: .ended)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aNewEventWithItsKeyRestartsTheQuietPeriodInAPlan() throws {
        let failures = try capturingFailures {
            try QuietFilter.GIVEN { QuietFilter() }
                .WHEN(.userTyped("s"))
                .WHEN_TimePasses(.milliseconds(200))
                .WHEN(.userTyped("sw"))
                .THEN_Cancelled(Settle.self)
                .THEN_Enqueued(Settle.self, count: 1)
                .WHEN_TimePasses(.milliseconds(299))
                .THEN(\.settled, equals: [])
                .WHEN_TimePasses(.milliseconds(1))
                .THEN(\.settled, equals: ["sw"])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aDelayOfZeroOrLessIsSentInTheStepThatEnqueuedIt() throws {
        let failures = try capturingFailures {
            try QuietFilter.GIVEN { QuietFilter() }
                .WHEN(.userTyped("s", after: .zero))
                .THEN(\.settled, equals: ["s"])
                .WHEN(.userTyped("sw", after: .seconds(-1)))
                .THEN(\.settled, equals: ["s", "sw"])
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aHugeDelayWaitsTheLongestWaitAndCancelledItSendsNothing() throws {
        let failures = try capturingFailures {
            try QuietFilter.GIVEN { QuietFilter() }
                .WHEN(.userTyped("s", after: .seconds(Int64.max)))
                .WHEN_TimePasses(EffectClock.longestWait - .seconds(1))
                .THEN_Scheduled(Settle.self)
                .WHEN(.userCleared)
                .THEN_Cancelled(Settle.self)
                .THEN_NoEffects()
                .WHEN_TimePasses(.seconds(Int64.max))
                .THEN(\.settled, equals: [])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aHugeDelayIsSentOnceTheLongestWaitPassed() throws {
        let failures = try capturingFailures {
            try QuietFilter.GIVEN { QuietFilter() }
                .WHEN(.userTyped("s", after: .seconds(Int64.max)))
                .WHEN_TimePasses(EffectClock.longestWait)
                .THEN(\.settled, equals: ["s"])
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func aScopeDismissedWhileItsEventWaitsGetsNothingInAPlan() throws {
        let failures = try capturingFailures {
            try QuietFilterScreen.GIVEN { QuietFilterScreen() }
                .WHEN(\.filter, .userTyped("s"))
                .WITH(\.filter) { try $0.THEN_Scheduled(Settle.self) }
                .WHEN(.userClosedFilter)
                .WITH(\.filter) { try $0.THEN_Cancelled(Settle.self) }
                .WHEN_TimePasses(.seconds(1))
                .THEN_Nil(\.filter)
                .runTest(assertNoPendingEffects: true)
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func whatAnEventEnqueuesIsMeasuredFromItsInstantWithinOneStep() throws {
        let failures = try capturingFailures {
            try QuietFilter.GIVEN { QuietFilter() }
                .WHEN(.echo(times: 3, every: .milliseconds(100)))
                .WHEN_TimePasses(.milliseconds(250))
                .THEN(\.echoes, equals: 2)
                .WHEN_TimePasses(.milliseconds(49))
                .THEN(\.echoes, equals: 2)
                .WHEN_TimePasses(.milliseconds(1))
                .THEN(\.echoes, equals: 3)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func completingAWaitingEventByHandFailsAndSaysWhenItIsSent() throws {
        let plan = try QuietFilter.GIVEN { QuietFilter() }
            .WHEN(.userTyped("s"))
            .WHEN_TimePasses(.milliseconds(100))
        let line: UInt = #line + 1
        _ = try plan.WHEN_EffectCompletes(Settle.self, with: .textSettled)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.contains(
                "the pending DelayedEvent<When> has not started: it starts at 0.3 seconds on the plan's clock, now at 0.1 seconds"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }

    @Test func checkingForAnEventAlreadySentFailsAndSaysWhenItWasSent() throws {
        let plan = try QuietFilter.GIVEN { QuietFilter() }
            .WHEN(.userTyped("s"))
            .WHEN_TimePasses(.milliseconds(300))
        let line: UInt = #line + 1
        _ = try plan.THEN_Enqueued(DelayedEvent(QuietFilter.When.textSettled, after: .milliseconds(300)))
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.map(\.location.line) == [line])
        let message = failures.first?.message ?? "no failure"
        #expect(
            message.contains("expected: DelayedEvent(textSettled, after: 0.3 seconds) pending")
                && message.contains("completed by the step at line"), "\(message)")
    }
}

/// A scope that enqueues delayed events as effects, rather than with `enqueue(_:after:key:)`: plain,
/// mapped or animated.
@MainActor
final class DelayedEffects: Scope {
    @Injected var clock: EffectClock
    var armedAt: EffectClock.Instant?
    var received: [String] = []

    enum When: Sendable, Equatable {
        case arm(after: Duration)
        case armMapped(Int, after: Duration)
        case armAnimated(after: Duration)
        case disarm
        case fired
        case firedValue(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .arm(let delay):
            armedAt = clock.now
            effectsState.enqueue(DelayedEvent(When.fired, after: delay), key: "alarm")
        case .armMapped(let value, let delay):
            effectsState.enqueue(DelayedEvent(value, after: delay).map(When.firedValue))
        case .armAnimated(let delay):
            armedAt = clock.now
            effectsState.enqueue(DelayedEvent(When.fired, after: delay).animation(SendAnimation { $0() }))
        case .disarm:
            effectsState.cancelEffect(key: "alarm")
        case .fired:
            received.append("fired after \(armedAt.map { $0.duration(to: clock.now) } ?? .zero)")
        case .firedValue(let value):
            received.append("value \(value)")
        }
    }
}

/// A delayed event enqueued as an effect waits on the scope's clock live: a plan's clock lets its
/// delay pass, and sends it, as it does for one enqueued with `enqueue(_:after:key:)`.
@MainActor
@Suite
struct DelayedEventAsAnEffectPlanTests {
    @Test func itIsPendingUntilThePlansTimeLetsItsDelayPassThenSentAtItsInstant() throws {
        try DelayedEffects.GIVEN { DelayedEffects() }
            .WHEN(.arm(after: .seconds(2)))
            .THEN_EffectStatus(DelayedEvent<DelayedEffects.When>.self, is: .pending)
            .WHEN_TimePasses(.milliseconds(1_999))
            .THEN(\.received, equals: [])
            .WHEN_TimePasses(.seconds(5))
            .THEN(\.received, equals: ["fired after 2.0 seconds"])
            .THEN_NoEffects()
            .runTest()
    }

    @Test func mappedOrAnimatedItIsSentTheSameWay() throws {
        try DelayedEffects.GIVEN { DelayedEffects() }
            .WHEN(.armMapped(7, after: .seconds(1)))
            .WHEN(.armAnimated(after: .seconds(3)))
            .WHEN_TimePasses(.seconds(3))
            .THEN(\.received, equals: ["value 7", "fired after 3.0 seconds"])
            .THEN_NoEffects()
            .runTest()
    }

    @Test func cancelledBeforeItsDelayPassedItSendsNothing() throws {
        try DelayedEffects.GIVEN { DelayedEffects() }
            .WHEN(.arm(after: .seconds(2)))
            .WHEN_TimePasses(.seconds(1))
            .WHEN(.disarm)
            .THEN_Cancelled(DelayedEvent<DelayedEffects.When>.self)
            .WHEN_TimePasses(.seconds(5))
            .THEN(\.received, equals: [])
            .runTest()
    }

    @Test func aDelayOfZeroOrLessIsSentInTheStepThatEnqueuedIt() throws {
        try DelayedEffects.GIVEN { DelayedEffects() }
            .WHEN(.arm(after: .zero))
            .THEN(\.received, equals: ["fired after 0.0 seconds"])
            .WHEN(.armAnimated(after: .seconds(-1)))
            .THEN(\.received, equals: ["fired after 0.0 seconds", "fired after 0.0 seconds"])
            .THEN_NoEffects()
            .runTest()
    }

    @Test func completedByHandBeforeItsDelayPassedItIsSentOnce() throws {
        try DelayedEffects.GIVEN { DelayedEffects() }
            .WHEN(.arm(after: .seconds(2)))
            .WHEN_EffectCompletes(DelayedEvent<DelayedEffects.When>.self, with: .fired)
            .THEN(\.received, equals: ["fired after 0.0 seconds"])
            .WHEN_TimePasses(.seconds(5))
            .THEN(\.received, equals: ["fired after 0.0 seconds"])
            .runTest()
    }
}
