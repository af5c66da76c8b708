@_spi(StatoscopeInternals) import StatoscopeCore

/// A dependency that scopes and effects read with `@Injected`, and that a subtree can override.
///
/// <!-- compiled with: Services -->
/// <!-- compiled inside: enum InjectableSample { … }; extension InjectableSample.APIClient { static var live: Self { Self(load: { DTO(count: 0) }) } } -->
/// ```swift
/// struct APIClient: Injectable {
///     var load: @Sendable () async throws -> DTO
///     static var defaultValue: APIClient { .live }
/// }
/// ```
///
/// A dependency is `Sendable`: effects read it off the main actor.
public protocol Injectable: Sendable {
    /// The value used where no scope from the reader up to the root injected one.
    static var defaultValue: Self { get }
}
