@_spi(StatoscopeInternals) import StatoscopeCore

#if canImport(SwiftUI)
    import SwiftUI

    extension Binding {
        /// A SwiftUI binding that reads a scope's state and sends its event when written.
        ///
        /// Its closures are isolated to the main actor, as the scope is: SwiftUI reads and writes them
        /// there, and the value needs not be `Sendable`.
        @MainActor
        public init(_ binding: ScopeBinding<Value>) {
            self.init(
                get: { @MainActor in binding.value },
                set: { @MainActor newValue in binding.value = newValue }
            )
        }
    }

    // Each method below has the name and parameters of its platform-neutral counterpart, so a view
    // writes the same call a test does; it is disfavoured so that the counterpart is chosen wherever
    // the context does not ask for a SwiftUI `Binding` (`let email = profile.binding(...)`).
    extension Scope {
        /// A SwiftUI binding to the state at `keyPath` whose setter sends `makeWhen(newValue)`.
        ///
        /// <!-- compiled with: Scopes -->
        /// <!-- compiled with: ContactsViews -->
        /// <!-- compiled inside: struct EmailField: View { let profile: ProfileScreen; var body: some View { … } } -->
        /// ```swift
        /// TextField("Email", text: profile.binding(\.email, send: { .userTypedEmail($0) }))
        /// ```
        @_disfavoredOverload
        public func binding<Value>(
            _ keyPath: KeyPath<Self, Value>, send makeWhen: @escaping (Value) -> When
        ) -> Binding<Value> {
            Binding(binding(keyPath, send: makeWhen) as ScopeBinding<Value>)
        }

        /// A SwiftUI binding for `sheet(item:)`, `fullScreenCover(item:)`, `popover(item:)` or
        /// `navigationDestination(item:)` that presents the optional child at `keyPath` and sends
        /// `dismiss` when the system dismisses it.
        @_disfavoredOverload
        public func presentation<Child: Scope>(
            _ keyPath: KeyPath<Self, Child?>, dismiss: When
        ) -> Binding<Child?> {
            Binding(presentation(keyPath, dismiss: dismiss) as ScopeBinding<Child?>)
        }

        /// A SwiftUI binding for `sheet(item:)`, `fullScreenCover(item:)`, `popover(item:)` or
        /// `navigationDestination(item:)` that presents the scope of one case of the
        /// ``ScopeDestination`` at `keyPath` and sends `dismiss` when the system dismisses it.
        @_disfavoredOverload
        public func presentation<Destination: ScopeDestination, Child: Scope>(
            _ keyPath: KeyPath<Self, Destination?>, case embed: @escaping (Child) -> Destination,
            dismiss: When
        ) -> Binding<Child?> {
            Binding(presentation(keyPath, case: embed, dismiss: dismiss) as ScopeBinding<Child?>)
        }

        /// A SwiftUI binding for `NavigationStack(path:)` over the list of children at `keyPath`, which
        /// sends `popTo(depth)` when the user goes back.
        @_disfavoredOverload
        public func navigationPath<Child: IdentifiableScope>(
            _ keyPath: KeyPath<Self, [Child]>, popTo: @escaping (Int) -> When
        ) -> Binding<[Child]> {
            Binding(navigationPath(keyPath, popTo: popTo) as ScopeBinding<[Child]>)
        }

        /// A SwiftUI binding for `NavigationStack(path:)` over the list of children at `keyPath`, which
        /// sends `popTo(depth)` when the user goes back and `push(child)` when a
        /// `NavigationLink(value:)` pushes a child.
        @_disfavoredOverload
        public func navigationPath<Child: IdentifiableScope>(
            _ keyPath: KeyPath<Self, [Child]>, popTo: @escaping (Int) -> When, push: @escaping (Child) -> When
        ) -> Binding<[Child]> {
            Binding(navigationPath(keyPath, popTo: popTo, push: push) as ScopeBinding<[Child]>)
        }
    }
#endif
