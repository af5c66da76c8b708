#if canImport(SwiftUI)
    import Foundation
    import StatoscopeAppFeatures
    import SwiftUI

    /// One window: its own root, made when the window is, so that opening a screen or the settings in
    /// one window leaves the others as they were, and saved in the scene's storage, so that the system
    /// brings the window back as the user left it.
    struct AppWindow: View {
        /// Owned with `@State`: SwiftUI keeps one per window for the window's life.
        @State private var root: AppRoot
        /// The window's state as last saved, which the system keeps per scene.
        @SceneStorage("statoscope.example.window") private var saved: Data?

        init(server: SimulatedServer) {
            _root = State(initialValue: AppRoot.simulated(server))
        }

        var body: some View {
            HomeView()
                .environment(root)
                .task {
                    if let saved,
                        let restoration = try? JSONDecoder().decode(AppRoot.Restoration.self, from: saved)
                    {
                        root.send(.windowRestored(restoration))
                    }
                }
                .onChange(of: root.restoration) { _, restoration in
                    saved = try? JSONEncoder().encode(restoration)
                }
        }
    }

    struct AppWindow_Previews: PreviewProvider {
        static var previews: some View {
            AppWindow(server: SimulatedServer(latency: .zero))
        }
    }
#endif
