@_spi(StatoscopeInternals) import StatoscopeCore

/// A dependency a scope declares with `@Injected` and nothing provides: a protocol nothing injected
/// above the scope. Reading it would stop the program (see ``MissingDependencyError``).
package struct UnprovidedDependency: Sendable, Equatable {
    /// The dependency's type, as written: `any ChatClient`.
    package let typeName: String
    /// The type of the scope that declares it.
    package let scopeTypeName: String
    /// The scope's path in the tree.
    package let path: String
}

/// The storage of an `@Injected` property, whatever its type: lets a test plan check that a scope's
/// dependencies are provided without reading them.
package protocol DependencyDeclaration {
    /// Whether something provides the dependency to the scope of `runtime`.
    @MainActor func isProvided(in runtime: ScopeRuntime) -> Bool
    /// The dependency's type, as written.
    var typeName: String { get }
    /// Whether the type declares values of its own (an `Injectable`), so that it is always provided.
    var declaresValues: Bool { get }
}

extension Injected: DependencyDeclaration {
    @MainActor
    package func isProvided(in runtime: ScopeRuntime) -> Bool {
        // An `Injectable` always has a value; only another type's read can find none.
        declaresValues || runtime.resolveIfProvided(Value.self) != nil
    }

    package var declaresValues: Bool { Value.self is any Injectable.Type }

    package var typeName: String { DependencyTypeName.of(Value.self) }
}

extension Scope {
    /// The first dependency, in a scope of this subtree (this one included, depth first), that the
    /// scope declares and nothing provides; nil when every one is provided. Reads only: it links
    /// and reports nothing, and reads no dependency's value.
    ///
    /// A test plan checks this before each step that sends an event, so that the step fails naming
    /// the dependency instead of a read stopping the whole test process.
    package var firstUnprovidedDependencyInSubtree: UnprovidedDependency? {
        // A child no step reached yet has no runtime of its own: it resolves as its holder does.
        var holders: [String: ScopeRuntime] = [:]
        for (scope, path) in subtreeScopes {
            guard
                let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope)
                    ?? Self.holder(of: path, in: holders)
            else { continue }
            holders[path] = runtime
            if let missing = DependencyDeclarations.firstUnprovided(by: scope, at: path, in: runtime) {
                return missing
            }
        }
        return nil
    }

    /// The runtime of the nearest scope above `path` (`App.rows[2]` above `App.rows[2].detail`).
    private static func holder(of path: String, in holders: [String: ScopeRuntime]) -> ScopeRuntime? {
        var path = Substring(path)
        while let end = path.lastIndex(where: { $0 == "." || $0 == "[" }) {
            path = path[..<end]
            if let runtime = holders[String(path)] { return runtime }
        }
        return nil
    }
}

/// The `@Injected` properties of scope types whose type declares no value (a protocol): a plan asks
/// of every scope of its tree before each step that sends an event, after the tree changed.
@MainActor
enum DependencyDeclarations {
    private static let properties = DeclaredProperties<any DependencyDeclaration> { !$0.declaresValues }

    /// The first dependency `scope` declares, of a type that declares no value, that nothing provides
    /// to it through `runtime`.
    static func firstUnprovided(
        by scope: any Scope, at path: String, in runtime: ScopeRuntime
    ) -> UnprovidedDependency? {
        properties.first(of: scope) { declaration in
            declaration.isProvided(in: runtime)
                ? nil
                : UnprovidedDependency(
                    typeName: declaration.typeName, scopeTypeName: "\(type(of: scope))", path: path)
        }
    }
}
