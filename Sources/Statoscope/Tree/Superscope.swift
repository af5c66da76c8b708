/// The nearest ancestor of a type, reached from a child scope.
///
/// ```swift
/// final class Counter: Scope {
///     @Superscope var app: App
///     func update(_ when: When) throws {
///         app.send(.counterChanged)   // child-to-parent, through the parent's single entry point
///     }
/// }
/// ```
///
/// The ancestor is found by walking up the tree of `@Subscope` links. A scope with no such ancestor
/// is a programming error: reading the property stops the program with a message naming both types
/// and the path from the root. Where an ancestor may legitimately be missing, call
/// ``Scope/superscope(_:)``, which throws ``MissingSuperscopeError`` instead.
///
/// In an `@Observable` class, mark the property `@ObservationIgnored`.
@propertyWrapper
public struct Superscope<Ancestor: Scope> {
    private weak var cachedAncestor: Ancestor?
    private var cachedGeneration: UInt64 = .max

    /// Declares the property; the ancestor is found when it is read.
    public init() {}

    /// Unavailable: `@Superscope` works on properties of a ``Scope`` only.
    @available(*, unavailable, message: "@Superscope works on properties of a Scope only")
    public var wrappedValue: Ancestor {
        fatalError("@Superscope works on properties of a Scope only")
    }

    /// Finds the nearest ancestor of type `Ancestor`, cached until the tree changes.
    @MainActor
    public static subscript<Child: Scope>(
        _enclosingInstance child: Child,
        wrapped wrappedKeyPath: KeyPath<Child, Ancestor>,
        storage storageKeyPath: ReferenceWritableKeyPath<Child, Superscope<Ancestor>>
    ) -> Ancestor {
        let storage = child[keyPath: storageKeyPath]
        if storage.cachedGeneration == ScopeTree.generation, let ancestor = storage.cachedAncestor {
            return ancestor
        }
        do {
            let ancestor = try child.superscope(Ancestor.self)
            child[keyPath: storageKeyPath].cachedAncestor = ancestor
            child[keyPath: storageKeyPath].cachedGeneration = ScopeTree.generation
            return ancestor
        } catch {
            fatalError("\(error)")
        }
    }
}

extension Scope {
    /// The nearest ancestor of type `ancestorType` in the tree of `@Subscope` links.
    ///
    /// - Throws: ``MissingSuperscopeError`` when no ancestor has that type.
    public func superscope<Ancestor: Scope>(_ ancestorType: Ancestor.Type) throws -> Ancestor {
        let runtime = ScopeRuntimeTable.runtime(for: self)
        for ancestor in runtime.selfAndAncestors.dropFirst() {
            if let found = ancestor.scope as? Ancestor { return found }
        }
        throw MissingSuperscopeError(ancestorType: Ancestor.self, scopeType: Self.self, path: runtime.path)
    }
}

/// No ancestor of the requested type is above a scope.
public struct MissingSuperscopeError: Error, Sendable, CustomStringConvertible {
    /// The type of the ancestor that was asked for.
    public let ancestorTypeName: String
    /// The type of the scope that asked.
    public let scopeTypeName: String
    /// The path of that scope from its root, such as `App.rows[2].detail`.
    public let path: String

    init(ancestorType: Any.Type, scopeType: Any.Type, path: String) {
        ancestorTypeName = String(describing: ancestorType)
        scopeTypeName = String(describing: scopeType)
        self.path = path
    }

    /// Names both types and the path from the root.
    public var description: String {
        "@Superscope: no ancestor of type \(ancestorTypeName) above \(scopeTypeName) at \(path); "
            + "link \(scopeTypeName) below a \(ancestorTypeName) with @Subscope before reading it"
    }
}

extension Scope {
    /// Where the scope sits in its tree, from the root: `App.rows[2].detail`.
    public var scopePath: String {
        ScopeRuntimeTable.runtime(for: self).path
    }
}
