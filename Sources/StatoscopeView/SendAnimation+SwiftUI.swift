#if canImport(SwiftUI)
    import StatoscopeCore
    import SwiftUI

    extension SendAnimation {
        /// A SwiftUI animation: the send runs inside `withAnimation(animation)`, so the views that read
        /// what its update changes animate.
        ///
        /// <!-- compiled with: NotesViews -->
        /// <!-- compiled inside: @MainActor func sample(notes: Notes) { … } -->
        /// ```swift
        /// notes.send(.userTappedDelete, animation: .swiftUI(.easeInOut))
        /// ```
        public static func swiftUI(_ animation: Animation? = .default) -> SendAnimation {
            SendAnimation { send in
                withAnimation(animation) { send() }
            }
        }
    }

    extension Scope {
        /// Sends an event like ``send(_:)``, inside `withTransaction(transaction)`.
        public func send(_ when: When, transaction: Transaction) {
            withTransaction(transaction) { send(when) }
        }
    }
#endif
