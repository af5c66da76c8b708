extension ScopeRuntime {
    /// The nearest value of that type injected at this scope or above it, else its default.
    func resolve<Value: Injectable>(_ type: Value.Type) -> Value {
        let key = ObjectIdentifier(type)
        return provider(of: key)?.dependencies.injected[key] as? Value ?? Value.defaultValue
    }

    /// The nearest scope at or above this one that injected a value under `key`, nil when none did.
    ///
    /// Each scope on the way remembers the answer until it is moved in the tree (with its subtree) or
    /// a type is injected at a new place, so a walk stops at the nearest ancestor that already knows
    /// it: resolving across a deep tree costs its depth once. Replacing an injected value, or linking
    /// and unlinking scopes elsewhere, keeps the answer: the first read after it costs the same at
    /// any depth.
    private func provider(of key: ObjectIdentifier) -> ScopeRuntime? {
        let generation = ScopeTree.providersGeneration
        var unresolved: [ScopeRuntime] = []
        var found: ScopeRuntime?
        var current: ScopeRuntime? = self
        while let runtime = current {
            if !runtime.dependencies.injected.isEmpty, runtime.dependencies.injected[key] != nil {
                found = runtime
                break
            }
            if runtime.dependencies.providersGeneration == generation,
                let known = runtime.dependencies.providers[key]
            {
                found = known.runtime
                break
            }
            unresolved.append(runtime)
            current = runtime.tree.parent
        }
        for runtime in unresolved {
            if runtime.dependencies.providersGeneration != generation {
                // Released after the change (see `forgetProviders()`).
                let stale = runtime.dependencies.forgetProviders()
                runtime.dependencies.providersGeneration = generation
                withExtendedLifetime(stale) {}
            }
            runtime.dependencies.providers[key] = DependencyCache.Provider(runtime: found)
        }
        return found
    }

    /// Forgets the providers cached in this scope's subtree, whose ancestors just changed; they are
    /// found again, from the new ancestors, when next read. Nothing outside the subtree changes
    /// provider when it moves, so their caches stay.
    func forgetProvidersInSubtree() {
        guard !tree.children.all.isEmpty else {
            dependencies.forgetProviders()
            return
        }
        var pending = [self]
        while let runtime = pending.popLast() {
            runtime.dependencies.forgetProviders()
            pending.append(contentsOf: runtime.tree.children.all)
        }
    }

    /// Overrides a dependency for this scope and its subtree.
    func inject<Value: Injectable>(_ value: Value) {
        let key = ObjectIdentifier(Value.self)
        // The replaced value is taken out and released after the change: its deinit is the app's
        // code, which may inject or resolve in turn.
        let replaced = dependencies.injected.updateValue(value, forKey: key)
        if replaced != nil {
            ScopeTree.valuesChanged()
        } else {
            ScopeTree.changed()
        }
    }

    /// Everything injected from this scope up to the root, nearest winning, for its effects; built
    /// on the nearest ancestor's cached snapshot, like ``resolve(_:)``.
    func dependenciesForEffects() -> DependencySnapshot {
        let generation = ScopeTree.generation
        // The common case, once per effect started: this scope's own snapshot is current.
        if let cached = dependencies.snapshot, cached.generation == generation {
            return cached.snapshot
        }
        var unbuilt: [ScopeRuntime] = []
        var base = DependencySnapshot(values: [:])
        for runtime in selfAndAncestors {
            if let cached = runtime.dependencies.snapshot, cached.generation == generation {
                base = cached.snapshot
                break
            }
            unbuilt.append(runtime)
        }
        for runtime in unbuilt.reversed() {
            base = base.overridden(by: runtime.dependencies.injected)
            // The stale snapshot is swapped out and released after the change: it may hold the
            // last reference to a value the app injected and has since replaced.
            var stale: (snapshot: DependencySnapshot, generation: UInt64)? = (base, generation)
            swap(&stale, &runtime.dependencies.snapshot)
        }
        return base
    }
}
