#if canImport(SwiftUI)
    import Statoscope
    import StatoscopeAppFeatures
    import SwiftUI

    /// The profile's edit sheet: fields bound to the editor, and the screen's Save and Cancel.
    struct ProfileEditorView: View {
        let screen: ProfileScreen
        let editor: ProfileEditor

        var body: some View {
            VStack {
                TextField("Name", text: editor.binding(\.name, send: { .userTypedName($0) }))
                TextField("Email", text: editor.binding(\.email, send: { .userTypedEmail($0) }))
                if let error = screen.errorMessage {
                    Text(error)
                }
                Button(screen.isSaving ? "Saving…" : "Save") { screen.send(.userTappedSave) }
                    .disabled(!editor.canSave || screen.isSaving)
                Button("Cancel") { screen.send(.userClosedEditor) }
            }
        }
    }

    struct ProfileEditorView_Previews: PreviewProvider {
        static var previews: some View {
            ProfileEditorView(
                screen: ProfileScreen(),
                editor: ProfileEditor(editing: Profile(name: "Ada", email: "ada@example.com")))
        }
    }
#endif
