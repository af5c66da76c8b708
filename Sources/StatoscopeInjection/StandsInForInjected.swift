/// A value a test provides that also stands in for the values of its type a subtree injects, where
/// the test's rules apply: a test plan's clock, which gives each clock a subtree injects a plan time
/// of its own.
package protocol StandsInForInjected: Sendable {
    /// What a scope reads in place of `injected`, a value of this type that its subtree injected.
    @MainActor func standIn(for injected: Self) -> Self
}

extension StandsInForInjected {
    /// ``standIn(for:)`` for a value known only as `Any`: `injected` itself unless it is of this type.
    @MainActor
    func standIn(forAny injected: Any) -> Any {
        guard let injected = injected as? Self else { return injected }
        return standIn(for: injected)
    }
}
