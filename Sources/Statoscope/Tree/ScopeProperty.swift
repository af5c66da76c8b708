/// A stored property of a scope, found by reflection and sorted by what it is to the tree.
@MainActor
enum ScopeProperty {
    /// Plain state.
    case state(name: String, value: Any)
    /// A `@Subscope` property.
    case subscope(any SubscopeStorage, name: String)
    /// An `@Injected` property.
    case injected(any InjectedStorage, name: String)

    /// The properties of a scope in declaration order, without `@Superscope` links (they point up)
    /// and without Observation's bookkeeping.
    static func all(of scope: AnyObject) -> [ScopeProperty] {
        Mirror(reflecting: scope).children.compactMap { property in
            guard let label = property.label, !label.hasPrefix("_$") else { return nil }
            // `@Observable` and property wrappers keep a property's storage under `_name`.
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            switch property.value {
            case let subscope as any SubscopeStorage:
                return .subscope(subscope, name: name)
            case is any SuperscopeStorage:
                return nil
            case let injected as any InjectedStorage:
                return .injected(injected, name: name)
            default:
                return .state(name: name, value: property.value)
            }
        }
    }

    /// The plain state of a scope, each value rendered as text.
    static func state(of scope: AnyObject) -> [(name: String, value: String)] {
        all(of: scope).compactMap { property in
            guard case .state(let name, let value) = property else { return nil }
            return (name, render(value))
        }
    }

    /// The longest rendering of one value; longer ones are cut with an ellipsis.
    static let valueLimit = 160

    static func render(_ value: Any) -> String {
        let text = value is String ? String(reflecting: value) : String(describing: value)
        return text.count > valueLimit ? text.prefix(valueLimit) + "…" : text
    }
}
