import Statoscope

/// A property's value as strict state compares it between steps.
struct ObservedValue {
    private enum Content {
        case value(Any)
        /// The scopes a `@Subscope` holds, by identity: a replaced child is a change, its own state
        /// is its own properties'.
        case children([ObjectIdentifier], text: String)
    }

    private let content: Content

    /// What a stored property's storage is to strict state, by its type.
    private enum Kind {
        case state
        case subscope
        case dependency
    }

    /// Kinds by storage type: the casts that tell them apart cost more than the rest of a snapshot.
    @MainActor private static var kinds: [ObjectIdentifier: Kind] = [:]

    /// The plain state and the children of a scope, by the names the user wrote: the storage
    /// `@Observable` and the property wrappers keep under `_name` is named `name`. Superclasses'
    /// properties count too; dependencies and links up the tree are not state. A shared value is
    /// read through `resolver` when given: for a child not linked yet, the parent it will be linked
    /// under.
    @MainActor
    static func properties(of scope: AnyObject, resolver: ScopeRuntime? = nil) -> [(
        name: String, value: ObservedValue
    )] {
        var found: [(name: String, value: ObservedValue)] = []
        var mirror: Mirror? = Mirror(reflecting: scope)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, !label.hasPrefix("_$") else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                switch kind(of: child.value) {
                case .dependency:
                    continue
                case .subscope:
                    let held = (child.value as? any PlanSubscopeStorage)?.heldScopes
                    found.append((name, ObservedValue(children: held)))
                case .state:
                    // A shared value is state as its scope reads it, not the wrapper that finds it.
                    let resolved = (child.value as? any ResolvedStateStorage)?.resolvedState(
                        of: scope, resolver: resolver)
                    let value = resolved ?? child.value
                    found.append((name, ObservedValue(content: .value(value))))
                }
            }
            mirror = current.superclassMirror
        }
        return found
    }

    @MainActor
    private static func kind(of value: Any) -> Kind {
        let type = ObjectIdentifier(Swift.type(of: value))
        if let known = kinds[type] { return known }
        let kind: Kind =
            switch value {
            case is any PlanDependencyStorage: .dependency
            case is any PlanSubscopeStorage: .subscope
            default: .state
            }
        kinds[type] = kind
        return kind
    }

    private init(content: Content) {
        self.content = content
    }

    private init(children: [AnyObject]?) {
        let text: String
        if let children {
            text = "[" + children.map { "\(type(of: $0))" }.joined(separator: ", ") + "]"
        } else {
            text = "nil"
        }
        self.init(content: .children((children ?? []).map(ObjectIdentifier.init), text: text))
    }

    var text: String {
        switch content {
        case .value(let value): ValueText.inline(value)
        case .children(_, let text): text
        }
    }

    /// The text, saying so when children were replaced by others of the same types.
    func text(comparedWith before: ObservedValue) -> String {
        text == before.text ? "\(text) (replaced)" : text
    }

    func isSame(as other: ObservedValue) -> Bool {
        switch (content, other.content) {
        case (.children(let lhs, _), .children(let rhs, _)):
            return lhs == rhs
        case (.value(let lhs), .value(let rhs)):
            switch (lhs, rhs) {
            // The common scalars first, without a cast to an existential.
            case (let lhs as Int, let rhs as Int): return lhs == rhs
            case (let lhs as Bool, let rhs as Bool): return lhs == rhs
            case (let lhs as String, let rhs as String): return lhs == rhs
            default: break
            }
            if let lhs = lhs as? any Equatable { return lhs.isEqual(to: rhs) }
            return ValueText.dump(lhs) == ValueText.dump(rhs)
        default:
            return false
        }
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}

/// A `@Subscope`'s storage, seen by strict state.
protocol PlanSubscopeStorage {
    /// The child scopes held, or nil for an absent optional child.
    var heldScopes: [AnyObject]? { get }
}

extension Subscope: PlanSubscopeStorage {
    var heldScopes: [AnyObject]? {
        // The wrapper keeps its value private; reflection reads it without linking anything.
        guard let value = Mirror(reflecting: self).children.first(where: { $0.label == "value" })?.value
        else {
            return []
        }
        return Self.scopes(in: value)
    }

    private static func scopes(in value: Any) -> [AnyObject]? {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { [$0.value as AnyObject] }
        case .collection:
            return mirror.children.map { $0.value as AnyObject }
        default:
            return [value as AnyObject]
        }
    }
}

/// A `@Superscope` or `@Injected` storage: a link up the tree or a dependency, not state.
protocol PlanDependencyStorage {}

extension Superscope: PlanDependencyStorage {}
extension Injected: PlanDependencyStorage {}
