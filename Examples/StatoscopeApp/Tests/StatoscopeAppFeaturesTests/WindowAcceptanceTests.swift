import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// Each window has a root of its own: what it restores is the screens and settings it saved, and the
/// live count of a window in the background closes its connection until the window is back.
struct WindowAcceptanceTests {
    @Test func aWindowSavesItsScreensAndSettingsAndRestoresThem() throws {
        var settings = AppSettings()
        settings.countsInTens = true
        let saved = AppRoot.Restoration(features: [.counter, .search], settings: settings)
        try AppRoot.GIVEN("a window the system brings back") { AppRoot() }
            .injecting(CounterClient.storing)
            .WHEN(.windowRestored(saved))
            .THEN(\.restoration, equals: saved)
            .THEN(\.path.count, equals: 2)
            .THEN(\.path[0].counter?.step, equals: 10)
            .THEN_NotNil(\.path[1].search)
            .WHEN(.userWentBack(toDepth: 1))
            .THEN(\.restoration.features, equals: [.counter])
            .WHEN_Throws(.windowRestored(saved), InvalidStateError.self)
            .runTest()
    }

    @MainActor @Test func twoWindowsKeepTheirOwnScreens() async {
        let first = AppRoot()
        let second = AppRoot()
        first.inject(CounterClient.storing)
        second.inject(CounterClient.storing)
        first.send(.userOpens(.counter))
        second.send(.userTapsSettings)
        #expect(first.restoration.features == [.counter])
        #expect(second.restoration.features == [])
        #expect(first.settingsSheet == nil)
    }

    @Test func theLiveCountClosesWhileItsWindowIsInTheBackground() throws {
        try LiveCountScreen.GIVEN("a connected live count") { LiveCountScreen() }
            .injecting(LiveCountClient.quiet)
            .WHEN(.screenAppeared)
            .WHEN_StreamYields(LiveCountUpdates.self, 3)
            .WHEN(.windowWentToBackground)
            .THEN_Cancelled(LiveCountUpdates())
            .THEN(\.isConnected, equals: false)
            .THEN(\.reconnectsWhenActive, equals: true)
            .WHEN(.windowBecameActive)
            .THEN(\.isConnected, equals: true)
            .THEN(\.reconnectsWhenActive, equals: false)
            .THEN_Enqueued(LiveCountUpdates())
            .runTest()
    }

    @Test func aDisconnectedLiveCountStaysSoWhenItsWindowComesBack() throws {
        try LiveCountScreen.GIVEN("a live count the user disconnected") {
            LiveCountScreen(connectsOnOpen: false)
        }
        .injecting(LiveCountClient.quiet)
        .WHEN(.windowWentToBackground)
        .WHEN(.windowBecameActive)
        .THEN(\.isConnected, equals: false)
        .THEN_NoEffects()
        .runTest()
    }
}

/// Previews read the preview values: a screen made with nothing injected, in a tree that Xcode's
/// previews render, reaches a simulated server rather than the unconfigured client.
@MainActor
struct PreviewValuesTests {
    @Test func aCounterInAPreviewLoadsFromThePreviewServer() async throws {
        let counter = CounterScreen()
        counter.inject(ProcessEnvironment(["XCODE_RUNNING_FOR_PREVIEWS": "1"]))
        counter.send(.screenAppeared)
        await waitUntil("the count is loaded") { counter.count != nil || counter.errorMessage != nil }
        #expect(counter.count == 0)
        #expect(counter.errorMessage == nil)
    }

    @Test func everyClientDeclaresAPreviewValue() async throws {
        #expect(try await CounterClient.previewValue.load() == 0)
        #expect(try await ProfileClient.previewValue.load() == Profile(name: "Ada", email: "ada@example.com"))
        #expect(try await SearchClient.previewValue.search("swift").contains("Swift"))
        var pushes = LiveCountClient.previewValue.updates().makeAsyncIterator()
        #expect(try await pushes.next() == 0)
    }
}
