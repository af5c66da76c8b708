#if canImport(SwiftUI)
    import StatoscopeAppFeatures
    import SwiftUI

    /// The example app: the root scope, wired to a server simulated inside the app, owned with
    /// `@State` so that SwiftUI keeps the same one for the app's lifetime, and shared through the
    /// environment.
    @main
    struct StatoscopeExampleApp: App {
        @State private var root = AppRoot.simulated(SimulatedServer())

        var body: some Scene {
            WindowGroup {
                HomeView()
                    .environment(root)
            }
        }
    }
#else
    /// Without SwiftUI (on Linux) there is no app to show: the scopes are the library
    /// StatoscopeAppFeatures, which the tests exercise.
    @main
    enum StatoscopeExampleApp {
        static func main() {
            print("The example app needs SwiftUI; run its test plans with `swift test`.")
        }
    }
#endif
