import Statoscope
import StatoscopeTesting
import Testing

@Suite struct VirtualTimeTests {
    @Test func debouncedWorkStartsExactlyWhenTheQuietPeriodEnds() throws {
        let failures = try capturingFailures {
            try SearchScreen.GIVEN { SearchScreen() }
                .WHEN(.userTyped("s"))
                .THEN_Scheduled(Search.self)
                .WHEN_TimePasses(.milliseconds(200))
                .WHEN(.userTyped("sw"))
                .THEN_Cancelled(Search(query: "s"))
                .THEN_Enqueued(Search.self, count: 1)
                .WHEN_TimePasses(.milliseconds(299))
                .THEN_Scheduled(Search.self)
                .WHEN_TimePasses(.milliseconds(1))
                .WHEN_EffectCompletes(Search.self, with: ["swift"])
                .THEN(\.results, equals: ["swift"])
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func completingAnEffectBeforeItStartsFailsAndSaysWhenItStarts() throws {
        let plan = try SearchScreen.GIVEN { SearchScreen() }
            .WHEN(.userTyped("s"))
            .WHEN_TimePasses(.milliseconds(100))
        let earlyLine: UInt = #line + 1
        _ = try plan.WHEN_EffectCompletes(Search.self, with: ["swift"])
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.map(\.location.line) == [earlyLine])
        #expect(
            failures.first?.message.contains(
                "the pending Search has not started: it starts at 0.3 seconds on the plan's clock, now at 0.1 seconds"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }

    @Test func timeDoesNotRunBackwards() throws {
        let plan = try SearchScreen.GIVEN { SearchScreen() }
            .WHEN(.userTyped("s"))
            .WHEN_TimePasses(.milliseconds(200))
        let backwardsLine: UInt = #line + 1
        _ = try plan.WHEN_TimePasses(.milliseconds(-200))
        let failures = try capturingFailures { try plan.WHEN_TimePasses(.milliseconds(100)).runTest() }
        #expect(failures.map(\.kind) == [.misuse])
        #expect(failures.map(\.location.line) == [backwardsLine])
        #expect(
            failures.first?.message.contains(
                "expected: a duration of zero or more\nactual: -0.2 seconds: the plan's clock only moves forward"
            ) == true, "\(failures.first?.message ?? "no failure")")
    }

    @Test func aStartedEffectIsNoLongerScheduled() throws {
        let plan = try SearchScreen.GIVEN { SearchScreen() }
            .WHEN(.userTyped("s"))
            .WHEN_TimePasses(.seconds(1))
        _ = try plan.THEN_Scheduled(Search.self)
        let failures = try capturingFailures { try plan.WHEN_OlderEffectCompletes(with: ["s"]).runTest() }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.first?.message.contains("actual: every pending Search has started") == true)
    }

    @Test func eachLineRunsOnItsOwnClockFromZero() throws {
        let failures = try capturingFailures {
            try SearchScreen.GIVEN { SearchScreen() }
                .WHEN(.userTyped("s"))
                .WHEN_TimePasses(.milliseconds(200))
                .FORK(.userTyped("sw")) { branch in
                    try branch
                        .WHEN_TimePasses(.milliseconds(299))
                        .THEN_Scheduled(Search.self)
                        .WHEN_TimePasses(.milliseconds(1))
                        .WHEN_OlderEffectCompletes(with: ["swift"])
                        .THEN(\.results, equals: ["swift"])
                }
                .WHEN_TimePasses(.milliseconds(100))
                .WHEN_EffectCompletes(Search.self, with: ["s"])
                .THEN(\.results, equals: ["s"])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aThrottleIntervalRunsOnThePlansClock() throws {
        let failures = try capturingFailures {
            try SearchScreen.GIVEN { SearchScreen() }
                .WHEN(.userPulledToRefresh)
                .WHEN(.userPulledToRefresh)
                .THEN_Enqueued(Search.self, count: 1)
                .WHEN_EffectCompletes(Search.self, with: [])
                .THEN(\.refreshes, equals: 1)
                .WHEN_TimePasses(.milliseconds(999))
                .WHEN(.userPulledToRefresh)
                .THEN_NoEffects()
                .WHEN_TimePasses(.milliseconds(1))
                .WHEN(.userPulledToRefresh)
                .WHEN_EffectCompletes(Search.self, with: [])
                .THEN(\.refreshes, equals: 2)
                .runTest()
        }
        #expect(failures == [])
    }
}
