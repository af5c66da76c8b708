#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The profile, its edit sheet and its share popover, each presented while the screen's destination
    /// is its case.
    struct ProfileView: View {
        let screen: ProfileScreen

        var body: some View {
            VStack {
                if let profile = screen.profile {
                    Text(profile.name)
                    Text(profile.email)
                    Button("Edit") { screen.send(.userTappedEdit) }
                    Button("Share") { screen.send(.userTappedShare) }
                } else if screen.isLoading {
                    Text("Loading…")
                }
                // While the sheet is up, it shows the error of its save.
                if let error = screen.errorMessage, screen.destination?.editor == nil {
                    Text(error)
                }
            }
            .navigationTitle("Profile")
            .task { screen.send(.screenAppeared) }
            .sheet(
                item: screen.presentation(
                    \.destination, case: ProfileScreen.Destination.editor, dismiss: .userClosedEditor)
            ) { editor in
                ProfileEditorView(screen: screen, editor: editor)
            }
            .popover(
                item: screen.presentation(
                    \.destination, case: ProfileScreen.Destination.share, dismiss: .userClosedShare)
            ) { share in
                Text(share.text)
            }
        }
    }

    struct ProfileView_Previews: PreviewProvider {
        static var previews: some View {
            NavigationStack { ProfileView(screen: ProfileScreen()) }
        }
    }
#endif
