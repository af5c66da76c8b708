#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import StatoscopeCore
    import UIKit

    extension SendAnimation {
        /// A UIKit animation of `duration` seconds: the send, and then the ``ScopeObservation``s whose
        /// state its update changed, run inside `UIView.animate(withDuration:animations:)`, so what
        /// they set on views animates.
        ///
        /// <!-- compiled with: NotesViewControllers -->
        /// <!-- compiled inside: @MainActor func sample(notes: Notes) { … } -->
        /// ```swift
        /// notes.send(.userTappedDelete, animation: .uiView(duration: 0.3))
        /// ```
        public static func uiView(duration: TimeInterval) -> SendAnimation {
            SendAnimation { send in
                UIView.animate(withDuration: duration) { send() }
            }
        }
    }
#endif
