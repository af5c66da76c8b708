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
    /// The store holding it; nil for a value a scope owns.
    weak var store: SharedStore?
    @usableFromInline var storedValue: Value
    @usableFromInline let registrar = ObservationRegistrar()
    /// The key path observers are told of, made once: a key path into a generic class is made anew
    /// each time its literal runs, which cost a read more than the rest of it.
    @usableFromInline var observedPath: KeyPath<SharedBox<Value>, Value>?
    /// The bytes the storage holds as far as this app knows (loaded or written by it): a reload that
    /// finds them again finds no change.
    var knownData: Data?
    /// The scope that first read the value, named by reports about it that no scope causes.
    var firstReader: ReaderName?
    /// The scopes told of each change, as events of their own.
    private var observers: [SharedObserver<Value>] = []
    /// The scopes in `observers`, released ones included until a change drops them: a scope asking
    /// for the first time is added without a search of the others, so that many scopes asking cost in
    /// proportion to their number.
    private var observerIDs: Set<ObjectIdentifier> = []

    nonisolated init(name: String, value: Value, format: SharedFormat<Value>?) {
        self.name = name
        self.storedValue = value
        self.format = format
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

    /// Changes the value: observers of the value are told once, then the scopes observing changes get
    /// their events, save those out of the app.
    func change(to newValue: Value) {
        registrar.withMutation(of: self, keyPath: valuePath) { storedValue = newValue }
        guard !observers.isEmpty else { return }
        // A copy: an observer's event may ask for more changes, which edit the list, or dismiss a
        // scope further on in it, which is then not told. Each scope's place is read once, just
        // before it is told.
        var someReleased = false
        for observer in observers {
            guard let runtime = observer.runtime, !runtime.hasLeftTheApp else {
                someReleased = someReleased || observer.isReleased
                continue
            }
            observer.deliver(newValue)
        }
        if someReleased {
            observers.removeAll(where: \.isReleased)
            observerIDs = Set(observers.map(\.scopeID))
        }
    }

    /// Tells `scope` of each change from now on, replacing what it asked before.
    func observe(
        by scope: AnyObject, runtime: ScopeRuntime, deliver: @escaping @MainActor (Value) -> Void
    ) {
        let id = ObjectIdentifier(scope)
        if observerIDs.contains(id) {
            // A released scope's identifier may have been given to this one: its request goes too.
            observers.removeAll { $0.isReleased || $0.scopeID == id }
            observerIDs = Set(observers.map(\.scopeID))
        }
        observerIDs.insert(id)
        observers.append(SharedObserver(scopeID: id, runtime: runtime, deliver: deliver))
    }

    /// Sets the loaded value, which no one read yet.
    func load(_ value: Value) {
        storedValue = value
    }
}

/// A scope told of a shared value's changes, held weakly through its place in its tree.
@MainActor
struct SharedObserver<Value> {
    let scopeID: ObjectIdentifier
    /// The scope's place in its tree: a scope out of the app is not told, since the event would be
    /// refused and reported.
    weak var runtime: ScopeRuntime?
    let deliver: @MainActor (Value) -> Void

    /// Whether the scope is gone: its request ends.
    var isReleased: Bool { runtime?.scope == nil }
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
