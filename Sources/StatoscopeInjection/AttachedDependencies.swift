@_spi(StatoscopeInternals) import StatoscopeCore
// SAFETY: Sound because the one function used, `_forEachFieldWithKeyPath`, only reads the field
// metadata the compiler emitted for the effect type it is given and hands its closure key paths to
// those fields, which are ordinary key paths; the field name it also passes is not read. The SPI is
// the standard library's, not promised as API: a toolchain that changes its signature fails this
// file's build rather than its run.
@_spi(Reflection) import Swift

/// What an effect's `@Injected` properties read wherever the effect's code runs: the dependencies of
/// the scope that started the effect, attached to the copy of the effect that runs.
///
/// A task-local value reaches only the effect's own task and the tasks it makes with `Task { }`; a
/// closure handed to a dispatch queue, a thread, a detached task or a delegate that calls it later
/// runs outside that task. The copy of the effect that runs holds one attachment in each of its
/// `@Injected` properties, and the effect's code holds that copy wherever it reads, so the read finds
/// what the effect started with. A scope's `@Injected` properties, and an effect's before it starts,
/// hold none: declaring a dependency allocates nothing.
package final class AttachedDependencies: Sendable {
    /// The scope's dependencies.
    let snapshot: DependencySnapshot
    /// Where the effect started under a test's rules, the values already resolved, by type, so that
    /// a read reports nothing a second time.
    let resolved: [ObjectIdentifier: any Sendable]

    init(snapshot: DependencySnapshot, resolved: [ObjectIdentifier: any Sendable]) {
        self.snapshot = snapshot
        self.resolved = resolved
    }
}

/// The type of a stored property of an effect that reads a dependency: ``Injected``.
protocol EffectDependencyProperty {
    /// The error to report instead of starting `effectName` at `scopePath` when nothing in `snapshot`
    /// provides the property's type.
    static func missing(
        in snapshot: DependencySnapshot, effectName: String, scopePath: String
    ) -> MissingDependencyError?

    /// Resolves the property's type from `snapshot` into `resolved`: under a test's rules, the read
    /// is checked when the effect starts, on the task that starts it.
    static func resolve(
        from snapshot: DependencySnapshot, into resolved: inout [ObjectIdentifier: any Sendable])

    /// Stores `attachment` in the property of `effect` at `path`.
    static func attach<Root>(_ attachment: AttachedDependencies, to effect: inout Root, at path: AnyKeyPath)
}

extension Injected: EffectDependencyProperty {
    static func missing(
        in snapshot: DependencySnapshot, effectName: String, scopePath: String
    ) -> MissingDependencyError? {
        guard snapshot.value(of: Value.self) == nil, !(Value.self is any Injectable.Type) else { return nil }
        return MissingDependencyError(
            typeName: DependencyTypeName.of(Value.self), effect: effectName, scopePath: scopePath)
    }

    static func resolve(
        from snapshot: DependencySnapshot, into resolved: inout [ObjectIdentifier: any Sendable]
    ) {
        resolved[ObjectIdentifier(Value.self)] = snapshot.resolve(Value.self)
    }

    static func attach<Root>(_ attachment: AttachedDependencies, to effect: inout Root, at path: AnyKeyPath) {
        guard let path = path as? WritableKeyPath<Root, Injected<Value>> else { return }
        effect[keyPath: path].attachment = attachment
    }
}

/// A stored `@Injected` property of an effect type: where it is, and its type.
private typealias DependencyField = (path: AnyKeyPath, type: any EffectDependencyProperty.Type)

extension DependencySnapshot {
    /// The copy of `effect`, the pristine effect a scope at `scopePath` starts, that runs: each of its
    /// `@Injected` properties holds this snapshot. Nil when the effect reads no dependency, and runs
    /// as it is; an error to report instead of running it when it reads a type nothing here provides.
    @MainActor
    package func attached(
        to effect: any Effect, scopePath: @autoclosure () -> String
    ) -> Result<(any Effect)?, MissingDependencyError> {
        attached(toOpened: effect, scopePath: scopePath)
    }

    @MainActor
    private func attached<E: Effect>(
        toOpened effect: E, scopePath: () -> String
    ) -> Result<(any Effect)?, MissingDependencyError> {
        let found: [DependencyField]
        if let known = Self.fields.value(for: E.self) {
            found = known
        } else {
            found = Self.dependencyFields(of: E.self)
            Self.fields.remember(found, for: E.self)
        }
        guard !found.isEmpty else { return .success(nil) }
        var resolved: [ObjectIdentifier: any Sendable] = [:]
        let checksNow = context?.testRules != nil
        for field in found {
            if let missing = field.type.missing(in: self, effectName: "\(E.self)", scopePath: scopePath()) {
                return .failure(missing)
            }
            if checksNow { field.type.resolve(from: self, into: &resolved) }
        }
        let attachment = AttachedDependencies(snapshot: self, resolved: resolved)
        var copy = effect
        for field in found { field.type.attach(attachment, to: &copy, at: field.path) }
        return .success(copy)
    }

    /// The stored `@Injected` properties of `type`, a struct; none for a class, whose instance its
    /// copies share.
    private static func dependencyFields<E>(of type: E.Type) -> [DependencyField] {
        var found: [DependencyField] = []
        _ = _forEachFieldWithKeyPath(of: type) { _, path in
            if let property = Swift.type(of: path).valueType as? any EffectDependencyProperty.Type {
                found.append((path, property))
            }
            return true
        }
        return found
    }

    /// The `@Injected` properties of each effect type started, found on its first start (the key
    /// paths need the type itself, which the memo's own computation does not have).
    @MainActor private static let fields = TypeMemo<[DependencyField]?> { _ in nil }
}
