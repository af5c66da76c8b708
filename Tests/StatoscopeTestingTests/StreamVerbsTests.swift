import Statoscope
import StatoscopeTesting
import Testing

@Suite struct StreamVerbsTests {
    @Test func elementsGoThroughTheMapChainWhileTheStreamStaysPending() throws {
        let runsBefore = EffectRuns.total
        let failures = try capturingFailures {
            try LaunchPad.GIVEN { LaunchPad() }
                .WHEN(.userTappedLaunch(from: 3))
                .THEN_Enqueued(Countdown(from: 3))
                .WHEN_StreamYields(Countdown.self, 3)
                .THEN(\.remaining, equals: 3)
                .WHEN_StreamYields(Countdown.self, 2)
                .THEN(\.remaining, equals: 2)
                .THEN_Enqueued(Countdown.self, count: 1)
                .WHEN_StreamEnds(Countdown.self)
                .THEN(\.ending, equals: "finished")
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [])
        #expect(EffectRuns.total == runsBefore, "a plan never runs a stream")
    }

    @Test func aFailureGoesThroughTheEndEventOrTheMappedResult() throws {
        let failures = try capturingFailures {
            try LaunchPad.GIVEN { LaunchPad() }
                .WHEN(.userTappedLaunch(from: 3))
                .WHEN_StreamFails(Countdown.self, with: EngineJammed())
                .THEN(\.ending, equals: "failed(StatoscopeTestingTests.EngineJammed())")
                .WHEN(.userOpenedReadings)
                .WHEN_StreamYields(Readings.self, 1.5)
                .THEN(\.readings, equals: [1.5])
                .WHEN_StreamFails(Readings.self, with: EngineJammed())
                .THEN(\.readingError, equals: "EngineJammed()")
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aKeyedRestartCancelsTheOlderStream() throws {
        let failures = try capturingFailures {
            try LaunchPad.GIVEN { LaunchPad() }
                .WHEN(.userTappedLaunch(from: 3))
                .WHEN(.userTappedLaunch(from: 10))
                .THEN_Cancelled(Countdown(from: 3))
                .THEN_Enqueued(Countdown.self, count: 1)
                .THEN_Enqueued(Countdown(from: 10))
                .WHEN_StreamYields(Countdown.self, 10)
                .THEN(\.remaining, equals: 10)
                .WHEN_StreamEnds(Countdown.self)
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func anElementAfterTheStreamEndedFailsItsStep() throws {
        let plan = try LaunchPad.GIVEN { LaunchPad() }
            .WHEN(.userTappedLaunch(from: 3))
            .WHEN_StreamEnds(Countdown.self)
        let lateLine: UInt = #line + 1
        _ = try plan.WHEN_StreamYields(Countdown.self, 2)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.map(\.location.line) == [lateLine])
        #expect(
            failures.first?.message.hasPrefix("WHEN_StreamYields(Countdown.self, 2) on LaunchPad") == true)
        #expect(failures.first?.message.contains("no Countdown is pending") == true)
    }

    @Test func strictModeCountsTheStreamsStillOpen() throws {
        let failures = try capturingFailures {
            try LaunchPad.GIVEN { LaunchPad() }
                .strictEffects()
                .WHEN(.userTappedLaunch(from: 3))
                .WHEN(.userOpenedReadings)
                .WHEN_StreamYields(Countdown.self, 3)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.pendingEffects])
        let message = failures.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "2 effects are still pending (2 of them open streams) at the end of a strict plan"),
            "\(message)")
        #expect(message.contains("WHEN_StreamEnds"))
    }
}
