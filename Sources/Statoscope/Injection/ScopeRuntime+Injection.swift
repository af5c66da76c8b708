extension ScopeRuntime {
    /// The nearest value of that type injected at this scope or above it, else its default.
    ///
    /// Each scope on the way remembers the answer until the tree changes, so a walk stops at the
    /// nearest ancestor that already knows it: resolving across a deep tree costs its depth once.
    func resolve<Value: Injectable>(_ type: Value.Type) -> Value {
        let key = ObjectIdentifier(type)
        let generation = ScopeTree.generation
        var unresolved: [ScopeRuntime] = []
        var found: Value?
        for runtime in selfAndAncestors {
            if let value = runtime.injected[key] as? Value {
                found = value
                break
            }
            if runtime.resolvedGeneration == generation, let value = runtime.resolved[key] as? Value {
                found = value
                break
            }
            unresolved.append(runtime)
        }
        let value = found ?? Value.defaultValue
        for runtime in unresolved {
            if runtime.resolvedGeneration != generation {
                runtime.resolved.removeAll(keepingCapacity: true)
                runtime.resolvedGeneration = generation
            }
            runtime.resolved[key] = value
        }
        return value
    }

    /// Overrides a dependency for this scope and its subtree.
    func inject<Value: Injectable>(_ value: Value) {
        injected[ObjectIdentifier(Value.self)] = value
        ScopeTree.changed()
    }

    /// Everything injected from this scope up to the root, nearest winning, for its effects; built
    /// on the nearest ancestor's cached snapshot, like ``resolve(_:)``.
    func dependenciesForEffects() -> DependencySnapshot {
        let generation = ScopeTree.generation
        // The common case, once per effect started: this scope's own snapshot is current.
        if let cached = dependencySnapshot, cached.generation == generation {
            return cached.snapshot
        }
        var unbuilt: [ScopeRuntime] = []
        var base = DependencySnapshot(values: [:])
        for runtime in selfAndAncestors {
            if let cached = runtime.dependencySnapshot, cached.generation == generation {
                base = cached.snapshot
                break
            }
            unbuilt.append(runtime)
        }
        for runtime in unbuilt.reversed() {
            base = base.overridden(by: runtime.injected)
            runtime.dependencySnapshot = (base, generation)
        }
        return base
    }
}
