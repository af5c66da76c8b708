@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// A value shared by every scope that reads its key, or owned by one scope and handed to its
/// children.
///
/// <!-- compiled inside: enum SharedSample { … } -->
/// <!-- declarations at the top level -->
/// ```swift
/// extension SharedKey where Value == Int {
///     static var unreadCount: SharedKey<Int> { SharedKey("unreadCount", default: 0) }
/// }
///
/// final class Inbox: Scope {
///     @Shared(.unreadCount) var unreadCount: Int
///     enum When { case userOpenedMessage }
///     func update(_ when: When) throws {
///         unreadCount -= 1   // every scope reading `.unreadCount` sees it when `send` returns
///     }
/// }
/// ```
///
/// A scope reads the value of the ``SharedStore`` injected nearest above it (or the process's). It
/// changes only in the update of the event being delivered, and in the code that update calls: a
/// write made anywhere else (outside any update, in a middleware, an error handler, the `deinit` of
/// a scope leaving the app) is refused, and reported to ``ErrorReporting`` as a
/// ``SharedValueWriteRefused`` naming the key, the store and the scope's path. Descriptions, state
/// diffs, and so the middleware, logs and recordings that show them, show the value like a stored
/// property's.
///
/// A value created with ``init(value:)`` belongs to its scope instead: hand it to a child through
/// its projection (`$draft`), and the child reads and changes the same value, for as long as they
/// hold it. In an `@Observable` class, mark the property `@ObservationIgnored`: the value tells
/// observers itself, so a view reading it refreshes once per change.
@propertyWrapper
public struct Shared<Value: Sendable> {
    /// Where the value lives.
    @usableFromInline
    enum Source {
        /// In the store the scope resolves, under this key.
        case key(SharedKey<Value>)
        /// In a box of the scope's own.
        case owned(SharedBox<Value>)
    }

    @usableFromInline let source: Source
    /// The key's box as last resolved, and the tree's generation then: a later change to the tree may
    /// bring another store.
    @usableFromInline var resolved: (box: SharedBox<Value>, generation: UInt64)?

    /// The value of `key` in the scope's store.
    public init(_ key: SharedKey<Value>) {
        source = .key(key)
    }

    /// A value owned by the scope, starting at `value`, that it can hand to its children.
    public init(value: Value) {
        source = .owned(SharedBox(name: "owned", value: value, format: nil))
    }

    /// Unavailable: `@Shared` works on properties of a ``Scope`` only.
    @available(*, unavailable, message: "@Shared works on properties of a Scope only")
    public var wrappedValue: Value {
        get { fatalError("@Shared works on properties of a Scope only") }
        set { fatalError("@Shared works on properties of a Scope only") }
    }

    /// The shared value itself, to hand to a child: `Child(draft: $draft)`, whose initializer sets
    /// `_draft = draft`. A keyed value is resolved again in the child's own subtree.
    public var projectedValue: Shared<Value> {
        Shared(source: source)
    }

    private init(source: Source) {
        self.source = source
    }

    /// Reads or changes the value, on behalf of the scope holding the property.
    ///
    /// Inlinable, so that a read of a resolved value compiles, in the reader's module, to a
    /// generation check and the box's read; unspecialised, it went through key-path projections.
    @MainActor
    @inlinable
    public static subscript<Reader: Scope>(
        _enclosingInstance reader: Reader,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Reader, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Reader, Shared<Value>>
    ) -> Value {
        get {
            // A value the scope owns is cached with the generation `.max`, which the tree never reaches.
            let shared = reader[keyPath: storageKeyPath]
            if let resolved = shared.resolved,
                resolved.generation == ScopeTree.generation || resolved.generation == .max
            {
                return resolved.box.value
            }
            return box(of: reader, storage: storageKeyPath).value
        }
        set {
            write(newValue, by: reader, storage: storageKeyPath)
        }
    }

    /// Changes the value on behalf of `reader`, inside an update; refuses and reports it elsewhere
    /// (see ``SharedValueWriteRefused``).
    @MainActor
    @usableFromInline
    static func write<Reader: Scope>(
        _ newValue: Value, by reader: Reader,
        storage storageKeyPath: ReferenceWritableKeyPath<Reader, Shared<Value>>
    ) {
        // Asked first: resolving the box of a scope whose deinit runs would make it a runtime.
        if ScopeRuntimeTable.isBeingReleased(reader) {
            return refuse(
                .scopeReleased, by: reader, box: reader[keyPath: storageKeyPath].resolved?.box,
                runtime: ScopeRuntimeTable.runtime(withID: ObjectIdentifier(reader)), storage: storageKeyPath)
        }
        let box = box(of: reader, storage: storageKeyPath)
        let runtime = ScopeRuntimeTable.runtime(for: reader)
        let refusal: WriteRefusalCause? =
            runtime.isDismissed ? .scopeDismissed : Self.refusal(of: runtime)
        if let refusal {
            return refuse(refusal, by: reader, box: box, runtime: runtime, storage: storageKeyPath)
        }
        switch reader[keyPath: storageKeyPath].source {
        case .key(let key):
            if let store = box.store {
                store.change(box, to: newValue, by: runtime, key: key)
            } else {
                box.change(to: newValue, by: runtime.scopeID)
            }
        case .owned:
            box.change(to: newValue, by: runtime.scopeID)
        }
    }

    /// Why a write by the scope whose runtime is `writer` is refused now, or nil: an update of its
    /// own tree runs, and the write is not made by the code around it.
    @MainActor
    static func refusal(of writer: ScopeRuntime) -> WriteRefusalCause? {
        if let refusal = Dispatcher.writeRefusal { return WriteRefusalCause(refusal) }
        return Dispatcher.isUpdatingTree(of: writer) ? nil : .outsideUpdate
    }

    /// The box the scope reads: its own, or its key's in the store it resolves, cached until the tree
    /// changes.
    @MainActor
    @usableFromInline
    static func box<Reader: Scope>(
        of reader: Reader, storage storageKeyPath: ReferenceWritableKeyPath<Reader, Shared<Value>>
    ) -> SharedBox<Value> {
        let shared = reader[keyPath: storageKeyPath]
        switch shared.source {
        case .owned(let box):
            // Cached as resolved for good: the fast path of a read finds it there.
            reader[keyPath: storageKeyPath].resolved = (box, .max)
            return box
        case .key(let key):
            if let resolved = shared.resolved, resolved.generation == ScopeTree.generation {
                return resolved.box
            }
            let runtime = ScopeRuntimeTable.runtime(for: reader)
            let box = SharedStore.serving(runtime).box(for: key, reader: runtime)
            reader[keyPath: storageKeyPath].resolved = (box, ScopeTree.generation)
            return box
        }
    }
}

extension Shared: ResolvedStateStorage {
    /// The value `scope` reads, as descriptions and state diffs show it; reading loads a persisted
    /// value, as the scope's own read would, and links nothing. A child not linked yet reads it
    /// through `resolver`, the parent it will be linked under, as it will once linked.
    @MainActor
    package func resolvedState(of scope: AnyObject, resolver: ScopeRuntime?) -> Any {
        switch source {
        case .owned(let box):
            return box.current
        case .key(let key):
            if let resolved, resolved.generation == ScopeTree.generation { return resolved.box.current }
            guard let runtime = resolver ?? ScopeRuntimeTable.existingRuntime(forObject: scope) else {
                return key.defaultValue
            }
            return SharedStore.serving(runtime).box(for: key, reader: runtime).current
        }
    }
}

/// A `@Shared` property's storage, as checks find the properties that read a key.
package protocol SharedProperty {
    /// The name of the key the property reads, or nil for a value its scope owns.
    var sharedKeyName: String? { get }
}

extension Shared: SharedProperty {
    package var sharedKeyName: String? {
        if case .key(let key) = source { return key.name }
        return nil
    }
}

extension SharedStore {
    /// The properties of `scope` that read the key named `keyName`, by name, base classes' included.
    package static func properties(readingKeyNamed keyName: String, of scope: AnyObject) -> [String] {
        let mirrors = sequence(first: Mirror(reflecting: scope), next: { $0.superclassMirror })
        return mirrors.flatMap { mirror in
            mirror.children.compactMap { child -> String? in
                guard let label = child.label, let property = child.value as? any SharedProperty,
                    property.sharedKeyName == keyName
                else { return nil }
                return label.hasPrefix("_") ? String(label.dropFirst()) : label
            }
        }
    }
}
