/// Where a scope sits below a recorded root: the names a recording addresses it by.
@MainActor
package enum RecordedPath {
    /// The names from `root` down to `scope`, or nil outside the subtree of `root`.
    package static func of(_ scope: any Scope, below root: AnyObject?) -> [String]? {
        guard let root else { return nil }
        if scope === root { return [] }
        guard let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope) else { return nil }
        return of(runtime, below: root)
    }

    /// The names from `root` down to the scope of `runtime`, or nil outside the subtree of `root`.
    package static func of(_ runtime: ScopeRuntime, below root: AnyObject) -> [String]? {
        var names: [String] = []
        for ancestor in runtime.selfAndAncestors {
            if ancestor.scope === root { return names.reversed() }
            guard ancestor.tree.lifetime == .linked, let name = ancestor.nameInParent else { return nil }
            names.append(name)
        }
        return nil
    }

    private static let typeNames = TypeMemo { "\($0)" }

    /// The scope's dynamic type name, as recordings write it; remembered, since forming it is far
    /// slower than the rest of recording an event.
    package static func typeName(of scope: any Scope) -> String {
        typeNames.value(for: type(of: scope))
    }
}
