/// The nearest ancestor of a type, reached from a child scope.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: enum SuperscopeSample { … }; extension SuperscopeSample.Counter { enum When { case userTappedIncrementButton } } -->
/// ```swift
/// final class Counter: Scope {
///     @Superscope var app: App
///     func update(_ when: When) throws {
///         app.send(.counterChanged)   // child-to-parent, through the parent's single entry point
///     }
/// }
/// ```
///
/// The ancestor is found by walking up the tree of `@Subscope` links. A dismissed scope still reads
/// the ancestors it had, and events sent to it never reach its `update`, so a late tap cannot reach
/// a missing ancestor. A scope with no such ancestor is a programming error: reading the property
/// stops the program with a message naming both types and the path, or saying that the scope was
/// never linked and how to fix that. Where an ancestor may legitimately be missing, call
/// ``Scope/superscope(_:)``, which throws ``MissingSuperscopeError`` instead. A scope tested on its
/// own gets its ancestor with ``Scope/injectSuperscopeForTesting(_:)``.
///
/// In tests, with `StatoscopeTesting` linked, a missing ancestor fails the test instead of stopping
/// the test process: an event sent to a scope that cannot reach an ancestor it declares does not
/// reach its `update`, whether or not that event would read it, and the running test fails with the
/// message (a test plan fails the step; an event arriving outside the test's task, such as an
/// effect's result, fails the test run). Give a scope tested on its own every ancestor it declares.
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
    /// The nearest ancestor of type `ancestorType` in the tree of `@Subscope` links, else the one
    /// given with ``injectSuperscopeForTesting(_:)`` to this scope or to one above it.
    ///
    /// A dismissed scope still reaches the ancestors it had, so a view that holds it can read them.
    ///
    /// - Throws: ``MissingSuperscopeError`` when no ancestor has that type.
    public func superscope<Ancestor: Scope>(_ ancestorType: Ancestor.Type) throws -> Ancestor {
        let runtime = ScopeRuntimeTable.existingRuntime(for: self)
        if let runtime {
            for ancestor in runtime.selfAndAncestors.dropFirst() {
                if let found = ancestor.scope as? Ancestor { return found }
            }
            // An ancestor given for testing serves the whole subtree below the scope it was given
            // to, as if that scope were linked below it: the nearest such scope's comes first.
            for holder in runtime.selfAndAncestors {
                for ancestor in holder.tree.superscopesForTesting {
                    if let found = ancestor as? Ancestor { return found }
                }
            }
        }
        let isLinked = runtime.map { $0.tree.lifetime != .root } ?? false
        throw MissingSuperscopeError(
            ancestorType: Ancestor.self, scopeType: type(of: self), path: scopePath, wasEverLinked: isLinked)
    }

    /// Gives a scope tested on its own the ancestor its `@Superscope` properties read, as if it were
    /// linked below it.
    ///
    /// <!-- compiled in a function -->
    /// ```swift
    /// let counter = Counter()
    /// counter.injectSuperscopeForTesting(App())
    /// counter.send(.userTappedIncrementButton)   // its update reads `@Superscope var app: App`
    /// ```
    ///
    /// The scope's children and their descendants read it too, as they would read a real ancestor
    /// above it. Ancestors from the tree come first; among injected ones, those given to the nearest
    /// scope come first, and at one scope the latest given wins. The scope holds the ancestor
    /// strongly, so a test can pass one it does not keep.
    public func injectSuperscopeForTesting<Ancestor: Scope>(_ ancestor: Ancestor) {
        ScopeRuntimeTable.runtime(for: self).tree.superscopesForTesting.insert(ancestor, at: 0)
        ScopeTree.valuesChanged()
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
    /// Whether the scope was ever linked below a parent; a scope that never was is a root.
    public let wasEverLinked: Bool

    init(ancestorType: Any.Type, scopeType: Any.Type, path: String, wasEverLinked: Bool) {
        ancestorTypeName = String(describing: ancestorType)
        scopeTypeName = String(describing: scopeType)
        self.path = path
        self.wasEverLinked = wasEverLinked
    }

    /// Names both types, the path from the root, and how to fix it.
    public var description: String {
        guard wasEverLinked else {
            return "@Superscope: \(scopeTypeName) was never linked below a parent, so it has no "
                + "\(ancestorTypeName) above it; assign it to a @Subscope property of a "
                + "\(ancestorTypeName) (or of a scope below one) before reading it, or, in a test of "
                + "\(scopeTypeName) on its own, call injectSuperscopeForTesting(_:) with a \(ancestorTypeName)"
        }
        return "@Superscope: no ancestor of type \(ancestorTypeName) above \(scopeTypeName) at \(path); "
            + "link \(scopeTypeName) below a \(ancestorTypeName) with @Subscope before reading it"
    }
}

extension Scope {
    /// Where the scope sits in its tree, from the root: `App.rows[2].detail`. A dismissed scope
    /// keeps the path it had; a scope never linked is its own root, named by its type.
    public var scopePath: String {
        ScopeRuntimeTable.existingRuntime(for: self)?.path ?? RecordedPath.typeName(of: self)
    }
}

extension Superscope: SuperscopeStorage {}
