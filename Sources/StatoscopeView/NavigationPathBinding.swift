@_spi(StatoscopeInternals) import StatoscopeCore

extension Scope {
    /// A binding to the list of children at `keyPath` as a navigation stack's path, which turns the
    /// system's pops into an event.
    ///
    /// The scope pushes a screen by appending a child in `update`. When the user goes back (back button,
    /// edge swipe, or a long press on the back button to go back several screens), the binding sends
    /// `popTo(depth)`, with the number of screens that stay; the event's update truncates the list, and
    /// the lifetime of subscopes ends the work of every screen removed:
    ///
    /// <!-- compiled with: ContactsViews -->
    /// <!-- compiled inside: struct ContactsView: View { let contacts: Contacts; var body: some View { … } } -->
    /// ```swift
    /// NavigationStack(path: contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) {
    ///     ContactListView(contacts: contacts)
    /// }
    /// ```
    ///
    /// Only pops become events: a write that is not a prefix of the current path (a
    /// `NavigationLink(value:)` pushing a value) is ignored, as a scope pushes its screens itself.
    public func navigationPath<Child: Scope>(
        _ keyPath: KeyPath<Self, [Child]>, popTo: @escaping (Int) -> When
    ) -> ScopeBinding<[Child]> {
        ScopeBinding(
            get: { self[keyPath: keyPath] },
            set: { newValue in
                let path = self[keyPath: keyPath]
                guard newValue.count < path.count, zip(newValue, path).allSatisfy({ $0 === $1 }) else {
                    return
                }
                self.send(popTo(newValue.count))
            }
        )
    }
}
