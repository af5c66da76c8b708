@_spi(StatoscopeInternals) import StatoscopeCore

/// The dependencies a scope sees, handed to the effects it starts.
///
/// An effect is a value, not a scope, so `@Injected` inside one cannot walk a tree; the enqueuing
/// scope's dependencies travel with the effect's task as a task-local value instead.
package struct DependencySnapshot: Sendable {
    /// The snapshot of the effect running in the current task, if any.
    @TaskLocal package static var current: DependencySnapshot?

    /// What a plan's `GIVEN` provides while its builder makes the scope, before the scope is linked
    /// to anything: the plan's injected values and its test context. A scope with no value or
    /// context set at or above it reads them, as it would once `GIVEN` has built it.
    @TaskLocal package static var building: DependencySnapshot?

    private let values: [ObjectIdentifier: any Sendable]
    /// The nearest context set from the scope up to its root, if any.
    let context: DependencyContext?
    /// The path of the scope whose effects read this snapshot, kept only under a test context, where
    /// a read reaching a live value is reported with it.
    let scopePath: String?

    package init(
        values: [ObjectIdentifier: any Sendable], context: DependencyContext? = nil,
        scopePath: String? = nil
    ) {
        self.values = values
        self.context = context
        self.scopePath = scopePath
    }

    /// This snapshot with `values` and `context` taking precedence over its own.
    func overridden(
        by values: [ObjectIdentifier: any Sendable], context: DependencyContext?
    ) -> DependencySnapshot {
        guard !values.isEmpty || context != nil else { return self }
        return DependencySnapshot(
            values: self.values.merging(values) { _, nearer in nearer },
            context: context.map { $0.nested(in: self.context) } ?? self.context,
            scopePath: scopePath)
    }

    /// This snapshot, naming `path` as its reader when a test context reports a read.
    func read(at path: @autoclosure () -> String) -> DependencySnapshot {
        guard context?.testRules != nil else { return self }
        return DependencySnapshot(values: values, context: context, scopePath: path())
    }

    /// Whether nothing was injected from the scope up to its root, and no context set.
    package var isEmpty: Bool { values.isEmpty && context == nil }

    /// The injected value of that type, or nil where none was injected.
    package func value<Value: Sendable>(of type: Value.Type) -> Value? {
        values[ObjectIdentifier(type)] as? Value
    }

    /// What an effect's `@Injected` reads: the injected value, else the one the context gives; where
    /// there is none (a protocol nothing injected), the program stops, saying so.
    func resolve<Value: Sendable>(_ type: Value.Type) -> Value {
        if let value = value(of: type) { return value }
        // A tree that sets no context reads what its environment chooses, as its scopes do.
        let context = context ?? DependencyContext.automatic(in: value(of: ProcessEnvironment.self))
        let value =
            if let context {
                context.fallback(Value.self, reader: scopePath.map { .effect(scopePath: $0) })
            } else {
                DeclaredValues.live(of: Value.self)
            }
        if let value { return value }
        MissingDependencyError(
            typeName: DependencyTypeName.of(Value.self), reader: scopePath.map { .effect(scopePath: $0) }
        )
        .stop()
    }

    /// Runs `operation` with this snapshot as the current one. An empty snapshot need not be provided:
    /// `current` being nil reads the same.
    package func provide<Result: Sendable>(_ operation: () async -> Result) async -> Result {
        await Self.$current.withValue(self, operation: operation)
    }
}
