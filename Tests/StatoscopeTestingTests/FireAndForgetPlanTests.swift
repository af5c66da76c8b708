import Statoscope
import StatoscopeTesting
import Testing

struct TrackOpen: Effect, Equatable {
    let screen: String
    func runEffect() async throws {}
}

struct TrackingRefused: Error, CustomStringConvertible {
    var description: String { "tracking refused" }
}

@MainActor
final class ArticleReader: Scope {
    var opened = 0

    enum When: Sendable { case appeared }

    func update(_ when: When) throws {
        opened += 1
        effectsState.enqueueFireAndForget(TrackOpen(screen: "reader"))
    }
}

@MainActor
@Suite
struct FireAndForgetPlanTests {
    @Test func aPlanChecksItAndCompletesItWithoutAnEvent() throws {
        let failures = try capturingFailures {
            try ArticleReader.GIVEN { ArticleReader() }
                .WHEN(.appeared)
                .THEN_Enqueued(TrackOpen(screen: "reader"))
                .WHEN_EffectCompletes(TrackOpen.self, with: ())
                .THEN_NoEffects()
                .THEN(\.opened, equals: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func itsFailureInAPlanReachesNoUpdateAndShowsInItsStatus() throws {
        let failures = try capturingFailures {
            try ArticleReader.GIVEN { ArticleReader() }
                .WHEN(.appeared)
                .WHEN_EffectFails(TrackOpen.self, with: TrackingRefused())
                .THEN_EffectStatus(TrackOpen.self, is: .failed)
                .THEN(\.opened, equals: 1)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func checkingItAsEndedWhenItFailedSaysSo() throws {
        let plan = try ArticleReader.GIVEN { ArticleReader() }
            .WHEN(.appeared)
            .WHEN_EffectFails(TrackOpen.self, with: TrackingRefused())
        let line: UInt = #line + 2
        let failures = try capturingFailures {
            try plan.THEN_EffectStatus(TrackOpen.self, is: .ended).runTest()
        }
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.contains("expected: the latest TrackOpen ended\nactual: it is failed")
                == true,
            "\(failures.first?.message ?? "no failure")")
    }
}
