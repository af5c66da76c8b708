@_spi(StatoscopeInternals) import StatoscopeCore

extension Scope {
    /// A binding that presents the optional child at `keyPath` while it is set, and sends `dismiss`
    /// when the system dismisses it.
    ///
    /// For a sheet, a full-screen cover, a popover or a pushed destination driven by an optional
    /// `@Subscope`: the scope presents by setting the child, and the user's swipe down or back button
    /// arrives as the event you choose, whose update sets the child to `nil`:
    ///
    /// <!-- compiled with: ContactsViews -->
    /// <!-- compiled inside: struct ContactsView: View { let contacts: Contacts; var body: some View { ContactListView(contacts: contacts) … } } -->
    /// ```swift
    /// .sheet(item: contacts.presentation(\.editor, dismiss: .userDismissedEditor)) { editor in
    ///     EditorView(editor: editor)
    /// }
    /// ```
    ///
    /// Clearing the child dismisses it, which ends the work of its subtree. Writing a child through the
    /// binding does nothing: a scope presents its children in `update`, not from a view.
    public func presentation<Child: Scope>(
        _ keyPath: KeyPath<Self, Child?>, dismiss: When
    ) -> ScopeBinding<Child?> {
        ScopeBinding(
            get: { self[keyPath: keyPath] },
            set: { newValue in
                if newValue == nil, self[keyPath: keyPath] != nil {
                    self.send(dismiss)
                }
            }
        )
    }
}
