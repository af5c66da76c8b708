import Statoscope
import StatoscopeTesting
import Testing

/// A root whose child debounces its searches.
final class SearchHub: Scope {
    @Subscope var screen = SearchScreen()
    @Subscope var spare: SearchScreen? = nil

    enum When { case opened }

    func update(_ when: When) throws {}
}

@Suite struct SubscopeEffectVerbsTests {
    @Test func theStreamVerbsTakeASubscopesKeyPathFirst() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .WHEN(.userOpensPad)
                .WHEN(\.pad, .userTappedLaunch(from: 3))
                .WITH(\.pad) { try $0.WHEN_StreamYields(Countdown.self, 3) }
                .THEN(\.pad?.remaining, equals: 3)
                .WITH(\.pad) { try $0.WHEN_StreamEnds(Countdown.self) }
                .THEN(\.pad?.ending, equals: "finished")
                .WHEN(\.pad, .userOpenedReadings)
                .WITH(\.pad) { try $0.WHEN_StreamFails(Readings.self, with: EngineJammed()) }
                .THEN_NotNil(\.pad?.readingError)
                .WITH(\.pad) { try $0.THEN_NoEffects() }
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }

    @Test func scheduledAndTimePassingTakeASubscopesKeyPathFirst() throws {
        let failures = try capturingFailures {
            try SearchHub.GIVEN { SearchHub() }
                .WHEN(\.screen, .userTyped("s"))
                .WITH(\.screen) { try $0.THEN_Scheduled(Search.self) }
                .WITH(\.screen) { try $0.WHEN_TimePasses(.milliseconds(300)) }
                .WITH(\.screen) { try $0.WHEN_EffectCompletes(Search.self, with: ["swift"]) }
                .THEN(\.screen.results, equals: ["swift"])
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }

    @Test func aSubscopeFormFailsWithTheSubscopesPathAndWhileItsOptionalIsNil() throws {
        let plan = try SearchHub.GIVEN { SearchHub() }
        let scheduledLine: UInt = #line + 1
        _ = try plan.WITH(\.screen) { try $0.THEN_Scheduled(Search.self) }
        let nilLine: UInt = #line + 1
        _ = try plan.WITH(\.spare) { try $0.WHEN_TimePasses(.seconds(1)) }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.location.line) == [scheduledLine, nilLine])
        #expect(
            failures.first?.message.hasPrefix("THEN_Scheduled(Search.self) on SearchHub.screen failed")
                == true,
            "\(failures.first?.message ?? "no failure")")
        #expect(failures.last?.kind == .unreachableScope, "\(failures)")
    }
}
