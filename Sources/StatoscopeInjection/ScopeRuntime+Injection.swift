@_spi(StatoscopeInternals) import StatoscopeCore

extension ScopeRuntime {
    /// The nearest value of that type injected at this scope or above it, else the value the
    /// nearest context gives (its default where none is set). Reading without reporting: for the
    /// library's own reads and for descriptions.
    package func resolve<Value: Injectable>(_ type: Value.Type) -> Value {
        if let value = injectedValue(of: type) { return value }
        guard let context = nearestContext else { return Value.defaultValue }
        return context.fallback(Value.self, reader: nil)
    }

    /// As ``resolve(_:)``, for any type: nil where nothing provides one (a protocol nothing injected).
    package func resolveIfProvided<Value: Sendable>(_ type: Value.Type) -> Value? {
        if let value = injectedValue(of: type) { return value }
        guard let context = nearestContext else { return DeclaredValues.live(of: type) }
        return context.fallback(Value.self, reader: nil)
    }

    /// What `reader`'s `@Injected` property reads: as ``resolve(_:)``, but a test context reports a
    /// read that reaches a live value, and a read that nothing provides (a protocol nothing injected)
    /// is reported to ``ErrorReporting`` and stops the program: there is no value to return.
    package func resolve<Value: Sendable>(_ type: Value.Type, reportingFor reader: AnyObject) -> Value {
        if let value = injectedValue(of: type) { return value }
        let scope = { MissingDependency.Reader.scope(typeName: "\(Swift.type(of: reader))", path: self.path) }
        let value =
            if let context = nearestContext {
                context.fallback(Value.self, reader: scope())
            } else {
                DeclaredValues.live(of: type)
            }
        if let value { return value }
        MissingDependencyError(typeName: DependencyTypeName.of(Value.self), reader: scope()).report(for: self)
    }

    /// The value of that type injected nearest at or above this scope, else the one the plan whose
    /// `GIVEN` is building the scope injects, if any. Where a test's rules apply and the test provides
    /// a value that stands in for injected ones (a plan's clock), the stand-in.
    private func injectedValue<Value: Sendable>(of type: Value.Type) -> Value? {
        let key = ObjectIdentifier(type)
        if let injection = provider(of: key)?.dependencies.injected[key],
            let value = injection.value as? Value
        {
            return injection.mayBeStoodInFor ? standIn(for: value, key: key) : value
        }
        return DependencySnapshot.building?.value(of: type)
    }

    /// What the test whose rules apply here reads in place of `value`, which a subtree injected.
    private func standIn<Value>(for value: Value, key: ObjectIdentifier) -> Value {
        guard let rules = nearestContext?.testRules,
            let provided = rules.provided[key] as? any StandsInForInjected
        else { return value }
        return provided.standIn(forAny: value) as? Value ?? value
    }

    /// The context that applies at this scope: the one set nearest at or above it, found, and
    /// remembered, as the provider of a dependency is, as it applies below the contexts above it (a
    /// subtree's `.preview` below a test keeps the test's rules). Where none is set, the context of a
    /// plan's `GIVEN` building the scope, if any, else the one the tree's environment chooses
    /// (`.preview` when Xcode renders previews).
    var nearestContext: DependencyContext? {
        guard let provider = provider(of: DependencyCache.contextKey),
            let context = provider.existingDependencyPart?.cache.context
        else {
            if let building = DependencySnapshot.building { return building.context }
            return DependencyContext.automatic(in: injectedValue(of: ProcessEnvironment.self))
        }
        if case .test = context.kind { return context }
        // A parent's context already falls back to the building plan's; a root's is that one.
        let outer = provider.parent.map(\.nearestContext) ?? DependencySnapshot.building?.context
        return context.nested(in: outer)
    }

    /// Sets the context for this scope and its subtree.
    func useDependencies(_ context: DependencyContext) {
        // The replaced context is released after the change, as a replaced value is (see `inject`).
        let replaced = dependencies.context
        dependencies.context = context.set(over: replaced)
        if replaced != nil {
            ScopeTree.valuesChanged()
        } else {
            ScopeTree.changed()
        }
        withExtendedLifetime(replaced) {}
    }

    /// The nearest scope at or above this one that injected a value under `key`, nil when none did.
    ///
    /// Each scope on the way remembers the answer until it is moved in the tree (with its subtree) or
    /// a type is injected at a new place, so a walk stops at the nearest ancestor that already knows
    /// it: resolving across a deep tree costs its depth once. Replacing an injected value, or linking
    /// and unlinking scopes elsewhere, keeps the answer: the first read after it costs the same at
    /// any depth.
    func provider(of key: ObjectIdentifier) -> ScopeRuntime? {
        let generation = ScopeTree.providersGeneration
        var unresolved: [ScopeRuntime] = []
        var found: ScopeRuntime?
        var current: ScopeRuntime? = self
        while let runtime = current {
            // A scope that never injected nor resolved anything has no part, and nothing to find.
            if let part = runtime.existingDependencyPart {
                if part.cache.provides(key) {
                    found = runtime
                    break
                }
                if part.cache.providersGeneration == generation, let known = part.cache.providers[key] {
                    found = known.runtime
                    break
                }
            }
            unresolved.append(runtime)
            current = runtime.parent
        }
        for runtime in unresolved {
            let part = runtime.ownDependencyPart
            if part.cache.providersGeneration != generation {
                // Released after the change (see `forgetProviders()`).
                let stale = part.cache.forgetProviders()
                part.cache.providersGeneration = generation
                withExtendedLifetime(stale) {}
            }
            part.cache.providers[key] = DependencyCache.Provider(runtime: found)
        }
        return found
    }

    /// Overrides a dependency for this scope and its subtree, under the type `Value`.
    func inject<Value: Sendable>(_ value: Value, as type: Value.Type) {
        let key = ObjectIdentifier(type)
        // The replaced value is taken out and released after the change: its deinit is the app's
        // code, which may inject or resolve in turn.
        let replaced = dependencies.injected.updateValue(
            DependencyCache.Injection(value: value, type: type), forKey: key)
        if replaced != nil {
            ScopeTree.valuesChanged()
        } else {
            ScopeTree.changed()
        }
    }

    /// Everything injected from this scope up to the root, nearest winning, for its effects; built
    /// on the nearest ancestor's cached snapshot, like ``resolve(_:)``.
    package func dependenciesForEffects() -> DependencySnapshot {
        let generation = ScopeTree.generation
        // The common case, once per effect started: this scope's own snapshot is current.
        if let part = existingDependencyPart, let cached = part.cache.snapshot,
            cached.generation == generation
        {
            return cached.snapshot
        }
        var unbuilt: [ScopeRuntime] = []
        var base = DependencySnapshot.building ?? DependencySnapshot(values: [:])
        for runtime in selfAndAncestors {
            if let cached = runtime.dependencies.snapshot, cached.generation == generation {
                base = cached.snapshot
                break
            }
            unbuilt.append(runtime)
        }
        for runtime in unbuilt.reversed() {
            let dependencies = runtime.dependencies
            base = base.overridden(
                by: dependencies.injected.mapValues(\.value), context: dependencies.context
            )
            .read(at: runtime.path)
            // The stale snapshot is swapped out and released after the change: it may hold the
            // last reference to a value the app injected and has since replaced.
            var stale: (snapshot: DependencySnapshot, generation: UInt64)? = (base, generation)
            swap(&stale, &runtime.dependencies.snapshot)
        }
        return base
    }
}
