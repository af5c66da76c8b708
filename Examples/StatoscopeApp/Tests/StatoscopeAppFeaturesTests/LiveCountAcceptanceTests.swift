import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// The live count connects when its screen appears (or when the user taps Connect, as the settings
/// chose), shows each count the server pushes, and says so when the server ends the connection.
struct LiveCountAcceptanceTests {
    @Test func theScreenConnectsOnOpenAndShowsEachPush() throws {
        try LiveCountScreen.GIVEN("a live count that connects on open") { LiveCountScreen() }
            .injecting(LiveCountClient.quiet)
            .WHEN(.screenAppeared)
            .THEN(\.isConnected, equals: true)
            .THEN_Nil(\.count)
            .THEN_Enqueued(LiveCountUpdates())
            .WHEN_StreamYields(LiveCountUpdates.self, 3)
            .THEN(\.count, equals: 3)
            .WHEN_StreamYields(LiveCountUpdates.self, 4)
            .THEN(\.count, equals: 4)
            .WHEN(.userTappedDisconnect)
            .THEN_Cancelled(LiveCountUpdates())
            .THEN(\.isConnected, equals: false)
            .THEN_NoEffects()
            .WHEN_Throws(.serverPushed(5), InvalidStateError.self)
            .runTest()
    }

    @Test func whenTheSettingsSaySoTheUserConnects() throws {
        try LiveCountScreen.GIVEN("a live count that waits for Connect") {
            LiveCountScreen(connectsOnOpen: false)
        }
        .injecting(LiveCountClient.quiet)
        .WHEN(.screenAppeared)
        .THEN(\.isConnected, equals: false)
        .THEN_NoEffects()
        .WHEN(.userTappedConnect)
        .THEN(\.isConnected, equals: true)
        .THEN_Enqueued(LiveCountUpdates())
        .runTest()
    }

    @Test func theScreenSaysWhyTheUpdatesStoppedAndReconnects() throws {
        try LiveCountScreen.GIVEN("a connected live count") { LiveCountScreen() }
            .injecting(LiveCountClient.quiet)
            .WHEN(.screenAppeared)
            .WHEN_StreamYields(LiveCountUpdates.self, 3)
            .WHEN_StreamEnds(LiveCountUpdates.self)
            .THEN(\.isConnected, equals: false)
            .THEN(\.errorMessage, equals: "The server closed the connection.")
            .WHEN(.userTappedConnect)
            .THEN_Nil(\.errorMessage)
            .THEN_Nil(\.count)
            .THEN_Enqueued(LiveCountUpdates())
            .runTest()
    }

    @Test func aFailedConnectionShowsTheServersMessage() throws {
        try LiveCountScreen.GIVEN("a connected live count") { LiveCountScreen() }
            .injecting(LiveCountClient.quiet)
            .WHEN(.screenAppeared)
            .WHEN_StreamFails(LiveCountUpdates.self, with: APIError(message: "connection lost"))
            .THEN(\.isConnected, equals: false)
            .THEN(\.errorMessage, equals: "connection lost")
            .THEN_NoEffects()
            .runTest()
    }
}
