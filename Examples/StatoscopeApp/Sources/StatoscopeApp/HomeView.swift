#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The home screen: the features, each pushed onto the navigation stack by an event, and the
    /// settings sheet. The stack and the sheet show the root's state: going back and closing the sheet
    /// are events too.
    struct HomeView: View {
        @Environment(AppRoot.self) private var root

        var body: some View {
            NavigationStack(path: root.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) {
                List {
                    ForEach(AppRoot.Feature.allCases, id: \.self) { feature in
                        Button(feature.rawValue) { root.send(.userOpens(feature)) }
                    }
                    Button("Settings") { root.send(.userTapsSettings) }
                }
                .navigationTitle("Statoscope")
                .navigationDestination(for: Screen.self) { screen in
                    ScreenView(screen: screen)
                }
                .sheet(item: root.presentation(\.settingsSheet, dismiss: .userClosesSettings)) { settings in
                    SettingsView(settings: settings, close: { root.send(.userClosesSettings) })
                }
            }
        }
    }

    struct HomeView_Previews: PreviewProvider {
        static var previews: some View {
            // Nothing injected: in Xcode's previews, the clients give their preview values.
            HomeView().environment(AppRoot())
        }
    }
#endif
