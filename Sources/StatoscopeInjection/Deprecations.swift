@_spi(StatoscopeInternals) import StatoscopeCore

// Injection's former names, in one place. Each keeps compiling with a deprecation warning that names
// its replacement, and does what the replacement does.

extension Scope {
    /// The former name of ``inject(_:)``: it injects any value, not only objects.
    @available(*, deprecated, renamed: "inject(_:)")
    public func injectObject<Value: Injectable>(_ value: Value) {
        inject(value)
    }
}
