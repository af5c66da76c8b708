import Statoscope
import StatoscopeAppFeatures
import Testing

/// The whole app as it runs, its effects really running against the server simulated in the app
/// (without latency): the clients injected at the root reach the screens pushed later, a save reaches
/// the live count, and going back closes the live count's connection.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct AppEndToEndTests {
    @Test func aSavedCountReachesTheLiveCountAndGoingBackEndsTheConnection() async throws {
        let root = AppRoot.simulated(SimulatedServer(latency: .zero))
        root.send(.userOpens(.counter))
        let counter = try #require(root.path.first?.counter)
        counter.send(.screenAppeared)
        try await settle(counter)
        #expect(counter.count == 0)

        root.send(.userOpens(.liveCount))
        let live = try #require(root.path.last?.liveCount)
        live.send(.screenAppeared)
        try await waitUntil("the live count shows the server's count") { live.count == 0 }

        counter.send(.userTappedIncrement)
        try await settle(counter)
        #expect(counter.count == 1)
        try await waitUntil("the saved count is pushed") { live.count == 1 }

        root.send(.userWentBack(toDepth: 1))
        // Dropped in the same send: its connection is cancelled, nothing of it is in flight.
        #expect(live.effectsState.effects.isEmpty)
        #expect(root.path.count == 1)
    }

    @Test func theProfileIsEditedInItsSheetAndSearchAnswersTheQuery() async throws {
        let root = AppRoot.simulated(SimulatedServer(latency: .zero))
        root.send(.userOpens(.profile))
        let profile = try #require(root.path.first?.profile)
        profile.send(.screenAppeared)
        try await settle(profile)
        #expect(profile.profile?.name == "Ada")

        profile.send(.userTappedEdit)
        let editor = try #require(profile.destination?.editor)
        editor.send(.userTypedEmail("ada@lovelace.org"))
        profile.send(.userTappedSave)
        try await settle(profile)
        #expect(profile.destination == nil)
        #expect(profile.profile?.email == "ada@lovelace.org")

        root.send(.userWentBack(toDepth: 0))
        root.send(.userOpens(.search))
        let search = try #require(root.path.first?.search)
        search.send(.userTypedQuery("swift t"))
        try await settle(search)
        #expect(search.results == ["Swift Testing"])
        #expect(!search.isSearching)
    }

    /// Waits until the scope's effects are done, for up to two minutes: a bound, not a timing (other
    /// suites share the machine, which may be loaded).
    private func settle(_ scope: some Scope) async throws {
        let settled = await scope.effectsState.waitUntilSettled(timeout: .seconds(120))
        try #require(settled, "\(type(of: scope))'s effects did not settle")
    }

    /// Polls `condition` every few milliseconds for up to two minutes, for what a stream delivers
    /// while it stays open (a bound, not a timing, as above).
    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting until \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
