@_spi(StatoscopeInternals) import StatoscopeCore

/// What one scope knows of dependencies: the values injected at it, and what it resolved through its
/// ancestors, cached until the tree or an injection changes.
@MainActor
package struct DependencyCache {
    /// The scope that provides a dependency type to another: the nearest one at or above it that
    /// injected a value of that type, or none, where the type's default applies.
    struct Provider {
        let runtime: ScopeRuntime?
    }

    /// A value injected at a scope, with the type it was injected as (a protocol's, say), which
    /// descriptions name.
    package struct Injection {
        package let value: any Sendable
        package let type: Any.Type
        /// Whether a test may stand in for it (see ``StandsInForInjected``): known once, when it is
        /// injected, so that a read of any other value asks nothing more. Asked of the type, which
        /// costs less than asking the value, boxed as it is.
        let mayBeStoodInFor: Bool

        init(value: any Sendable, type: Any.Type) {
            self.value = value
            self.type = type
            mayBeStoodInFor = type is any StandsInForInjected.Type
        }
    }

    /// Values injected at this scope with `inject`, keyed by the type they were injected as.
    package var injected: [ObjectIdentifier: Injection] = [:]
    /// The context set at this scope with `useDependencies`, if any: it applies to the subtree.
    package var context: DependencyContext?
    /// The stand-ins set at this scope when its subtree is kept apart from the live app (a
    /// replay's root), if any.
    var standIns: DependencyStandIns?

    /// The key under which a scope provides its context to the scopes below it, beside the
    /// dependencies' types.
    static let contextKey = ObjectIdentifier(DependencyContext.self)
    /// The key under which a scope provides its stand-ins to the scopes below it.
    static let standInsKey = ObjectIdentifier(DependencyStandIns.self)

    /// Whether this scope provides what `key` names: a value injected under it, for ``contextKey``
    /// a context, for ``standInsKey`` stand-ins.
    func provides(_ key: ObjectIdentifier) -> Bool {
        if !injected.isEmpty, injected[key] != nil { return true }
        if context != nil, key == Self.contextKey { return true }
        return standIns != nil && key == Self.standInsKey
    }
    /// For each dependency type this scope resolved, the scope that provides it, valid while
    /// `providersGeneration` is the tree's.
    var providers: [ObjectIdentifier: Provider] = [:]
    var providersGeneration: UInt64 = .max
    /// Every dependency this scope sees, cached for effects until the tree or an injection changes.
    var snapshot: (snapshot: DependencySnapshot, generation: UInt64)?

    /// Forgets the providers it resolved. Providers are ancestors, held strongly: a released scope
    /// forgets them so that no cycle outlives it.
    ///
    /// Returns them rather than releasing them here: one may be the last reference to a released
    /// ancestor's runtime, and with it to values the app injected, whose deinit is the app's code and
    /// may resolve or inject in turn. Released by the caller, that runs after the change to this
    /// cache (and the unchecked access to it) has ended.
    @discardableResult
    mutating func forgetProviders() -> [ObjectIdentifier: Provider] {
        providersGeneration = .max
        defer { providers = [:] }
        return providers
    }
}
