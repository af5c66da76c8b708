/// A stored property of a scope, found by reflection and sorted by what it is to the tree.
@MainActor
package enum ScopeProperty {
    /// Plain state.
    case state(name: String, value: Any)
    /// A `@Subscope` property.
    case subscope(any SubscopeStorage, name: String)
    /// An `@Injected` property.
    case injected(any InjectedStorage, name: String)

    /// The properties of a scope in declaration order, those its base classes declare first,
    /// without `@Superscope` links (they point up) and without Observation's bookkeeping. A value
    /// that lives elsewhere is read through `resolver` when given (see ``TreeReading/Place``).
    package static func all(of scope: AnyObject, resolver: ScopeRuntime? = nil) -> [ScopeProperty] {
        // A subclass's mirror lists only its own properties: its base classes' are in the chain
        // of superclass mirrors.
        let mirrors = sequence(first: Mirror(reflecting: scope), next: { $0.superclassMirror })
        return mirrors.reversed().flatMap { mirror in
            mirror.children.compactMap { property -> ScopeProperty? in
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
                case let resolved as any ResolvedStateStorage:
                    return .state(name: name, value: resolved.resolvedState(of: scope, resolver: resolver))
                default:
                    return .state(name: name, value: property.value)
                }
            }
        }
    }

    /// The children a scope's `@Subscope` properties hold, in declaration order, with their names
    /// in it (`rows[2]`). Reads only: links nothing.
    static func declaredChildren(of scope: AnyObject) -> [(name: String, scope: any Scope)] {
        all(of: scope).flatMap { property -> [(name: String, scope: any Scope)] in
            guard case .subscope(let subscope, let name) = property else { return [] }
            return subscope.namedChildren(name: name)
        }
    }

    /// The longest rendering of one value; longer ones are cut with an ellipsis.
    package static let valueLimit = 160

    /// A value as descriptions and state diffs show it, through the library's one rendering rule
    /// (``Redaction``), cut at ``valueLimit``.
    package static func render(_ value: Any) -> String {
        let text = Redaction.describe(value)
        return text.count > valueLimit ? text.prefix(valueLimit) + "…" : text
    }
}

/// A `@Superscope` property's storage, skipped by readers of the tree: it points up, not down.
package protocol SuperscopeStorage {}

/// An `@Injected` property's storage, shown with the value the scope resolves.
package protocol InjectedStorage {
    @MainActor func describeResolved(in runtime: ScopeRuntime?) -> String
}

/// The storage of a property whose value lives elsewhere (a shared value): shown as plain state, with
/// the value the scope reads.
package protocol ResolvedStateStorage {
    /// The value `scope` reads, found through `resolver` when given: for a child created with its
    /// parent and never read yet, the parent it will be linked under.
    @MainActor func resolvedState(of scope: AnyObject, resolver: ScopeRuntime?) -> Any
}
