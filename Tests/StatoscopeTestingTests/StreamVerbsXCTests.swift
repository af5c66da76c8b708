import Statoscope
import StatoscopeTesting
import XCTest

// The stream and virtual-time verbs from XCTest: a nonisolated method, as most XCTest suites are, and an `async`
// main-actor one (a synchronous main-actor method would crash test discovery on Linux).
final class StreamVerbsXCTests: XCTestCase {
    private func countdownPlan() throws -> TestPlan<LaunchPad> {
        try LaunchPad.GIVEN { LaunchPad() }
            .strictEffects()
            .WHEN(.userTappedLaunch(from: 2))
            .WHEN_StreamYields(Countdown.self, 2)
            .THEN(\.remaining, equals: 2)
            .WHEN_StreamFails(Countdown.self, with: EngineJammed())
            .THEN(\.ending, equals: "failed(StatoscopeTestingTests.EngineJammed())")
            .THEN_NoEffects()
    }

    func testStreamVerbsFromANonisolatedMethod() throws {
        let failures = try capturingFailures { try countdownPlan().runTest() }
        XCTAssertEqual(failures, [])
    }

    @MainActor
    func testStreamVerbsFromTheMainActor() async throws {
        let failures = try capturingFailures { try countdownPlan().runTest() }
        XCTAssertEqual(failures, [])
    }

    func testAnOpenStreamFailsAStrictPlan() throws {
        let failures = try capturingFailures {
            try LaunchPad.GIVEN { LaunchPad() }.strictEffects().WHEN(.userTappedLaunch(from: 1)).runTest()
        }
        XCTAssertEqual(failures.map(\.kind), [.pendingEffects])
        XCTAssertTrue(
            failures.first?.message.hasPrefix(
                "1 effect is still pending (1 of them open stream) at the end of a strict plan") == true,
            failures.first?.message ?? "no failure")
    }

    func testVirtualTimeFromANonisolatedMethod() throws {
        let failures = try capturingFailures {
            try SearchScreen.GIVEN { SearchScreen() }
                .WHEN(.userTyped("s"))
                .THEN_Scheduled(Search.self)
                .WHEN_TimePasses(.milliseconds(300))
                .WHEN_EffectCompletes(Search.self, with: ["swift"])
                .THEN(\.results, equals: ["swift"])
                .runTest()
        }
        XCTAssertEqual(failures, [])
    }
}
