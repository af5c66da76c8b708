#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The settings sheet: toggles bound to the settings scope; Done closes the sheet as a swipe does,
    /// through `close`, which the presenting view gives.
    struct SettingsView: View {
        let settings: SettingsScreen
        let close: () -> Void

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
                    Button("Done") { close() }
                }
                .navigationTitle("Settings")
            }
        }
    }

    struct SettingsView_Previews: PreviewProvider {
        static var previews: some View {
            SettingsView(settings: SettingsScreen(), close: {})
        }
    }
#endif
