#if canImport(SwiftUI)
    import StatoscopeAppFeatures
    import SwiftUI

    /// The example app: a server simulated inside the app, shared by every window as a real server
    /// would be, and a window per scene, each with a root of its own (see ``AppWindow``).
    @main
    struct StatoscopeExampleApp: App {
        @State private var server = SimulatedServer()

        var body: some Scene {
            WindowGroup {
                AppWindow(server: server)
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
