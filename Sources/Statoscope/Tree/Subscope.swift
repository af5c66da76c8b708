import Observation

/// A child scope owned by its parent: plain, optional (navigation) or a list.
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
    private var value: Value
    private let childScopes: (Value) -> [any Scope]
    private var isLinked = false
    private let registrar = ObservationRegistrar()

    /// An always-present child.
    public init(wrappedValue: Value) where Value: Scope {
        value = wrappedValue
        childScopes = { [$0] }
    }

    /// An optional child: assign to present it, `nil` to dismiss it.
    public init<Child: Scope>(wrappedValue: Value) where Value == Child? {
        value = wrappedValue
        childScopes = { $0.map { [$0] } ?? [] }
    }

    /// A list of children, each linked under its index.
    public init<Child: Scope>(wrappedValue: Value) where Value == [Child] {
        value = wrappedValue
        childScopes = { $0 }
    }

    /// Unavailable: `@Subscope` works on properties of a ``Scope`` only.
    @available(*, unavailable, message: "@Subscope works on properties of a Scope only")
    public var wrappedValue: Value {
        get { fatalError("@Subscope works on properties of a Scope only") }
        // swift-format-ignore: NoVoidReturnOnFunctionSignature
        set { fatalError("@Subscope works on properties of a Scope only") }
    }

    /// Reads and writes the child through its parent, keeping the tree's links up to date.
    @MainActor
    public static subscript<Parent: Scope>(
        _enclosingInstance parent: Parent,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Parent, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Parent, Subscope<Value>>
    ) -> Value {
        get {
            let storage = parent[keyPath: storageKeyPath]
            if !storage.isLinked {
                parent[keyPath: storageKeyPath].isLinked = true
                let name = name(of: storageKeyPath)
                SubscopeNames.record(name, of: wrappedKeyPath)
                storage.adoptUnlinkedChildren(into: ScopeRuntimeTable.runtime(for: parent), as: name)
            }
            if let observable = parent as? any Observable {
                storage.registrar.accessIfObservable(observable, keyPath: wrappedKeyPath)
            }
            return storage.value
        }
        set {
            announceSubscopeWillChange(in: parent)
            let runtime = ScopeRuntimeTable.runtime(for: parent)
            let before = parent[keyPath: storageKeyPath].childRuntimes()
            if let observable = parent as? any Observable {
                parent[keyPath: storageKeyPath].registrar.mutateIfObservable(
                    observable, keyPath: wrappedKeyPath
                ) {
                    parent[keyPath: storageKeyPath].value = newValue
                }
            } else {
                parent[keyPath: storageKeyPath].value = newValue
            }
            parent[keyPath: storageKeyPath].isLinked = true
            let name = name(of: storageKeyPath)
            SubscopeNames.record(name, of: wrappedKeyPath)
            let after = parent[keyPath: storageKeyPath].link(to: runtime, as: name)
            for old in before where !after.contains(where: { $0 === old }) {
                runtime.unlink(old, from: name)
            }
        }
    }

    /// The runtimes of the current children that have one; holds no child, so a replaced child can
    /// be released.
    @MainActor
    private func childRuntimes() -> [ScopeRuntime] {
        childScopes(value).compactMap { ScopeRuntimeTable.existingRuntime(for: $0) }
    }

    /// Links every current child to `parent`, moving those linked elsewhere, and returns their
    /// runtimes.
    @MainActor
    @discardableResult
    private func link(to parent: ScopeRuntime, as name: String) -> [ScopeRuntime] {
        namedChildren(name: name).map { name, child in
            let runtime = ScopeRuntimeTable.runtime(for: child)
            parent.link(runtime, as: name)
            return runtime
        }
    }

    /// Links the initial children to `parent` on the property's first read; a child linked
    /// elsewhere meanwhile stays where it is.
    @MainActor
    private func adoptUnlinkedChildren(into parent: ScopeRuntime, as name: String) {
        for (name, child) in namedChildren(name: name) {
            parent.adoptIfNeverLinked(child, as: name)
        }
    }

    /// The property's name, from its storage's key path (`\App._counter`): a computed property's key
    /// path has no readable name.
    private static func name(of storageKeyPath: AnyKeyPath) -> String {
        let description = String(describing: storageKeyPath)
        let last = description.split(separator: ".").last.map(String.init) ?? description
        return last.hasPrefix("_") ? String(last.dropFirst()) : last
    }
}

extension Subscope: SubscopeStorage {
    func namedChildren(name: String) -> [(name: String, scope: any Scope)] {
        let children = childScopes(value)
        guard Value.self is any Collection.Type else { return children.map { (name, $0) } }
        return children.enumerated().map { index, child in ("\(name)[\(index)]", child) }
    }

    var isEmptyOptional: Bool {
        Value.self is any OptionalProtocol.Type && childScopes(value).isEmpty
    }
}

/// A `@Subscope` property's storage, found by reflection when a whole subtree is walked.
protocol SubscopeStorage {
    /// The children it holds, with their names in the parent (`rows[2]` in a list).
    func namedChildren(name: String) -> [(name: String, scope: any Scope)]
    /// Whether this is an optional child that is absent.
    var isEmptyOptional: Bool { get }
}

/// Lets a generic test tell an optional type apart.
protocol OptionalProtocol {}
extension Optional: OptionalProtocol {}

extension ObservationRegistrar {
    /// Registers an access when the parent is `Observable`, so observers see a child replaced.
    fileprivate func accessIfObservable<Parent, Member>(
        _ parent: any Observable, keyPath: ReferenceWritableKeyPath<Parent, Member>
    ) {
        func access<Subject: Observable>(_ subject: Subject) {
            guard let keyPath = keyPath as? KeyPath<Subject, Member> else { return }
            self.access(subject, keyPath: keyPath)
        }
        access(parent)
    }

    /// Wraps a mutation in `withMutation` when the parent is `Observable`.
    fileprivate func mutateIfObservable<Parent, Member>(
        _ parent: any Observable, keyPath: ReferenceWritableKeyPath<Parent, Member>, _ mutation: () -> Void
    ) {
        func mutate<Subject: Observable>(_ subject: Subject) {
            guard let keyPath = keyPath as? KeyPath<Subject, Member> else { return mutation() }
            withMutation(of: subject, keyPath: keyPath, mutation)
        }
        mutate(parent)
    }
}
