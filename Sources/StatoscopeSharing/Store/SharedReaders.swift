@_spi(StatoscopeInternals) import StatoscopeCore

/// The scopes told of a shared value's changes, as events of their own, held weakly. A class: an
/// event told may ask for changes, which edits the lists while they are walked.
///
/// A change walks only the scopes that can act on it: one it finds out of the app (dismissed, still
/// held by a view or a cache) is set aside, and looked at again only once the tree has changed, which
/// linking it again does. A change costs in proportion to the scopes in the app, however many
/// dismissed ones are held.
@MainActor
final class SharedReaders<Value> {
    /// The scopes a change walks, in the order they asked.
    private var active: [SharedObserver<Value>] = []
    /// The scopes found out of the app, and ``ScopeTree/generation`` when they were last looked at.
    private var setAside: [SharedObserver<Value>] = []
    private var setAsideGeneration: UInt64 = 0
    /// The scopes in either list, released ones included until a change drops them: a scope asking
    /// for the first time is added without a search of the others, so that many scopes asking cost in
    /// proportion to their number.
    private var ids: Set<ObjectIdentifier> = []
    /// The order of the next request.
    private var nextOrder = 0

    nonisolated init() {}

    /// How many scopes a change walks.
    var walkedCount: Int { active.count }

    /// Tells `scope` of each change from now on, replacing what it asked before.
    func add(
        scope: AnyObject, runtime: ScopeRuntime, deliver: @escaping @MainActor (Value) -> Void
    ) {
        let id = ObjectIdentifier(scope)
        if ids.contains(id) {
            // A released scope's identifier may have been given to this one: its request goes too.
            active.removeAll { $0.isReleased || $0.scopeID == id }
            setAside.removeAll { $0.isReleased || $0.scopeID == id }
            ids = Set(active.map(\.scopeID) + setAside.map(\.scopeID))
        }
        ids.insert(id)
        active.append(SharedObserver(scopeID: id, order: nextOrder, runtime: runtime, deliver: deliver))
        nextOrder += 1
    }

    /// Tells every scope in the app of `newValue`, but `writer`.
    func tell(_ newValue: Value, except writer: ObjectIdentifier?) {
        // Read before any event: an event may link or unlink scopes, and the scopes set aside below
        // are looked at again at the next change if it did.
        let generation = ScopeTree.generation
        if !setAside.isEmpty, generation != setAsideGeneration { takeBackLinked() }
        guard !active.isEmpty else { return }
        // A copy: an event may ask for more changes, which edit the list, or dismiss a scope further
        // on in it, which is then not told. Each scope's place is read once, just before it is told.
        var someLeft = false
        for observer in active {
            guard let runtime = observer.runtime, !runtime.hasLeftTheApp else {
                someLeft = true
                continue
            }
            if observer.scopeID != writer { observer.deliver(newValue) }
        }
        guard someLeft else { return }
        var stillActive: [SharedObserver<Value>] = []
        for observer in active {
            if observer.isReleased {
                ids.remove(observer.scopeID)
            } else if observer.runtime?.hasLeftTheApp ?? true {
                setAside.append(observer)
            } else {
                stillActive.append(observer)
            }
        }
        active = stillActive
        setAsideGeneration = generation
    }

    /// Puts back, in the order they asked, the scopes set aside that are in the app again; drops the
    /// released ones.
    private func takeBackLinked() {
        var back: [SharedObserver<Value>] = []
        var stillAside: [SharedObserver<Value>] = []
        for observer in setAside {
            if observer.isReleased {
                ids.remove(observer.scopeID)
            } else if observer.runtime?.hasLeftTheApp ?? true {
                stillAside.append(observer)
            } else {
                back.append(observer)
            }
        }
        setAside = stillAside
        setAsideGeneration = ScopeTree.generation
        guard !back.isEmpty else { return }
        active = (active + back).sorted { $0.order < $1.order }
    }
}

/// A scope told of a shared value's changes, held weakly through its place in its tree.
@MainActor
struct SharedObserver<Value> {
    let scopeID: ObjectIdentifier
    /// When the scope asked, among the scopes asking for the same value: the order they are told in.
    let order: Int
    /// The scope's place in its tree: a scope out of the app is not told, since the event would be
    /// refused and reported.
    weak var runtime: ScopeRuntime?
    let deliver: @MainActor (Value) -> Void

    /// Whether the scope is gone: its request ends.
    var isReleased: Bool { runtime?.scope == nil }
}
