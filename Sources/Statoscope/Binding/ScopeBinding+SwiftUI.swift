#if canImport(SwiftUI)
    import SwiftUI

    extension Binding where Value: Sendable {
        /// A SwiftUI binding that reads a scope's state and sends its event when written.
        ///
        /// ```swift
        /// TextField("Email", text: Binding(profile.binding(\.email, send: When.userTypesNewEmail)))
        /// ```
        @MainActor
        public init(_ binding: ScopeBinding<Value>) {
            self.init(
                get: { MainActor.assumeIsolated { binding.value } },
                set: { newValue in MainActor.assumeIsolated { binding.value = newValue } }
            )
        }
    }
#endif
