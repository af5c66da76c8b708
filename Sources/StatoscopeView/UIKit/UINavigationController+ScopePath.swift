#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import StatoscopeCore
    import UIKit

    extension UINavigationController {
        /// Keeps the stack following a scope's list of children, a view controller made by `content`
        /// for each, until the returned observation is cancelled or released.
        ///
        /// The binding is a scope's ``Scope/navigationPath(_:popTo:)``: appending a child in an update
        /// pushes its view controller, removing children pops theirs, and the user's going back (the back
        /// button, the edge swipe) sends `popTo` with the number of children that stay. The view
        /// controllers the stack had before, its root among them, stay below those of the children:
        ///
        /// <!-- compiled with: ContactsViews -->
        /// <!-- compiled inside: final class ContactsNavigationController: UINavigationController { let contacts = Contacts(); var observation: ScopeObservation?; func follow() { … } } -->
        /// ```swift
        /// observation = push(contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) { screen in
        ///     ContactViewController(screen: screen)
        /// }
        /// ```
        ///
        /// The navigation controller's `delegate` is the observation's while it lasts. `content` runs on
        /// the main actor, once per child pushed; capture the navigation controller weakly in it, since
        /// the observation keeps it.
        public func push<Child: Scope>(
            _ path: ScopeBinding<[Child]>, animated: Bool = true,
            content: @escaping @MainActor (Child) -> UIViewController
        ) -> ScopeObservation {
            let presenter = StackPresenter(
                navigation: self, animated: animated,
                path: { path.value },
                make: { child in (child as? Child).map(content) },
                poppedTo: { kept in path.value = kept.compactMap { $0 as? Child } })
            return ScopeObservation.running(presenter.update, keeping: path.owner)
        }
    }
#endif
