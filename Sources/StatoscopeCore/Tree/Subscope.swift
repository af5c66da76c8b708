import Observation

/// A child scope owned by its parent: plain, optional (navigation), one of several kinds (a
/// ``ScopeDestination``) or a list.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: enum SubscopeSample { … }; extension SubscopeSample.App { enum When { case appeared }; func update(_ when: When) throws {} } -->
/// ```swift
/// final class App: Scope {
///     @Subscope var counter = Counter()       // always there
///     @Subscope var detail: Detail? = nil     // appears and disappears: navigation
///     @Subscope var rows: [Row] = []          // a list screen
/// }
/// ```
///
/// A child is linked to its parent when it is assigned, or on first access to the property: from
/// then on its `@Superscope` and `@Injected` properties resolve through the parent.
///
/// Replacing or clearing a child, or removing a row, dismisses it when the update that did it
/// returns (at once outside any update), whoever else still holds it: every effect of its subtree is
/// cancelled, and events sent to it later are reported to ``ErrorReporting`` instead of reaching its
/// `update`. Moving a child within one update (to another property or parent, or a row to another
/// index) is not dismissal: its effects go on. Assigning a dismissed child again brings it back.
///
/// In an `@Observable` class, mark the property `@ObservationIgnored`: the wrapper notifies observers
/// itself when the child is replaced.
@propertyWrapper
public struct Subscope<Value> {
    @usableFromInline package var value: Value
    @usableFromInline let childScopes: (Value) -> [any Scope]
    /// A destination's children, each with what it adds to the property's name (see
    /// ``ScopeDestination``); nil for any other kind of property, whose children bear its name.
    @usableFromInline let destinationChildren: ((Value) -> [(suffix: String, scope: any Scope)])?
    /// How a list's rows are read one by one and as raw identities; nil for a plain or optional child.
    @usableFromInline let rowAccess: RowAccess<Value>?
    /// What the property learnt when it first linked a child: its name, and whether its parent is
    /// `Observable` (a failed cast costs more than the rest of a change).
    private var learnt: Learnt?
    /// A list's rows as last linked, made when the property first links them.
    private var rows: ChildList?
    private let registrar = ObservationRegistrar()

    // The initializers are inlinable so that what they capture is specialised for the child's type
    // where the property is declared: reading a list's rows then looks up no generic metadata.

    /// An always-present child.
    @inlinable
    public init(wrappedValue: Value) where Value: Scope {
        value = wrappedValue
        childScopes = { [$0] }
        destinationChildren = nil
        rowAccess = nil
    }

    /// An optional child: assign to present it, `nil` to dismiss it.
    @inlinable
    public init<Child: Scope>(wrappedValue: Value) where Value == Child? {
        value = wrappedValue
        childScopes = { $0.map { [$0] } ?? [] }
        destinationChildren = nil
        rowAccess = nil
    }

    /// One child among several kinds, or none: assign a case to present its scope, `nil` to dismiss
    /// it (see ``ScopeDestination``).
    @inlinable
    public init<Destination: ScopeDestination>(wrappedValue: Value) where Value == Destination? {
        value = wrappedValue
        childScopes = { $0?.destinationScopes ?? [] }
        destinationChildren = { $0?.destinationChildren ?? [] }
        rowAccess = nil
    }

    /// One child among several kinds, always there: assigning another case replaces it.
    @inlinable
    public init(wrappedValue: Value) where Value: ScopeDestination {
        value = wrappedValue
        childScopes = { $0.destinationScopes }
        destinationChildren = { $0.destinationChildren }
        rowAccess = nil
    }

    /// A list of children, each linked under its index.
    @inlinable
    public init<Child: Scope>(wrappedValue: Value) where Value == [Child] {
        value = wrappedValue
        childScopes = { $0 }
        destinationChildren = nil
        rowAccess = RowAccess(
            row: { rows, index in rows[index] },
            // SAFETY: Sound because `Child` is a class (`Scope` refines `AnyObject`), so each element
            // is one reference, whose bits are its object's identity; the bytes are only compared and
            // copied as words, never used as references, while `rows` keeps the buffer alive.
            withIdentities: { rows, body in rows.withUnsafeBytes(body) })
    }

    /// Unavailable: `@Subscope` works on properties of a ``Scope`` only.
    @available(*, unavailable, message: "@Subscope works on properties of a Scope only")
    public var wrappedValue: Value {
        get { fatalError("@Subscope works on properties of a Scope only") }
        // swift-format-ignore: NoVoidReturnOnFunctionSignature
        set { fatalError("@Subscope works on properties of a Scope only") }
    }

    /// Reads and writes the child through its parent, keeping the tree's links up to date.
    ///
    /// A change costs in proportion to what changed: a list compares its rows with those it last
    /// linked as raw memory, then links the rows that joined and unlinks those that left.
    @MainActor
    public static subscript<Parent: Scope>(
        _enclosingInstance parent: Parent,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Parent, Subscope<Value>>
    ) -> Value {
        get {
            var storage = parent[keyPath: storageKeyPath]
            if storage.learnt == nil {
                storage = linkInitialChildren(of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath)
            }
            if storage.learnt?.parentIsObservable == true {
                storage.registrar.registerAccess(to: wrappedKeyPath, of: parent)
            }
            return storage.value
        }
        set {
            let change = beginChange(
                of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath, linkingInitialChildren: false)
            parent[keyPath: storageKeyPath].value = newValue
            finish(change, of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath)
        }
        _modify {
            // Changed in place (`rows.append(row)`), as a read followed by a write would: the
            // initial children are linked first, and no copy of a list is made.
            let change = beginChange(
                of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath, linkingInitialChildren: true)
            defer { finish(change, of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath) }
            yield &parent[keyPath: storageKeyPath].value
        }
    }

    /// What the property learns once.
    private struct Learnt {
        let name: String
        let parentIsObservable: Bool
    }

    /// What a change needs to know of the property before it is made.
    private struct Change {
        package let parent: ScopeRuntime
        let name: String
        /// The children a plain, optional or destination property held, with their names.
        let formerChildren: [(name: String, runtime: ScopeRuntime)]
    }

    /// Readies a change; its copy of the storage is gone when it returns, so that the list is
    /// changed in place.
    @MainActor
    private static func beginChange<Parent: Scope>(
        of parent: Parent, storage storageKeyPath: ReferenceWritableKeyPath<Parent, Subscope<Value>>,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>, linkingInitialChildren: Bool
    ) -> Change {
        announceSubscopeWillChange(in: parent)
        var storage = parent[keyPath: storageKeyPath]
        if storage.learnt == nil {
            storage =
                linkingInitialChildren
                ? linkInitialChildren(of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath)
                : learn(of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath)
        }
        let learnt = storage.learnt!
        if learnt.parentIsObservable {
            storage.registrar.willChange(wrappedKeyPath, of: parent)
        }
        let formerChildren =
            storage.rowAccess == nil
            ? storage.heldChildren(named: learnt.name).compactMap { name, child in
                ScopeRuntimeTable.existingRuntime(forObject: child).map { (name, $0) }
            }
            : []
        return Change(
            parent: ScopeRuntimeTable.runtime(for: parent), name: learnt.name, formerChildren: formerChildren)
    }

    @MainActor
    private static func finish<Parent: Scope>(
        _ change: Change, of parent: Parent,
        storage storageKeyPath: ReferenceWritableKeyPath<Parent, Subscope<Value>>,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>
    ) {
        // A copy: linking may report to handlers that read the property again.
        let storage = parent[keyPath: storageKeyPath]
        if storage.learnt?.parentIsObservable == true {
            storage.registrar.didChange(wrappedKeyPath, of: parent)
        }
        if let rows = storage.rows {
            storage.linkChangedRows(of: rows, to: change.parent)
            return
        }
        let children = storage.heldChildren(named: change.name).map { name, child in
            (name: name, runtime: ScopeRuntimeTable.runtime(for: child))
        }
        for child in children {
            change.parent.link(child.runtime, as: .property(child.name))
        }
        // A scope the new value still holds stays, under whichever name it has now.
        for former in change.formerChildren {
            guard !children.contains(where: { $0.runtime === former.runtime }) else { continue }
            change.parent.unlink(former.runtime, from: former.name)
        }
    }

    /// The children of a plain, optional or destination property, each with its name in the parent:
    /// the property's, and for each of a destination case's several scopes, its place in the case.
    private func heldChildren(named name: String) -> [(name: String, scope: any Scope)] {
        guard let destinationChildren else { return childScopes(value).map { (name, $0) } }
        return destinationChildren(value).map { (name + $0.suffix, $0.scope) }
    }

    /// Compares the list with the rows it last linked, then links those that joined and unlinks
    /// those that left; rows that only moved keep their links, and their names follow lazily.
    @MainActor
    private func linkChangedRows(of list: ChildList, to parent: ScopeRuntime) {
        guard let rowAccess else { return }
        var found: (left: [ChildList.Row], joined: [ChildList.Row])?
        // SAFETY: Sound because `current` belongs to `value`, this copy's own array, which nothing else
        // can change, and lives for the closure only; the record's buffer lives for the comparison
        // only, which calls nothing and leaves the record as it is; and both are only read.
        rowAccess.withIdentities(value) { current in
            guard
                let change = list.identities.withUnsafeBytes({
                    ChildListChange.between(old: $0, new: current)
                })
            else { return }
            found = list.apply(change, newIdentities: current) {
                ScopeRuntimeTable.runtime(for: rowAccess.row(value, $0))
            }
        }
        guard let (left, joined) = found else { return }
        // Rows that moved have new names, and the paths cached below them are stale.
        ScopeTree.valuesChanged()
        // Rows that left first: those already released are dropped at once.
        for row in left {
            parent.unlink(row.runtime, from: list, at: row.index)
        }
        for row in joined {
            parent.link(row.runtime, as: .row(list))
            row.runtime.tree.rowHint = row.index
        }
    }

    /// Links the children the property held from the start, on its first read or change; a child
    /// linked elsewhere meanwhile stays where it is. Returns the storage as it is then.
    @MainActor
    private static func linkInitialChildren<Parent: Scope>(
        of parent: Parent, storage storageKeyPath: ReferenceWritableKeyPath<Parent, Subscope<Value>>,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>
    ) -> Subscope {
        let storage = learn(of: parent, storage: storageKeyPath, wrapped: wrappedKeyPath)
        let runtime = ScopeRuntimeTable.runtime(for: parent)
        guard let list = storage.rows else {
            for (name, child) in storage.heldChildren(named: storage.learnt!.name) {
                runtime.adoptIfNeverLinked(child, as: .property(name))
            }
            return storage
        }
        // SAFETY: Sound as in `linkChangedRows`: `current` belongs to the local copy `storage`, and the
        // record's buffer lives for the comparison only.
        storage.rowAccess?.withIdentities(storage.value) { current in
            if let change = list.identities.withUnsafeBytes({ ChildListChange.between(old: $0, new: current) }
            ) {
                _ = list.apply(change, newIdentities: current) {
                    ScopeRuntimeTable.runtime(for: storage.rowAccess!.row(storage.value, $0))
                }
            }
        }
        for (index, child) in storage.childScopes(storage.value).enumerated() {
            let existing = ScopeRuntimeTable.existingRuntime(forObject: child)
            // A row a replay linked by its name (`rows[2]`) before the property was read joins the list.
            if let existing, existing.tree.parent === runtime, existing.tree.lifetime == .linked,
                case .property(let rowName) = existing.tree.place, rowName.hasPrefix(list.property + "[")
            {
                runtime.link(existing, as: .row(list))
            } else {
                runtime.adoptIfNeverLinked(child, as: .row(list))
            }
            ScopeRuntimeTable.existingRuntime(forObject: child)?.tree.rowHint = index
        }
        return storage
    }

    /// Learns the property's name from its storage's key path (`\App._counter`), records it for
    /// messages that name its key path (a computed property's key path has no readable name), and
    /// makes a list's record of its rows. Returns the storage as it is then.
    @MainActor
    private static func learn<Parent: Scope>(
        of parent: Parent, storage storageKeyPath: ReferenceWritableKeyPath<Parent, Subscope<Value>>,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>
    ) -> Subscope {
        let description = String(describing: storageKeyPath)
        let last = description.split(separator: ".").last.map(String.init) ?? description
        let name = last.hasPrefix("_") ? String(last.dropFirst()) : last
        SubscopeNames.record(name, of: wrappedKeyPath)
        parent[keyPath: storageKeyPath].learnt = Learnt(
            name: name, parentIsObservable: parent is any Observable)
        if parent[keyPath: storageKeyPath].rowAccess != nil {
            parent[keyPath: storageKeyPath].rows = ChildList(property: name)
        }
        return parent[keyPath: storageKeyPath]
    }
}

/// How a list property reads its rows: one by one, and all at once as raw identities.
@usableFromInline
struct RowAccess<Value> {
    let row: (Value, Int) -> any Scope
    // SAFETY: Sound because the buffer handed to the body lives for the call only, and belongs to the
    // value passed in; see the initialiser of a list's `Subscope`, which makes it.
    let withIdentities: (Value, (UnsafeRawBufferPointer) -> Void) -> Void

    // SAFETY: Sound as `withIdentities` is.
    @usableFromInline
    init(
        row: @escaping (Value, Int) -> any Scope,
        withIdentities: @escaping (Value, (UnsafeRawBufferPointer) -> Void) -> Void
    ) {
        self.row = row
        self.withIdentities = withIdentities
    }
}

extension Subscope: SubscopeStorage {
    package func namedChildren(name: String) -> [(name: String, scope: any Scope)] {
        guard rowAccess != nil else { return heldChildren(named: name) }
        return childScopes(value).enumerated().map { index, child in ("\(name)[\(index)]", child) }
    }

    package var isEmptyOptional: Bool {
        Value.self is any OptionalProtocol.Type && childScopes(value).isEmpty
    }

    package var children: [any Scope] { childScopes(value) }

    package var isList: Bool { rowAccess != nil }
}

/// A `@Subscope` property's storage, found by reflection when a whole subtree is walked.
package protocol SubscopeStorage {
    /// The children it holds, with their names in the parent (`rows[2]` in a list).
    func namedChildren(name: String) -> [(name: String, scope: any Scope)]
    /// Whether this is an optional child that is absent.
    var isEmptyOptional: Bool { get }
    /// The children it holds, without their names: for reads that need no name.
    var children: [any Scope] { get }
    /// Whether it is a list of children.
    var isList: Bool { get }
}

/// Lets a generic test tell an optional type apart.
protocol OptionalProtocol {}
extension Optional: OptionalProtocol {}
