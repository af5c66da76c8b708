@_spi(StatoscopeInternals) import StatoscopeCore

/// A dependency, resolved from the scope tree: the value injected nearest above, else the value the
/// subtree's ``DependencyContext`` gives (the default in a live app).
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: final class App: Scope { enum When { case appeared }; func update(_ when: When) throws {} }; extension Counter { enum When { case userTappedIncrementButton }; func update(_ when: When) throws {} }; @MainActor func sample(app: App) { … } -->
/// <!-- declarations at the top level -->
/// ```swift
/// final class Counter: Scope {
///     @Injected var api: APIClient
/// }
/// app.inject(APIClient.mock)   // `app` and every scope below it now read the mock
/// ```
///
/// In a scope, the value is resolved from the scope up to its root, and cached until the tree or an
/// injection changes. In an ``Effect``, it is the value the enqueuing scope saw when the effect
/// started, so an effect uses the dependencies of the subtree that enqueued it:
///
/// <!-- compiled inside: enum InjectedEffectSample { … } -->
/// ```swift
/// struct LoadProfile: Effect {
///     @Injected var api: APIClient
///     func runEffect() async throws -> DTO { try await api.load() }
/// }
/// ```
///
/// `Value` is an ``Injectable`` type, or any other `Sendable` type, a protocol's existential most
/// often (`@Injected var chat: any ChatClient`), which has no value of its own: a scope above the
/// reader injects one with ``Scope/inject(_:as:)``, and a read that nothing provides stops the
/// program (see ``MissingDependencyError``).
///
/// Two `Injected` values compare equal, so an effect's equality ignores its dependencies. In an
/// `@Observable` class, mark the property `@ObservationIgnored`.
@propertyWrapper
public struct Injected<Value: Sendable>: Sendable, Equatable {
    @usableFromInline var cachedValue: Value?
    @usableFromInline var cachedGeneration: UInt64 = .max
    /// What the running copy of the effect holding this property started with; nil in a scope, and
    /// in an effect not started.
    var attachment: AttachedDependencies?

    /// Declares the dependency; it is resolved when read.
    public init() {}

    /// The dependency as seen by the effect holding it, on whatever thread its code runs (or the live
    /// default outside any effect).
    public var wrappedValue: Value {
        if let attachment {
            if let value = attachment.resolved[ObjectIdentifier(Value.self)] as? Value { return value }
            return attachment.snapshot.resolve(Value.self)
        }
        return (DependencySnapshot.current ?? DependencySnapshot(values: [:])).resolve(Value.self)
    }

    /// The dependency as seen by the scope: the nearest injected value above it, else the value the
    /// subtree's context gives.
    ///
    /// Inlinable, so that a read of a cached value compiles, in the reader's module, to a generation
    /// check and a stored-property load; unspecialised, it went through key-path projections.
    @MainActor
    @inlinable
    public static subscript<Reader: Scope>(
        _enclosingInstance reader: Reader,
        wrapped wrappedKeyPath: KeyPath<Reader, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Reader, Injected<Value>>
    ) -> Value {
        let storage = reader[keyPath: storageKeyPath]
        if storage.cachedGeneration == ScopeTree.generation, let value = storage.cachedValue {
            return value
        }
        return resolve(for: reader, storage: storageKeyPath)
    }

    /// Resolves the dependency from the tree and caches it in the reader's storage.
    @MainActor
    @usableFromInline
    package static func resolve<Reader: Scope>(
        for reader: Reader, storage storageKeyPath: ReferenceWritableKeyPath<Reader, Injected<Value>>
    ) -> Value {
        let value = ScopeRuntimeTable.runtime(for: reader).resolve(Value.self, reportingFor: reader)
        reader[keyPath: storageKeyPath].cachedValue = value
        reader[keyPath: storageKeyPath].cachedGeneration = ScopeTree.generation
        return value
    }

    /// Always true: dependencies do not take part in the equality of the effects holding them.
    public static func == (lhs: Injected, rhs: Injected) -> Bool { true }
}

extension Injected: CustomStringConvertible, CustomDebugStringConvertible {
    /// `@Injected Type`: what the property depends on, not the cache behind it, so an effect holding
    /// a dependency prints readably in logs, error reports and subtree descriptions.
    public var description: String { "@Injected \(DependencyTypeName.of(Value.self))" }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
