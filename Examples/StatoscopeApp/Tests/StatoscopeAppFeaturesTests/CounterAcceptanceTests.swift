import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// The counter loads the server's count when it appears, shows each tap at once, saves it, and shows
/// what the server stored; its buttons are disabled until the count is there and while it is saved.
struct CounterAcceptanceTests {
    @Test func theCountIsLoadedWhenTheScreenAppears() throws {
        try CounterScreen.GIVEN("a counter that has not appeared yet") { CounterScreen() }
            .injecting(CounterClient.storing)
            .THEN_Nil(\.count)
            .THEN(\.buttonsAreEnabled, equals: false)
            .WHEN(.screenAppeared)
            .THEN(\.isLoading, equals: true)
            .THEN_Enqueued(LoadCount())
            .WHEN(.screenAppeared)
            .THEN_Enqueued(LoadCount.self, count: 1)
            .FORK_EffectFails(LoadCount.self, with: APIError(message: "offline")) { offline in
                try offline
                    .THEN(\.errorMessage, equals: "offline")
                    .THEN(\.buttonsAreEnabled, equals: false)
                    .WHEN(.userTappedRetry)
                    .THEN_Nil(\.errorMessage)
                    .THEN_Enqueued(LoadCount())
            }
            .WHEN_EffectCompletes(LoadCount.self, with: 3)
            .THEN(\.count, equals: 3)
            .THEN(\.buttonsAreEnabled, equals: true)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func aTapIsShownAtOnceThenReplacedByWhatTheServerStored() throws {
        try showingThree(step: 1)
            .WHEN(.userTappedIncrement)
            .THEN(\.count, equals: 4)
            .THEN(\.isSaving, equals: true)
            .THEN(\.buttonsAreEnabled, equals: false)
            .THEN_Enqueued(SaveCount(count: 4))
            .FORK_EffectFails(SaveCount.self, with: APIError(message: "offline")) { offline in
                try offline
                    .THEN(\.errorMessage, equals: "offline")
                    .THEN(\.count, equals: 4)
                    .THEN(\.buttonsAreEnabled, equals: true)
            }
            .WHEN_EffectCompletes(SaveCount.self, with: 40)
            .THEN(\.count, equals: 40)
            .THEN(\.isSaving, equals: false)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func theStepTheSettingsChoseChangesEachTapAndTheCountStopsAtZero() throws {
        try showingThree(step: 10)
            .WHEN(.userTappedDecrement)
            .THEN(\.count, equals: 0)
            .THEN_Enqueued(SaveCount(count: 0))
            .runTest()
    }

    @Test func aTapWhileSavingOrAnUnaskedAnswerIsRejected() throws {
        try showingThree(step: 1)
            .WHEN_Throws(.countSaved(.success(9)), InvalidStateError.self)
            .WHEN(.userTappedIncrement)
            .WHEN_Throws(.userTappedIncrement, InvalidStateError.self)
            .THEN(\.count, equals: 4)
            .THEN_Enqueued(SaveCount.self, count: 1)
            .runTest()
    }

    @Test func resettingAsksFirstThenSavesZero() throws {
        try showingThree(step: 1)
            .WHEN(.userTappedReset)
            .THEN(\.resetAlert?.title, equals: "Reset the count?")
            .THEN(\.resetAlert?.message, equals: "The count goes from 3 back to 0.")
            .THEN(\.resetAlert) { alert in
                let labels = alert?.buttons.map(\.label)
                guard labels == ["Reset", "Cancel"] else {
                    throw CheckFailure("Reset and Cancel, got \(labels ?? [])")
                }
            }
            .FORK(\.resetAlert, tapping: "Cancel") { cancelled in
                try cancelled
                    .THEN(\.count, equals: 3)
                    .THEN_NoEffects()
            }
            .WHEN(\.resetAlert, tapping: "Reset")
            .THEN(\.count, equals: 0)
            .THEN_Enqueued(SaveCount(count: 0))
            .runTest()
    }

    /// A counter showing the server's 3.
    private func showingThree(step: Int) throws -> TestPlan<CounterScreen> {
        try CounterScreen.GIVEN("a counter showing 3, counting by \(step)") { CounterScreen(step: step) }
            .injecting(CounterClient.storing)
            .WHEN(.screenAppeared)
            .WHEN_EffectCompletes(LoadCount.self, with: 3)
    }
}
