import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The live count shows the count the server pushes over a long-lived connection while the view is
/// open: each push replaces the count shown, the server closing the connection or failing is said
/// in the view, connecting again restarts the connection, and disconnecting or closing the view
/// ends it. In the app, each pushed count reaches the counter, unless a post of the user's is on its
/// way.
struct LiveCountAcceptanceTests {
    @Test func connectingListensToTheServerAndShowsEachPushedCount() throws {
        try LiveCount.GIVEN("a live count, not connected") { LiveCount() }
            .injecting(LiveCountAPI.quiet)
            .THEN(\.viewShowsLive, equals: false)
            .WHEN(.userConnects)
            .THEN(\.viewShowsLive, equals: true)
            .THEN_Nil(\.viewDisplaysServerCount)
            .THEN_Enqueued(LiveCountUpdates())
            .WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 3))
            .THEN(\.viewDisplaysServerCount, equals: 3)
            .WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 4))
            .THEN(\.viewDisplaysServerCount, equals: 4)
            .THEN(\.viewShowsLive, equals: true)
            // The connection stays open for the next push.
            .THEN_Enqueued(LiveCountUpdates.self, count: 1)
            .THEN_Nil(\.viewDisplaysError)
            .runTest()
    }

    @Test func whenTheServerClosesTheConnectionTheViewSaysSoAndCanConnectAgain() throws {
        try showingCount(3)
            .WHEN_StreamEnds(LiveCountUpdates.self)
            .THEN(\.viewShowsLive, equals: false)
            .THEN(\.viewDisplaysError, equals: "the server closed the live updates")
            .THEN(\.viewDisplaysServerCount, equals: 3)
            .THEN_NoEffects()
            .WHEN(.userConnects)
            .THEN(\.viewShowsLive, equals: true)
            .THEN_Nil(\.viewDisplaysError)
            .THEN_Nil(\.viewDisplaysServerCount)
            .THEN_Enqueued(LiveCountUpdates())
            .WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 7))
            .THEN(\.viewDisplaysServerCount, equals: 7)
            .runTest()
    }

    @Test func aFailedConnectionShowsTheServersError() throws {
        try LiveCount.GIVEN("a live count, connecting") { LiveCount() }
            .injecting(LiveCountAPI.quiet)
            .WHEN(.userConnects)
            .WHEN_StreamFails(
                LiveCountUpdates.self, with: ServerError(message: "GET /counter/live answered 503")
            )
            .THEN(\.viewShowsLive, equals: false)
            .THEN(\.viewDisplaysError, equals: "GET /counter/live answered 503")
            .THEN_Nil(\.viewDisplaysServerCount)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func connectingAgainRestartsTheConnection() throws {
        try showingCount(3)
            .WHEN(.userConnects)
            .THEN_Cancelled(LiveCountUpdates())
            .THEN_Enqueued(LiveCountUpdates.self, count: 1)
            .THEN_Nil(\.viewDisplaysServerCount)
            .WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 5))
            .THEN(\.viewDisplaysServerCount, equals: 5)
            .runTest()
    }

    @Test func disconnectingEndsTheConnectionAndKeepsTheLastCount() throws {
        try showingCount(3)
            .WHEN(.userDisconnects)
            .THEN_Cancelled(LiveCountUpdates())
            .THEN_NoEffects()
            .THEN(\.viewShowsLive, equals: false)
            .THEN(\.viewDisplaysServerCount, equals: 3)
            .THEN_Nil(\.viewDisplaysError)
            .runTest()
    }

    @Test func pushesAndEndsWhileDisconnectedAreRejected() throws {
        try showingCount(3)
            .WHEN(.userDisconnects)
            .WHEN_Throws(.serverPushesCount(CounterDTO(count: 9)), InvalidStateError.self)
            .WHEN_Throws(.liveUpdatesEnd(.serverClosed), InvalidStateError.self)
            .THEN(\.viewDisplaysServerCount, equals: 3)
            .THEN_Nil(\.viewDisplaysError)
            .runTest()
    }

    @Test func inTheAppAPushedCountReachesTheCounter() throws {
        try appWithTheLiveCountOpen()
            .THEN_NotNil(\.liveCount)
            .WITH(\.liveCount) { live in
                try live
                    .THEN(\.viewShowsLive, equals: true)
                    .WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 10))
                    .THEN(\.viewDisplaysServerCount, equals: 10)
            }
            .THEN(\.counter.viewDisplaysTotalCount, equals: 10)
            // Opening it again leaves the connection as it is: the view has a Reconnect button.
            .WHEN(.userOpensLiveCount)
            .WITH(\.liveCount) { try $0.THEN_Enqueued(LiveCountUpdates.self, count: 1) }
            .WITH(\.counter) { try $0.THEN_NotEnqueued(PostCount.self) }
            .runTest()
    }

    @Test func aPushRacingTheUsersPostDoesNotUndoTheTap() throws {
        try appWithTheLiveCountOpen()
            .WHEN(\.counter, .userTappedIncrementButton)
            .THEN(\.counter.viewDisplaysTotalCount, equals: 1)
            .WITH(\.liveCount) { live in
                // The server's count from before the tap, pushed while the post is on its way.
                try live.WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 0))
            }
            .THEN(\.counter.viewDisplaysTotalCount, equals: 1)
            .WITH(\.counter) { counter in
                try counter
                    .WHEN_EffectCompletes(PostCount.self, with: CounterDTO(count: 1))
                    .THEN(\.viewDisplaysTotalCount, equals: 1)
            }
            .WITH(\.liveCount) { live in
                try live.WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: 6))
            }
            .THEN(\.counter.viewDisplaysTotalCount, equals: 6)
            .runTest()
    }

    @Test func closingTheLiveCountDismissesItAndEndsItsConnection() throws {
        try appWithTheLiveCountOpen()
            .WHEN(.userClosesLiveCount)
            .THEN_Nil(\.liveCount)
            .THEN_NoEffects()
            .WITH(\.counter) { try $0.THEN_NoEffects() }
            // Strict: a connection still open anywhere in the tree at the end would fail the plan.
            .strictEffects()
            .runTest()
    }

    /// The app on its counter tab once the user opened the live count, which connects when shown.
    private func appWithTheLiveCountOpen() throws -> TestPlan<DemoApp> {
        try DemoApp.GIVEN("the app on its counter tab") { DemoApp() }
            .injecting(CounterAPI.echoing)
            .injecting(ProfileAPI.holdingJohn)
            .injecting(LiveCountAPI.quiet)
            .THEN_Nil(\.liveCount)
            .WHEN(.userOpensLiveCount)
            .WITH(\.liveCount) { try $0.THEN_Enqueued(LiveCountUpdates()) }
    }

    /// A connected live count showing `count`: the starting point of the plans about what comes next.
    private func showingCount(_ count: Int) throws -> TestPlan<LiveCount> {
        try LiveCount.GIVEN("a live count showing \(count)") { LiveCount() }
            .injecting(LiveCountAPI.quiet)
            .WHEN(.userConnects)
            .WHEN_StreamYields(LiveCountUpdates.self, CounterDTO(count: count))
            .THEN(\.viewDisplaysServerCount, equals: count)
    }
}
