import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// The root pushes a screen per feature the user opens, pops them as the user goes back (ending their
/// work), and presents the settings as a sheet whose choices reach the screens opened after.
struct AppRootAcceptanceTests {
    @Test func openingAFeaturePushesItsScreenAndGoingBackEndsItsWork() throws {
        try AppRoot.GIVEN("the app on its home screen") { AppRoot() }
            .injecting(CounterClient.storing)
            .injecting(LiveCountClient.quiet)
            .THEN(\.path.count, equals: 0)
            .WHEN(.userOpens(.counter))
            .THEN(\.path.count, equals: 1)
            .THEN_NotNil(\.path[0].counter)
            .THEN_Nil(\.path[0].profile)
            .WHEN(.userOpens(.liveCount))
            .WHEN(\.path[1].liveCount, .screenAppeared)
            .WITH(\.path[1].liveCount) { try $0.THEN_Enqueued(LiveCountUpdates()) }
            .WHEN(.userWentBack(toDepth: 1))
            .THEN(\.path.count, equals: 1)
            .THEN_NotNil(\.path[0].counter)
            .WHEN(.userWentBack(toDepth: 0))
            .THEN(\.path.count, equals: 0)
            .WHEN_Throws(.userWentBack(toDepth: 1), InvalidStateError.self)
            .runTest()
    }

    @Test func aPushedScreenReachesTheClientsInjectedAtTheRoot() throws {
        try AppRoot.GIVEN("the app on its home screen") { AppRoot() }
            .injecting(ProfileClient.holdingAda)
            .WHEN(.userOpens(.profile))
            .WHEN(\.path[0].profile, .screenAppeared)
            .WITH(\.path[0].profile) { try $0.THEN_Enqueued(LoadProfile()) }
            .WITH(\.path[0].profile) {
                try $0.WHEN_EffectCompletes(LoadProfile.self, with: ProfileClient.adasProfile)
            }
            .THEN(\.path[0].profile?.profile, equals: ProfileClient.adasProfile)
            .runTest()
    }

    @Test func theSettingsSheetKeepsItsChoicesForTheScreensOpenedAfter() throws {
        try AppRoot.GIVEN("the app on its home screen") { AppRoot() }
            .injecting(CounterClient.storing)
            .injecting(LiveCountClient.quiet)
            .WHEN(.userOpens(.counter))
            .WHEN(.userTapsSettings)
            .THEN_NotNil(\.settingsSheet)
            .WHEN(\.settingsSheet, .userToggledCountsInTens(true))
            .WHEN(\.settingsSheet, .userToggledConnectsLiveCountOnOpen(false))
            .THEN(\.settings.countsInTens, equals: false)
            .WHEN(.userClosesSettings)
            .THEN_Nil(\.settingsSheet)
            .THEN(\.settings.countsInTens, equals: true)
            .THEN(\.settings.counterStep, equals: 10)
            .THEN(\.path[0].counter?.step, equals: 1)
            .WHEN(.userOpens(.counter))
            .THEN(\.path[1].counter?.step, equals: 10)
            .WHEN(.userOpens(.liveCount))
            .WHEN(\.path[2].liveCount, .screenAppeared)
            .WITH(\.path[2].liveCount) { try $0.THEN_NoEffects() }
            .runTest()
    }

    @Test func aSecondTapOnSettingsKeepsTheSheetShown() throws {
        try AppRoot.GIVEN("the app showing its settings") { AppRoot() }
            .WHEN(.userTapsSettings)
            .WHEN(\.settingsSheet, .userToggledCountsInTens(true))
            .WHEN(.userTapsSettings)
            .THEN(\.settingsSheet?.settings.countsInTens, equals: true)
            .runTest()
    }
}
