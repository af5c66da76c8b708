import Foundation
import Observation
@_spi(StatoscopeInternals) import StatoscopeCore

/// One shared value: what every reader of its key in one store reads, observable so that a view
/// reading it refreshes once per change.
@MainActor
@usableFromInline
final class SharedBox<Value: Sendable>: Observable {
    /// The key's name, or `owned` for a value a scope owns.
    let name: String
    /// How the value is saved; nil for a value kept in memory.
    let format: SharedFormat<Value>?
    /// The value where nothing is saved: what a reload finds when the saved one was deleted.
    let defaultValue: Value
    /// Whether two values are the same, when `Value` is `Equatable`: writing the same value again is
    /// no change.
    private let isSame: (@Sendable (Value, Value) -> Bool)?
    /// The store holding it; nil for a value a scope owns.
    weak var store: SharedStore?
    @usableFromInline var storedValue: Value
    @usableFromInline let registrar = ObservationRegistrar()
    /// The key path observers are told of, made once: a key path into a generic class is made anew
    /// each time its literal runs, which cost a read more than the rest of it.
    @usableFromInline var observedPath: KeyPath<SharedBox<Value>, Value>?
    /// The bytes the storage holds as far as this app knows (loaded, or saved by it): a reload that
    /// finds them again finds no change.
    var knownData: Data?
    /// Why the value must not be saved, when what the storage holds could be neither read nor kept
    /// aside: a save would destroy it.
    var saveRefusal: String?
    var saveRefusalReported = false
    /// Where the changes not yet saved were made: see ``SharedEntry/unsavedCauses``.
    var unsavedCauses = CausingIsolations()
    /// The scope that first read the value, named by reports about it that no scope causes.
    var firstReader: ReaderName?
    /// The scopes told of each change.
    let readers = SharedReaders<Value>()

    nonisolated init(name: String, value: Value, format: SharedFormat<Value>?) {
        self.name = name
        self.storedValue = value
        self.defaultValue = value
        self.format = format
        self.isSame = sameness(of: Value.self)
    }

    /// The value, read as a view or a scope reads it: observed.
    @inlinable
    var value: Value {
        registrar.access(self, keyPath: valuePath)
        return storedValue
    }

    @inlinable
    var valuePath: KeyPath<SharedBox<Value>, Value> {
        if let observedPath { return observedPath }
        let path = \SharedBox<Value>.value
        observedPath = path
        return path
    }

    /// The value, read without telling observers: for descriptions and checks.
    var current: Value { storedValue }

    /// Changes the value, unless `newValue` is the same (for an `Equatable` value): observers of the
    /// value are told once, then every scope observing changes gets its event, but `writer`, the
    /// scope that made the change, if any. Returns whether the value changed.
    @discardableResult
    func change(to newValue: Value, by writer: ObjectIdentifier?) -> Bool {
        if let isSame, isSame(storedValue, newValue) { return false }
        registrar.withMutation(of: self, keyPath: valuePath) { storedValue = newValue }
        readers.tell(newValue, except: writer)
        return true
    }

    /// Tells `scope` of each change from now on, replacing what it asked before.
    func observe(
        by scope: AnyObject, runtime: ScopeRuntime, deliver: @escaping @MainActor (Value) -> Void
    ) {
        readers.add(scope: scope, runtime: runtime, deliver: deliver)
    }

    /// Sets the loaded value, which no one read yet.
    func load(_ value: Value) {
        storedValue = value
    }
}

/// What a report names of a scope that may be gone.
struct ReaderName {
    let type: any Scope.Type
    let id: ObjectIdentifier
    let path: String

    @MainActor
    init(_ runtime: ScopeRuntime) {
        type = runtime.scopeType
        id = runtime.scopeID
        path = runtime.path
    }
}

/// Whether two values of `type` are the same, if it is `Equatable`.
private func sameness<Value: Sendable>(of type: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
    guard let equatable = type as? any (Equatable & Sendable).Type else { return nil }
    return sameness(of: equatable, as: type)
}

/// `==` of `Equal`, on values known to be of that type.
private func sameness<Equal: Equatable & Sendable, Value: Sendable>(
    of _: Equal.Type, as _: Value.Type
) -> @Sendable (Value, Value) -> Bool {
    { first, second in
        guard let first = first as? Equal, let second = second as? Equal else { return false }
        return first == second
    }
}
