import StatoscopeCore

/// An alert or a confirmation dialog as a scope shows it: what it says while it is shown, whether it is
/// shown, and what a tap on one of its buttons does.
///
/// Made by ``Scope/alert(_:dismiss:)`` and ``Scope/confirmationDialog(_:dismiss:)``; SwiftUI's
/// `alert(_:)` and `confirmationDialog(_:)` modifiers take it on Apple platforms, and so does a UIKit
/// view controller's `present(_:animated:)`. A tap sends the button's event; the system's hiding the dialog in any other way
/// (a tap outside a dialog, the Escape key) sends the dismissal event, unless an update has already
/// cleared it.
@MainActor
public struct DialogPresentation<Content, Action> {
    private let read: @MainActor () -> Content?
    /// The buttons of the dialog shown; nil while none is.
    private let shownButtons: @MainActor () -> [AlertButton<Action>]?
    private let send: @MainActor (Action) -> Void
    private let dismiss: Action
    /// The scope that holds the dialog: what a UIKit presenter following it observes.
    let owner: any Scope

    init<S: Scope>(
        scope: S, read: @escaping @MainActor (S) -> Content?,
        buttons: @escaping @MainActor (Content) -> [AlertButton<Action>], dismiss: Action
    ) where S.When == Action {
        self.owner = scope
        self.read = { read(scope) }
        self.shownButtons = { read(scope).map(buttons) }
        self.send = { scope.send($0) }
        self.dismiss = dismiss
    }

    /// What the dialog says, while the scope shows it; nil otherwise.
    public var content: Content? { read() }

    /// Whether the dialog is shown; setting it to `false` while it is shown sends the dismissal event,
    /// as the system does when it hides the dialog.
    public var isPresented: ScopeBinding<Bool> {
        ScopeBinding(
            get: { read() != nil },
            set: { isPresented in
                if !isPresented, read() != nil {
                    send(dismiss)
                }
            })
    }

    /// Sends the event of `button`, as the system does when the user taps it, while the dialog shown
    /// holds that button: a tap on a button of a dialog since hidden or replaced (a second tap, a late
    /// one) sends nothing. A dialog a computed property makes anew on every read holds new buttons each
    /// time: the button tapped is then its button with the same label and role.
    public func tap(_ button: AlertButton<Action>) {
        guard let shown = shownButtons() else { return }
        if shown.contains(where: { $0.identity.isSame(as: button.identity) }) {
            return send(button.action)
        }
        guard let first = shown.first, let again = shownButtons()?.first,
            !first.identity.isSame(as: again.identity),
            let same = shown.first(where: { $0.label == button.label && $0.role == button.role })
        else { return }
        send(same.action)
    }
}

extension Scope {
    /// The alert held at `keyPath`, to present with SwiftUI's `alert(_:)`; the system's hiding it other
    /// than by a button sends `dismiss`.
    ///
    /// <!-- compiled with: NotesViews -->
    /// <!-- compiled inside: struct NotesView: View { let notes: Notes; var body: some View { Text("Notes") … } } -->
    /// ```swift
    /// .alert(notes.alert(\.deleteAlert, dismiss: .userDismissedAlert))
    /// ```
    public func alert(
        _ keyPath: KeyPath<Self, AlertState<When>?>, dismiss: When
    ) -> DialogPresentation<AlertState<When>, When> {
        DialogPresentation(
            scope: self, read: { $0[keyPath: keyPath] }, buttons: \.buttons, dismiss: dismiss)
    }

    /// The confirmation dialog held at `keyPath`, to present with SwiftUI's `confirmationDialog(_:)`; the
    /// system's hiding it other than by a button sends `dismiss`.
    public func confirmationDialog(
        _ keyPath: KeyPath<Self, ConfirmationDialogState<When>?>, dismiss: When
    ) -> DialogPresentation<ConfirmationDialogState<When>, When> {
        DialogPresentation(
            scope: self, read: { $0[keyPath: keyPath] }, buttons: \.buttons, dismiss: dismiss)
    }
}
