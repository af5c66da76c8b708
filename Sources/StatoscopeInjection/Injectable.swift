@_spi(StatoscopeInternals) import StatoscopeCore

/// A dependency that scopes and effects read with `@Injected`, and that a subtree can override.
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: enum InjectableSample { … }; extension InjectableSample.APIClient { static var live: Self { Self(load: { DTO(count: 0) }) }; static var canned: Self { Self(load: { DTO(count: 1) }) } } -->
/// ```swift
/// struct APIClient: Injectable {
///     var load: @Sendable () async throws -> DTO
///     static var defaultValue: APIClient { .live }
///     static var testValue: APIClient { .canned }   // optional: what tests read
/// }
/// ```
///
/// A dependency is `Sendable`: effects read it off the main actor.
///
/// Where no scope from the reader up to the root injected a value, the subtree's
/// ``DependencyContext`` decides which declared value the reader gets: ``defaultValue`` in a live
/// app; ``previewValue``, else ``defaultValue``, under ``DependencyContext/preview``; and in a test
/// plan ``testValue``, else ``previewValue``, and, where the type declares neither, the read fails
/// the plan's step, unless the type says tests may read its default (``isProvidedByTests``).
public protocol Injectable: Sendable {
    /// The live value: the one used where no scope from the reader up to the root injected one.
    static var defaultValue: Self { get }

    /// The value tests read where nothing overrides the dependency. Unless declared, the
    /// ``previewValue``; where neither is declared, a test plan's read of the dependency fails.
    static var testValue: Self { get }

    /// The value previews read where nothing overrides the dependency (see
    /// ``DependencyContext/preview``), and tests too when the type declares no ``testValue``. Unless
    /// declared, the ``defaultValue``.
    static var previewValue: Self { get }

    /// Whether tests may read the ``defaultValue`` without overriding it: `true` for a dependency the
    /// test harness provides itself, as test plans provide ``EffectClock`` by running on virtual
    /// time. `false` unless declared.
    static var isProvidedByTests: Bool { get }
}

extension Injectable {
    /// The ``previewValue``: the type declares no test value.
    public static var testValue: Self {
        previewValue
    }

    /// The ``defaultValue``: the type declares no preview value.
    public static var previewValue: Self {
        // A test's read that ends here reaches the live value, which tests must not use unawares.
        DeclaredValueProbe.noteLiveFallback()
        return defaultValue
    }

    /// `false`: tests override the dependency or read a declared test value.
    public static var isProvidedByTests: Bool { false }
}
