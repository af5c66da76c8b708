#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The profile, and its edit sheet, presented while the screen's editor is set.
    struct ProfileView: View {
        let screen: ProfileScreen

        var body: some View {
            VStack {
                if let profile = screen.profile {
                    Text(profile.name)
                    Text(profile.email)
                    Button("Edit") { screen.send(.userTappedEdit) }
                } else if screen.isLoading {
                    Text("Loading…")
                }
                // While the sheet is up, it shows the error of its save.
                if let error = screen.errorMessage, screen.editor == nil {
                    Text(error)
                }
            }
            .navigationTitle("Profile")
            .task { screen.send(.screenAppeared) }
            .sheet(item: screen.presentation(\.editor, dismiss: .userClosedEditor)) { editor in
                ProfileEditorView(screen: screen, editor: editor)
            }
        }
    }

    struct ProfileView_Previews: PreviewProvider {
        static var previews: some View {
            NavigationStack { ProfileView(screen: ProfileScreen()) }
        }
    }
#endif
