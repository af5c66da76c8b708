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

    /// A binding that presents the scope of one case of the ``ScopeDestination`` at `keyPath` while
    /// that case is set, and sends `dismiss` when the system dismisses it.
    ///
    /// One binding per case, each for its own presentation: the scope sets one case at a time, so
    /// at most one of them is shown.
    ///
    /// <!-- compiled with: NotesViews -->
    /// <!-- compiled inside: struct NotesView: View { let notes: Notes; var body: some View { Text("Notes") … } } -->
    /// ```swift
    /// .sheet(item: notes.presentation(\.destination, case: Notes.Destination.editor, dismiss: .userDismissedDestination)) { editor in
    ///     NoteEditorView(editor: editor)
    /// }
    /// ```
    ///
    /// `case` is the case itself, written as its name (`Notes.Destination.editor`). Writing through the
    /// binding does nothing but dismiss: a scope presents its children in `update`. The system's
    /// dismissing a case that is no longer shown (the scope has just set another) sends nothing.
    public func presentation<Destination: ScopeDestination, Child: Scope>(
        _ keyPath: KeyPath<Self, Destination?>, case embed: @escaping (Child) -> Destination, dismiss: When
    ) -> ScopeBinding<Child?> {
        ScopeBinding(
            get: { self[keyPath: keyPath]?.scope(ifCase: embed) },
            set: { newValue in
                if newValue == nil, self[keyPath: keyPath]?.scope(ifCase: embed) != nil {
                    self.send(dismiss)
                }
            }
        )
    }
}
