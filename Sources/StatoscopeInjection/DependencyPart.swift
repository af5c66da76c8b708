@_spi(StatoscopeInternals) import StatoscopeCore

/// The injection module's part of a scope's runtime: what was injected at the scope and what it
/// resolved through its ancestors.
@MainActor
final class DependencyPart: ScopeRuntimePart {
    /// Dependencies injected at the scope and what it resolved through its ancestors.
    // SAFETY: Sound because only the main actor touches it and nothing of the app's runs or is
    // released inside an access: a replaced injected value, a stale snapshot and forgotten providers
    // are taken out and released after the change (`inject`, `dependenciesForEffects`,
    // `forgetProviders()`), a provider is cached only where none is (the walk forgets stale ones
    // first), and `Injectable.defaultValue` is called after the read.
    // `ReentrancyTests.aReplacedDependencyMayInjectAndResolveFromItsDeinit`.
    @exclusivity(unchecked) var cache = DependencyCache()

    func lifecycleChanged(_ change: ScopeLifecycleChange, of runtime: ScopeRuntime) {
        switch change {
        case .linked, .released:
            // New ancestors may provide other values; a released scope resolves nothing more. The
            // providers are released after the change (see `DependencyCache.forgetProviders()`).
            let forgotten = cache.forgetProviders()
            withExtendedLifetime(forgotten) {}
        case .moved, .dismissed, .revived:
            break
        }
    }
}

extension ScopeRuntime {
    /// The dependencies of this scope: empty until it injects or resolves one.
    package var dependencies: DependencyCache {
        _read {
            if let part = dependencyPart {
                yield DependencyPart.owned(part).cache
            } else {
                yield DependencyCache()
            }
        }
        _modify { yield &ownDependencyPart.cache }
    }

    /// The part, made on first use.
    var ownDependencyPart: DependencyPart {
        if let part = dependencyPart { return DependencyPart.owned(part) }
        let part = DependencyPart()
        dependencyPart = part
        return part
    }

    /// The part, if the scope has one yet.
    var existingDependencyPart: DependencyPart? {
        dependencyPart.map(DependencyPart.owned)
    }
}
