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
    /// `NavigationLink(value:)` pushing a value) is ignored. For a stack whose links push, use
    /// ``navigationPath(_:popTo:push:)``.
    public func navigationPath<Child: Scope>(
        _ keyPath: KeyPath<Self, [Child]>, popTo: @escaping (Int) -> When
    ) -> ScopeBinding<[Child]> {
        ScopeBinding(
            get: { self[keyPath: keyPath] },
            set: { newValue in
                let path = self[keyPath: keyPath]
                let kept = NavigationPathWrite(from: path, to: newValue).kept
                guard kept == newValue.count, kept < path.count else { return }
                self.send(popTo(kept))
            }
        )
    }

    /// A binding to the list of children at `keyPath` as a navigation stack's path, which turns the
    /// system's pops and the pushes of `NavigationLink(value:)` into events.
    ///
    /// A pop sends `popTo(depth)`, as ``navigationPath(_:popTo:)`` does. A link pushing a child sends
    /// `push(child)`, whose update appends it; a write that replaces the top of the stack sends the
    /// pop to the screens both paths share, then a push for each new screen, in order:
    ///
    /// <!-- compiled with: ContactsViews -->
    /// <!-- compiled inside: struct LinkedContactsView: View { let contacts: Contacts; var body: some View { … } } -->
    /// ```swift
    /// NavigationStack(
    ///     path: contacts.navigationPath(
    ///         \.path, popTo: { .userWentBack(toDepth: $0) }, push: { .userOpened($0) })
    /// ) {
    ///     NavigationLink("Ada", value: ContactScreen(name: "Ada"))
    /// }
    /// ```
    ///
    /// What the stack shows afterwards is what the updates made of the events: an update that refuses
    /// a push (by not appending, or by throwing) leaves the path as it was.
    public func navigationPath<Child: Scope>(
        _ keyPath: KeyPath<Self, [Child]>, popTo: @escaping (Int) -> When, push: @escaping (Child) -> When
    ) -> ScopeBinding<[Child]> {
        ScopeBinding(
            get: { self[keyPath: keyPath] },
            set: { newValue in
                let write = NavigationPathWrite(from: self[keyPath: keyPath], to: newValue)
                if write.pops { self.send(popTo(write.kept)) }
                for child in write.pushed { self.send(push(child)) }
            }
        )
    }
}

/// A write to a navigation path, as the screens it keeps, the pop it makes and the screens it pushes.
struct NavigationPathWrite<Child: AnyObject> {
    /// How many screens at the bottom both paths share.
    let kept: Int
    /// Whether the write removes screens of the current path.
    let pops: Bool
    /// The screens the write adds above those it keeps, bottom first.
    let pushed: ArraySlice<Child>

    init(from path: [Child], to newValue: [Child]) {
        kept = zip(newValue, path).prefix { $0 === $1 }.count
        pops = kept < path.count
        pushed = newValue.dropFirst(kept)
    }
}
