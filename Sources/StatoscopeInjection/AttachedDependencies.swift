@_spi(StatoscopeInternals) import StatoscopeCore

/// What an effect's `@Injected` property reads wherever the effect's code runs: the dependencies of
/// the scope that started the effect, attached to the property itself when the effect starts.
///
/// A task-local value reaches only the effect's own task and the tasks it makes with `Task { }`; a
/// closure handed to a dispatch queue, a thread, a detached task or a delegate that calls it later
/// runs outside that task. Every copy of an `Injected` value shares one attachment, and the effect's
/// code holds a copy of the effect wherever it reads, so the read finds what the effect started with.
package final class AttachedDependencies: Sendable {
    /// What was attached: the scope's snapshot, and, where the effect started under a test's rules,
    /// the value already resolved, so that the read reports nothing a second time.
    struct Attached: Sendable {
        let snapshot: DependencySnapshot
        let resolved: (any Sendable)?
    }

    private let attached = CriticalState<Attached?>(nil)

    init() {}

    /// What the effect started with, or nil for a property no starting effect holds (a scope's, or an
    /// effect's before it starts).
    var current: Attached? { attached.withLock { $0 } }

    /// Attaches what the effect's reads resolve from; an effect started again attaches anew.
    func attach(_ snapshot: DependencySnapshot, resolved: (any Sendable)?) {
        attached.withLock { $0 = Attached(snapshot: snapshot, resolved: resolved) }
    }
}

/// A stored property of an effect that reads a dependency: ``Injected``.
protocol EffectDependencyProperty {
    /// Attaches `snapshot`, the dependencies of the scope at `scopePath` starting `effectName`; returns
    /// the error to report instead when nothing in it provides the property's type.
    func attach(
        _ snapshot: DependencySnapshot, effectName: String, scopePath: String
    ) -> MissingDependencyError?
}

extension Injected: EffectDependencyProperty {
    func attach(
        _ snapshot: DependencySnapshot, effectName: String, scopePath: String
    ) -> MissingDependencyError? {
        guard snapshot.value(of: Value.self) != nil || Value.self is any Injectable.Type else {
            return MissingDependencyError(
                typeName: DependencyTypeName.of(Value.self), effect: effectName, scopePath: scopePath)
        }
        // Under a test's rules the read is checked now, on the task that starts the effect, which is
        // the test's when the test sent the event: a failure is then the test's, wherever the effect's
        // code later reads the value.
        let resolved: (any Sendable)? =
            snapshot.context?.testRules != nil ? snapshot.resolve(Value.self) : nil
        attachment.attach(snapshot, resolved: resolved)
        return nil
    }
}

extension DependencySnapshot {
    /// Attaches this snapshot to each `@Injected` property of `effect`, the pristine effect a scope at
    /// `scopePath` starts; returns the error to report instead of running it when one of them reads a
    /// type that nothing here provides.
    @MainActor
    package func attach(to effect: Any, scopePath: @autoclosure () -> String) -> MissingDependencyError? {
        let type = Swift.type(of: effect)
        if Self.readsNoDependency.value(for: type) == true { return nil }
        var readsOne = false
        for child in Mirror(reflecting: effect).children {
            guard let property = child.value as? any EffectDependencyProperty else { continue }
            readsOne = true
            let missing = property.attach(self, effectName: "\(type)", scopePath: scopePath())
            if let missing { return missing }
        }
        if !readsOne { Self.readsNoDependency.remember(true, for: type) }
        return nil
    }

    /// The effect types known to hold no `@Injected` property, which start without a look at their
    /// properties.
    @MainActor private static let readsNoDependency = TypeMemo<Bool?> { _ in nil }
}
