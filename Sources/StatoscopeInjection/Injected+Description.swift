@_spi(StatoscopeInternals) import StatoscopeCore

extension Injected: InjectedStorage {
    /// The type and the value the scope resolves, as readers of the tree show it.
    @MainActor
    package func describeResolved(in runtime: ScopeRuntime?) -> String {
        let value = runtime?.resolve(Value.self) ?? Value.defaultValue
        return "\(Value.self) = \(ScopeProperty.render(value))"
    }
}
