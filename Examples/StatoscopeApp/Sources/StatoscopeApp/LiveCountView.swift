#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The live count: what the server pushes while connected, and a button to connect or disconnect.
    /// Going back drops the screen's scope, which closes the connection.
    struct LiveCountView: View {
        let live: LiveCountScreen
        @Environment(\.scenePhase) private var scenePhase

        var body: some View {
            VStack {
                if let count = live.count {
                    Text("\(count)")
                } else if live.isConnected {
                    Text("Connecting…")
                }
                if let error = live.errorMessage {
                    Text(error)
                }
                if live.isConnected {
                    Button("Disconnect") { live.send(.userTappedDisconnect) }
                } else {
                    Button("Connect") { live.send(.userTappedConnect) }
                }
            }
            .navigationTitle("Live count")
            .task { live.send(.screenAppeared) }
            // The connection closes while the window is in the background, and opens again after.
            .onChange(of: scenePhase) { _, phase in
                switch phase {
                case .background: live.send(.windowWentToBackground)
                case .active: live.send(.windowBecameActive)
                default: break
                }
            }
        }
    }

    struct LiveCountView_Previews: PreviewProvider {
        static var previews: some View {
            NavigationStack { LiveCountView(live: LiveCountScreen()) }
        }
    }
#endif
