@_spi(StatoscopeInternals) import StatoscopeCore

extension Injected: InjectedStorage {
    /// The type and the value the scope resolves, as readers of the tree show it; `none` where
    /// nothing provides one.
    @MainActor
    package func describeResolved(in runtime: ScopeRuntime?) -> String {
        let value = runtime.map { $0.resolveIfProvided(Value.self) } ?? DeclaredValues.live(of: Value.self)
        return "\(DependencyTypeName.of(Value.self)) = \(value.map(ScopeProperty.render) ?? "none")"
    }
}
