@_spi(StatoscopeInternals) import StatoscopeCore

/// The dependencies a scope sees, handed to the effects it starts.
///
/// An effect is a value, not a scope, so `@Injected` inside one cannot walk a tree; the enqueuing
/// scope's dependencies travel with the effect's task as a task-local value instead.
package struct DependencySnapshot: Sendable {
    /// The snapshot of the effect running in the current task, if any.
    @TaskLocal package static var current: DependencySnapshot?

    private let values: [ObjectIdentifier: any Injectable]

    init(values: [ObjectIdentifier: any Injectable]) {
        self.values = values
    }

    /// This snapshot with `values` taking precedence over its own.
    func overridden(by values: [ObjectIdentifier: any Injectable]) -> DependencySnapshot {
        guard !values.isEmpty else { return self }
        return DependencySnapshot(values: self.values.merging(values) { _, nearer in nearer })
    }

    /// Whether nothing was injected from the scope up to its root.
    package var isEmpty: Bool { values.isEmpty }

    /// The injected value of that type, or nil where none was injected.
    package func value<Value: Injectable>(of type: Value.Type) -> Value? {
        values[ObjectIdentifier(type)] as? Value
    }

    /// Runs `operation` with this snapshot as the current one. An empty snapshot need not be provided:
    /// `current` being nil reads the same.
    package func provide<Result: Sendable>(_ operation: () async -> Result) async -> Result {
        await Self.$current.withValue(self, operation: operation)
    }
}
