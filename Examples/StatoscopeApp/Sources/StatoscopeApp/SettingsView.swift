#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The settings sheet: toggles bound to the settings scope; Done closes the sheet as a swipe does.
    struct SettingsView: View {
        @Environment(AppRoot.self) private var root
        let settings: SettingsScreen

        var body: some View {
            NavigationStack {
                List {
                    Toggle(
                        "Count in tens",
                        isOn: settings.binding(
                            \.settings.countsInTens, send: { .userToggledCountsInTens($0) }))
                    Toggle(
                        "Connect the live count on open",
                        isOn: settings.binding(
                            \.settings.connectsLiveCountOnOpen,
                            send: { .userToggledConnectsLiveCountOnOpen($0) }))
                    Button("Done") { root.send(.userClosesSettings) }
                }
                .navigationTitle("Settings")
            }
        }
    }
#endif
