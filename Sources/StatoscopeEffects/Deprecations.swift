@_spi(StatoscopeInternals) import StatoscopeCore

// The effects' former names, in one place. Each keeps compiling with a deprecation warning that names
// its replacement.

/// The former name of ``ScopeEffects``, a handle to a scope's effects rather than their state.
@available(*, deprecated, renamed: "ScopeEffects")
public typealias EffectsState<S: Scope> = ScopeEffects<S>
