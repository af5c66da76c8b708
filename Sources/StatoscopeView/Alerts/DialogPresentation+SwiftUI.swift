#if canImport(SwiftUI)
    import SwiftUI

    extension View {
        /// Shows the alert a scope holds, with its title, message and buttons; a tap sends the button's
        /// event.
        ///
        /// <!-- compiled with: NotesViews -->
        /// <!-- compiled inside: struct NotesView: View { let notes: Notes; var body: some View { Text("Notes") … } } -->
        /// ```swift
        /// .alert(notes.alert(\.deleteAlert, dismiss: .userDismissedAlert))
        /// ```
        public func alert<Action>(_ alert: DialogPresentation<AlertState<Action>, Action>) -> some View {
            let content = alert.content
            return self.alert(
                content?.title ?? "", isPresented: Binding(alert.isPresented), presenting: content
            ) { content in
                DialogButtons(buttons: content.buttons, presentation: alert)
            } message: { content in
                if let message = content.message {
                    Text(message)
                }
            }
        }

        /// Shows the confirmation dialog a scope holds, with its title, message and buttons; a tap sends
        /// the button's event.
        public func confirmationDialog<Action>(
            _ dialog: DialogPresentation<ConfirmationDialogState<Action>, Action>
        ) -> some View {
            let content = dialog.content
            return self.confirmationDialog(
                content?.title ?? "", isPresented: Binding(dialog.isPresented),
                titleVisibility: Visibility(content?.titleVisibility ?? .automatic), presenting: content
            ) { content in
                DialogButtons(buttons: content.buttons, presentation: dialog)
            } message: { content in
                if let message = content.message {
                    Text(message)
                }
            }
        }
    }

    /// The buttons of an alert or a dialog, each sending its event when tapped.
    private struct DialogButtons<Content, Action>: View {
        let buttons: [AlertButton<Action>]
        let presentation: DialogPresentation<Content, Action>

        var body: some View {
            ForEach(buttons.indices, id: \.self) { index in
                let button = buttons[index]
                Button(button.label, role: button.role.map(ButtonRole.init)) {
                    presentation.tap(button)
                }
            }
        }
    }

    extension ButtonRole {
        /// SwiftUI's role for an alert button's.
        init(_ role: AlertButton<some Any>.Role) {
            switch role {
            case .cancel: self = .cancel
            case .destructive: self = .destructive
            }
        }
    }

    extension Visibility {
        /// SwiftUI's visibility for a dialog title's.
        init(_ visibility: ConfirmationDialogState<some Any>.TitleVisibility) {
            switch visibility {
            case .automatic: self = .automatic
            case .visible: self = .visible
            case .hidden: self = .hidden
            }
        }
    }
#endif
