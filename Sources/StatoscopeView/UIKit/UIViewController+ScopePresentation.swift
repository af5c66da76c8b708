#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import StatoscopeCore
    import UIKit

    extension UIViewController {
        /// Presents the alert a scope holds as a `UIAlertController` while the scope holds it, until the
        /// returned observation is cancelled or released; a tap sends the button's event.
        ///
        /// <!-- compiled with: NotesViewControllers -->
        /// <!-- compiled inside: final class NotesViewController: UIViewController { let notes = Notes(); var observations: [ScopeObservation] = []; override func viewDidLoad() { super.viewDidLoad(); … } } -->
        /// ```swift
        /// observations.append(present(notes.alert(\.deleteAlert, dismiss: .userDismissedAlert)))
        /// ```
        ///
        /// Clearing the alert in an update dismisses it. Keep the observation for as long as the view
        /// controller shows the scope, as with ``Scope/observe(_:)``; it holds the scope until then.
        public func present<Action>(
            _ alert: DialogPresentation<AlertState<Action>, Action>, animated: Bool = true
        ) -> ScopeObservation {
            presentDialog(alert, style: .alert, animated: animated) { alert in
                (alert.title, alert.message, alert.buttons)
            }
        }

        /// Presents the confirmation dialog a scope holds as an action sheet while the scope holds it,
        /// until the returned observation is cancelled or released; a tap sends the button's event, and
        /// the user's dismissing the sheet otherwise (a tap outside it on iPad) sends the dismissal event.
        ///
        /// On iPad, the sheet points at the view controller's view.
        public func present<Action>(
            _ dialog: DialogPresentation<ConfirmationDialogState<Action>, Action>, animated: Bool = true
        ) -> ScopeObservation {
            presentDialog(dialog, style: .actionSheet, animated: animated) { dialog in
                (dialog.titleVisibility == .hidden ? nil : dialog.title, dialog.message, dialog.buttons)
            }
        }

        /// Presents a view controller made by `content` for the child scope a binding holds, while it
        /// holds one, until the returned observation is cancelled or released.
        ///
        /// The binding is a scope's ``Scope/presentation(_:dismiss:)`` or
        /// ``Scope/presentation(_:case:dismiss:)``: the view controller is presented when the scope sets
        /// the child (or the case), dismissed when the scope clears it, and replaced when it holds
        /// another; the user's swiping it down sends the binding's dismissal event.
        ///
        /// <!-- compiled with: NotesViewControllers -->
        /// <!-- compiled inside: final class NoteEditingViewController: UIViewController { let notes = Notes(); var observations: [ScopeObservation] = []; override func viewDidLoad() { super.viewDidLoad(); … } } -->
        /// ```swift
        /// observations.append(
        ///     present(notes.presentation(\.destination, case: Notes.Destination.editor, dismiss: .userDismissedDestination)) { editor in
        ///         NoteEditorViewController(editor: editor)
        ///     })
        /// ```
        ///
        /// `content` runs on the main actor, once per child presented; capture the view controller
        /// weakly in it, since the observation keeps it.
        public func present<Child: Scope>(
            _ child: ScopeBinding<Child?>, animated: Bool = true,
            content: @escaping @MainActor (Child) -> UIViewController
        ) -> ScopeObservation {
            let presenter = ModalPresenter(
                host: self, animated: animated,
                held: { child.value },
                make: { held in (held as? Child).map(content) },
                dismissedByUser: { child.value = nil })
            return ScopeObservation.running(presenter.update, keeping: child.owner)
        }

        /// Follows a dialog: presents an alert controller while the scope holds the dialog.
        private func presentDialog<Content, Action>(
            _ dialog: DialogPresentation<Content, Action>, style: UIAlertController.Style, animated: Bool,
            parts: @escaping @MainActor (Content) -> (String?, String?, [AlertButton<Action>])
        ) -> ScopeObservation {
            let marker = DialogShown()
            weak var presenter: ModalPresenter?
            let made = ModalPresenter(
                host: self, animated: animated,
                held: { dialog.content == nil ? nil : marker },
                make: { [weak self] _ in
                    guard let content = dialog.content else { return nil }
                    let (title, message, buttons) = parts(content)
                    let controller = UIAlertController(title: title, message: message, preferredStyle: style)
                    for button in buttons {
                        controller.addAction(
                            UIAlertAction(title: button.label, style: UIAlertAction.Style(button.role)) { _ in
                                presenter?.forgetShown()
                                dialog.tap(button)
                            })
                    }
                    if let popover = controller.popoverPresentationController, let view = self?.view {
                        popover.sourceView = view
                        popover.sourceRect = view.bounds
                    }
                    return controller
                },
                dismissedByUser: { dialog.isPresented.value = false })
            presenter = made
            return ScopeObservation.running(made.update, keeping: dialog.owner)
        }
    }

    extension UIAlertAction.Style {
        /// UIKit's style for an alert button's role.
        init<Action>(_ role: AlertButton<Action>.Role?) {
            switch role {
            case .cancel: self = .cancel
            case .destructive: self = .destructive
            case nil: self = .default
            }
        }
    }
#endif
