import Observation
@_spi(StatoscopeInternals) import StatoscopeCore

/// The state of a tree at one moment, scope by scope, each property with the key path a test plan
/// reads it by: what changed between two moments becomes the plan's `THEN`s.
@MainActor
struct StateSnapshot {
    /// A scope of the tree, root first, then depth first in declaration order.
    struct ScopeState {
        let object: ObjectIdentifier
        /// `LiveCount`, for comments about the type rather than one scope.
        let typeName: String
        /// `DemoApp.liveCount`, for comments.
        let path: String
        /// The key path's text before a property's name: empty at the root, `.liveCount?` below an
        /// optional child.
        let prefix: String
        var properties: [Property] = []
        /// Its optional and list children: whether each is there, how many.
        var holders: [Holder] = []
        /// Its `@Injected` properties: the dependencies it reads.
        var injected: [String] = []
    }

    struct Property {
        let name: String
        let value: Any
        /// What tells one value from another, for any type.
        let fingerprint: String
        /// Why it cannot be checked by name, when it cannot: the storage of a property wrapper.
        let uncheckable: String?
    }

    /// A `@Subscope` property holding an optional child or a list.
    struct Holder {
        let name: String
        let isOptional: Bool
        let count: Int
    }

    private(set) var scopes: [ScopeState] = []

    init(of root: any Scope) {
        add(root, path: "\(type(of: root))", prefix: "")
    }

    func scope(at path: String) -> ScopeState? {
        scopes.first { $0.path == path }
    }

    private mutating func add(_ scope: any Scope, path: String, prefix: String) {
        var state = ScopeState(
            object: ObjectIdentifier(scope), typeName: "\(type(of: scope))", path: path, prefix: prefix)
        let index = scopes.count
        scopes.append(state)
        // An `@Observable` class keeps each property's value under `_name`; any other `_name` is the
        // storage of a property wrapper, whose key path reads the wrapped value instead.
        let isObservable = scope is any Observable
        let mirrors = sequence(first: Mirror(reflecting: scope), next: { $0.superclassMirror })
        for mirror in mirrors.reversed() {
            for child in mirror.children {
                guard let label = child.label, !label.hasPrefix("_$") else { continue }
                // A `lazy var` keeps its value in a private storage of this name, which no key path
                // reaches, and reading the property itself could compute it: it is not checked.
                if label.hasPrefix(Self.lazyStoragePrefix) {
                    let name = String(label.dropFirst(Self.lazyStoragePrefix.count))
                    state.properties.append(
                        Property(
                            name: name, value: child.value, fingerprint: Self.fingerprint(child.value),
                            uncheckable: "a lazy property, which a check could compute"))
                    continue
                }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                switch child.value {
                case let subscope as any SubscopeStorage:
                    let isOptional = Self.holdsOptional(subscope)
                    if isOptional || subscope.isList {
                        state.holders.append(
                            Holder(name: name, isOptional: isOptional, count: subscope.children.count))
                    }
                    for (childName, childScope) in subscope.namedChildren(name: name) {
                        add(
                            childScope, path: "\(path).\(childName)",
                            prefix: "\(prefix).\(childName)\(isOptional ? "?" : "")")
                    }
                case is any InjectedStorage:
                    state.injected.append(name)
                case is any SuperscopeStorage:
                    continue
                default:
                    let isWrapper =
                        label.hasPrefix("_") && !isObservable && !(child.value is any SensitiveValue)
                    state.properties.append(
                        Property(
                            name: name, value: child.value, fingerprint: Self.fingerprint(child.value),
                            uncheckable: isWrapper
                                ? "the storage of a property wrapper (\(type(of: child.value))), not its value"
                                : nil))
                }
            }
        }
        scopes[index].properties = state.properties
        scopes[index].holders = state.holders
        scopes[index].injected = state.injected
    }

    /// How the storage of a `lazy var` is labelled in a mirror, before the property's name.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// Whether a `@Subscope` holds an optional child. Its storage is generic over what it holds;
    /// the type's name is the one thing that says so without a change to the core.
    private static func holdsOptional(_ subscope: any SubscopeStorage) -> Bool {
        let name = String(reflecting: type(of: subscope))
        // What it holds is its first generic argument: a list of optionals is not an optional.
        guard let open = name.firstIndex(of: "<") else { return false }
        return name[name.index(after: open)...].hasPrefix("Swift.Optional<")
    }

    /// Compared in memory, never written: a sensitive value's own text tells its changes apart,
    /// where its description is always `<redacted>`.
    private static func fingerprint(_ value: Any) -> String {
        if let sensitive = value as? any SensitiveValue { return sensitive.identityText }
        var text = ""
        dump(value, to: &text)
        return text
    }
}
