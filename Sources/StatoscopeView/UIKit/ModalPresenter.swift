#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import UIKit

    /// Presents from a view controller what a scope holds (a child scope's view controller, an alert),
    /// one at a time, following the scope; the user's dismissing it becomes the scope's event.
    ///
    /// What the scope holds is compared by identity: a child scope, or for a dialog a marker that
    /// stands for "shown".
    @MainActor
    final class ModalPresenter: NSObject, UIAdaptivePresentationControllerDelegate {
        private weak var host: UIViewController?
        private let animated: Bool
        /// What the scope holds now, nil for nothing.
        private let held: @MainActor () -> AnyObject?
        /// The view controller that shows what the scope holds.
        private let make: @MainActor (AnyObject) -> UIViewController?
        /// Tells the scope that the user dismissed what was shown.
        private let dismissedByUser: @MainActor () -> Void
        private var shown: (held: AnyObject, controller: UIViewController)?
        /// Whether a dismissal is animating: the next presentation waits for its end.
        private var isDismissing = false

        init(
            host: UIViewController, animated: Bool, held: @escaping @MainActor () -> AnyObject?,
            make: @escaping @MainActor (AnyObject) -> UIViewController?,
            dismissedByUser: @escaping @MainActor () -> Void
        ) {
            self.host = host
            self.animated = animated
            self.held = held
            self.make = make
            self.dismissedByUser = dismissedByUser
        }

        /// Dismisses what is shown if the scope no longer holds it, then presents what it holds.
        func update() {
            let held = held()
            guard !isDismissing, let host else { return }
            let step = PresentationStep(shown: shown?.held, held: held)
            if step.dismissesShown, let shown {
                self.shown = nil
                // Already gone when a dialog's button hid it, or the user dismissed it.
                if shown.controller.presentingViewController != nil {
                    isDismissing = true
                    shown.controller.dismiss(animated: animated) { [weak self] in
                        self?.isDismissing = false
                        self?.update()
                    }
                    return
                }
            }
            if step.presentsHeld, let held, let controller = make(held) {
                controller.presentationController?.delegate = self
                host.present(controller, animated: animated)
                shown = (held, controller)
            }
        }

        /// What is shown was hidden by the system (a dialog's button was tapped): nothing to dismiss.
        func forgetShown() {
            shown = nil
        }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            shown = nil
            dismissedByUser()
        }
    }

    /// What a presenter holds for a dialog while the scope shows it: dialogs are values, so their
    /// presence is what is compared.
    final class DialogShown {}
#endif
