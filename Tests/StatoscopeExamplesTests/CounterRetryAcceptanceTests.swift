import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// A save the server could not take tries again, twice, with growing waits; a refused one does not.
struct CounterRetryAcceptanceTests {
    @Test func aBusyServerGetsTwoMoreChancesAndTheLastFailureIsShown() throws {
        let busy = ServerError(message: "POST /counter answered 503: failing on purpose")
        try Counter.GIVEN("a counter at zero") { Counter() }
            .injecting(CounterAPI.echoing)
            .WHEN(.userTappedIncrementButton)
            .WHEN_EffectFails(PostCount.self, with: busy)
            .THEN_Scheduled(PostCount.self)
            .THEN(\.viewShowsLoadingAndDisablesButtons, equals: true)
            .THEN_Nil(\.viewDisplaysError)
            .WHEN_TimePasses(.milliseconds(200))
            .FORK_EffectCompletes(PostCount.self, with: CounterDTO(count: 1)) { recovered in
                try recovered
                    .THEN(\.viewDisplaysTotalCount, equals: 1)
                    .THEN_Nil(\.viewDisplaysError)
                    .THEN_NoEffects()
            }
            .WHEN_EffectFails(PostCount.self, with: busy)
            .WHEN_TimePasses(.milliseconds(399))
            .THEN_Scheduled(PostCount.self)
            .WHEN_TimePasses(.milliseconds(1))
            .WHEN_EffectFails(PostCount.self, with: busy)
            .THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
            .THEN(\.viewDisplaysError, equals: "POST /counter answered 503: failing on purpose")
            .THEN_NoEffects()
            .runTest()
    }

    @Test func aRefusedSaveIsNotSentAgain() throws {
        try Counter.GIVEN("a counter at zero") { Counter() }
            .injecting(CounterAPI.echoing)
            .WHEN(.userTappedIncrementButton)
            .WHEN_EffectFails(PostCount.self, with: ServerError(message: "POST /counter answered 404"))
            .THEN(\.viewDisplaysError, equals: "POST /counter answered 404")
            .THEN_NoEffects()
            .runTest()
    }
}
