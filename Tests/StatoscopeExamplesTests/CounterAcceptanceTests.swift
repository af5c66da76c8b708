import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The counter shows each tap at once, saves it to the server, and shows what the server
/// stored; the buttons are disabled while a save is in flight.
struct CounterAcceptanceTests {
    @Test func aTapIsShownAtOnceAndThenConfirmedByTheServer() throws {
        try Counter.GIVEN("a counter at zero") { Counter() }
            .injecting(CounterAPI.echoing)
            .THEN(\.viewDisplaysTotalCount, equals: 0)
            .WHEN(.userTappedIncrementButton)
            .THEN(\.viewDisplaysTotalCount, equals: 1)
            .THEN(\.viewShowsLoadingAndDisablesButtons, equals: true)
            .THEN_Enqueued(PostCount(count: 1))
            .FORK_EffectFails(PostCount.self, with: ServerError(message: "POST /counter answered 400")) {
                failure in
                try failure
                    .THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
                    .THEN(\.viewDisplaysError, equals: "POST /counter answered 400")
                    .THEN(\.viewDisplaysTotalCount, equals: 1)
            }
            .WHEN_EffectCompletes(PostCount.self, with: CounterDTO(count: 7))
            .THEN(\.viewDisplaysTotalCount, equals: 7)
            .THEN(\.viewShowsLoadingAndDisablesButtons, equals: false)
            .THEN_Nil(\.viewDisplaysError)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func decrementingStopsAtZero() throws {
        try Counter.GIVEN("a counter at zero") { Counter() }
            .injecting(CounterAPI.echoing)
            .WHEN(.userTappedDecrementButton)
            .THEN(\.viewDisplaysTotalCount, equals: 0)
            .THEN_Enqueued(PostCount(count: 0))
            .runTest()
    }

    @Test func aTapWhileSavingIsRejectedBecauseTheButtonsAreDisabled() throws {
        try Counter.GIVEN("a counter saving its first tap") { Counter() }
            .injecting(CounterAPI.echoing)
            .WHEN(.userTappedIncrementButton)
            .WHEN_Throws(.userTappedIncrementButton, InvalidStateError.self)
            .THEN(\.viewDisplaysTotalCount, equals: 1)
            .runTest()
    }

    @Test func anAnswerThatArrivesWhenNothingWasPostedIsRejected() throws {
        try Counter.GIVEN("a counter that posted nothing") { Counter() }
            .injecting(CounterAPI.echoing)
            .WHEN_Throws(.networkPostCompleted(.success(CounterDTO(count: 42))), InvalidStateError.self)
            .THEN(\.viewDisplaysTotalCount, equals: 0)
            .runTest()
    }
}
