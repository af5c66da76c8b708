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
        #expect(
            failures.first?.message.contains(
                """
                no Countdown is pending: the Countdown here ended by the step at line \(lateLine - 2)
                expected: one pending Countdown
                actual: Countdown ended; pending effects: none
                """) == true, "\(failures)")
    }

    @Test func aStreamVerbAimedAtAStreamItsDismissalCancelledNamesThatStatus() throws {
        let plan = try MissionControl.GIVEN { MissionControl() }
            .WHEN(.userOpensPad)
            .WHEN(\.pad, .userTappedLaunch(from: 3))
        let closeLine: UInt = #line + 1
        _ = try plan.WHEN(.userClosesPad)
        _ = try plan.WHEN_StreamYields(Countdown.self, 2)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingEffect], "\(failures)")
        #expect(
            failures.first?.message
                == """
                WHEN_StreamYields(Countdown.self, 2) on MissionControl: no Countdown is pending: the Countdown \
                of MissionControl.pad was cancelled by the step at line \(closeLine), when its scope was dismissed
                expected: one pending Countdown
                actual: Countdown cancelled (its scope was dismissed); pending effects: none
                """, "\(failures)")
    }

    @Test func aStreamThatFailedOrNeverStartedSaysSo() throws {
        let failed = try LaunchPad.GIVEN { LaunchPad() }
            .WHEN(.userOpenedReadings)
        let failLine: UInt = #line + 1
        _ = try failed.WHEN_StreamFails(Readings.self, with: EngineJammed())
            .THEN_Enqueued(Readings())
        let neverStarted = try MissionControl.GIVEN { MissionControl() }
        let abortLine: UInt = #line + 1
        _ = try neverStarted.WHEN_Throws(.userStartsCountdownAndAborts, LaunchAborted.self)
            .THEN_Enqueued(parameter: \Countdown.from, equals: 1)
            .WHEN_StreamEnds(Countdown.self)
        let failures = try capturingFailures {
            try failed.runTest()
            try neverStarted.runTest()
        }
        #expect(failures.count == 3, "\(failures)")
        #expect(
            failures.first?.message.hasSuffix(
                "\nthe equal Readings here ended by the step at line \(failLine)")
                == true, "\(failures)")
        let dropped =
            "the Countdown here never started: the update that enqueued it threw, by the step at line"
        #expect(
            failures.dropFirst().allSatisfy { $0.message.contains("\(dropped) \(abortLine)") }, "\(failures)")
        #expect(
            failures.last?.message.contains("actual: Countdown never started; pending effects: none") == true)
    }

    @Test func aStreamVerbOnAStreamMappedAsAOneShotFailsAndSaysWhatItIs() throws {
        let plan = try MissionControl.GIVEN { MissionControl() }
            .WHEN(.userStartsSilentCountdown)
            .FORK_EffectCompletes(Countdown.self, with: ()) { done in
                try done.THEN(\.silentCountdownDone, equals: true)
            }
        let yieldLine: UInt = #line + 1
        _ = try plan.WHEN_StreamYields(Countdown.self, 2)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.notAStream], "\(failures)")
        #expect(failures.map(\.location.line) == [yieldLine])
        #expect(
            failures.first?.message
                == """
                WHEN_StreamYields(Countdown.self, 2) on MissionControl: the pending Countdown is a stream run as \
                a one-shot effect: it was mapped with a closure that takes its Void result, which runs the \
                stream to its end and delivers one event; map its elements with a closure that takes an \
                element to feed it, or complete it with WHEN_EffectCompletes(Countdown.self, with: ())
                expected: an open stream
                actual: Countdown(from: 3), pending as a one-shot effect
                """, "\(failures)")
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
