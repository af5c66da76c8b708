import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects
import StatoscopeInjection

/// Holds the shared values of the scopes that resolve it, and saves the persisted ones.
///
/// A store is a dependency: a subtree uses the one injected nearest above it, so a sandboxed subtree
/// (a demo sheet, a preview, a test) gets values of its own:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func sample(app: App) { … } -->
/// ```swift
/// app.detail?.inject(SharedStore(storage: InMemoryStorage()))   // the detail subtree shares apart
/// ```
///
/// Where none is injected, one store serves the process: it saves in JSON files in
/// ``JSONFileStorage/standardDirectory`` or, in a test process that links StatoscopeTesting, in
/// memory, so that no test touches the disk unless it injects a store that does.
///
/// Changes to persisted values are saved off the main actor, encoding included: the first change
/// after a quiet period at once, the changes that follow within `writeDelay` (on the ``EffectClock``
/// the changing scope sees) together when it ends, with their latest values: a burst of changes costs
/// two saves. Call ``flush()`` when the app goes to the background or ends (on Apple platforms
/// the store does it when the app does), and ``reload()`` to see what another process saved.
@MainActor
public final class SharedStore: Injectable {
    /// The store of the subtrees that inject none.
    nonisolated public static let defaultValue = SharedStore()

    /// When changes are saved.
    enum WriteSchedule {
        /// The first change after a quiet period at once, those made within the delay after it when
        /// the delay ends: on the clock the changing scope sees, or on its plan clock while a test
        /// plan runs.
        case coalesced(Duration)
        /// Never: a replay's stand-in, whose values no one reads back.
        case never
    }

    /// A write window on a plan's clock: the clock of the change that opened it, which goes with its
    /// line, and when it ends.
    struct PlanWindow: Equatable {
        weak var clock: PlanClock?
        let end: Duration

        static func == (lhs: PlanWindow, rhs: PlanWindow) -> Bool {
            lhs.clock === rhs.clock && lhs.end == rhs.end
        }
    }

    let schedule: WriteSchedule
    private let givenStorage: (any SharedStorage)?
    private var chosenStorage: (any SharedStorage)?
    var entries: [EntryKey: any SharedEntry] = [:]
    /// The persisted values changed since they were last saved, in the order of their first change.
    var unsaved: [EntryKey] = []
    /// The write delay's window, open from a save until the delay has passed.
    var saveTimer: Task<Void, Never>?
    /// Whether a value changed since the window opened: its end saves it.
    var changedInWindow = false
    /// The write window open on a plan's virtual time, if any: a change made in it is saved when it
    /// ends.
    var planWindow: PlanWindow?
    /// The last save started, which waits for the one before it: saves run one at a time, in order.
    var saving: Task<Void, Never>?
    /// Where the saves write: a queue of the store's own rather than the concurrency pool, whose few
    /// threads a slow or stuck disk would hold, and every effect of the app with them.
    nonisolated let writer = DispatchQueue(label: "Statoscope.SharedStore.writer")
    /// How the store hears of the app going to the background or ending.
    nonisolated let lifecycle: AppLifecycle
    /// The app lifecycle observers that flush the store, registered with its first change.
    var lifecycleObservers: [any NSObjectProtocol]?

    /// A store saving in `storage`, or in the default one (see above) when nil: a change at once,
    /// the changes within `writeDelay` after it when the delay ends.
    public nonisolated init(storage: (any SharedStorage)? = nil, writeDelay: Duration = .milliseconds(250)) {
        self.givenStorage = storage
        self.schedule = .coalesced(max(writeDelay, .zero))
        self.lifecycle = .platform
    }

    nonisolated init(storage: any SharedStorage, schedule: WriteSchedule) {
        self.givenStorage = storage
        self.schedule = schedule
        self.lifecycle = .platform
    }

    /// A store saving in `storage` that hears of the app's lifecycle through `lifecycle`: for tests.
    package nonisolated init(storage: any SharedStorage, writeDelay: Duration, lifecycle: AppLifecycle) {
        self.givenStorage = storage
        self.schedule = .coalesced(max(writeDelay, .zero))
        self.lifecycle = lifecycle
    }

    isolated deinit {
        for observer in lifecycleObservers ?? [] { lifecycle.center.removeObserver(observer) }
        // A change still waiting for its delay is saved now: released with the store, it would be
        // lost, and the app recorded it. The save holds the storage, not the store.
        if case .coalesced = schedule { startSaving() }
        // Its window ends with it: a timer left waiting on a clock that never moves again (a manual
        // one) would hold its task, and the clock its sleeper, for the rest of the process.
        saveTimer?.cancel()
    }

    /// Where the store saves.
    public var storage: any SharedStorage {
        if let chosenStorage { return chosenStorage }
        let storage =
            givenStorage
            ?? (TestFailures.reporter != nil
                ? InMemoryStorage() : JSONFileStorage(directory: JSONFileStorage.standardDirectory))
        chosenStorage = storage
        return storage
    }

    /// The value of `key` in this store, without telling observers: its default until a scope reads
    /// or changes it (reading loads a persisted one).
    public func value<Value>(of key: SharedKey<Value>) -> Value {
        (entries[EntryKey(key)] as? SharedBox<Value>)?.current ?? key.defaultValue
    }

    /// How many readers a change to `key` walks to tell them of it: the scopes that asked, less those
    /// a change found out of the app and that the tree has not changed since.
    package func readersToldOfChanges<Value>(to key: SharedKey<Value>) -> Int {
        (entries[EntryKey(key)] as? SharedBox<Value>)?.readers.walkedCount ?? 0
    }

    /// The box of `key`, made and loaded on first use; `reader` is the scope that asked.
    func box<Value>(for key: SharedKey<Value>, reader: ScopeRuntime) -> SharedBox<Value> {
        let entryKey = EntryKey(key)
        if let existing = entries[entryKey] {
            // The same name and type: the entry was made for this key's type.
            if let box = existing as? SharedBox<Value> { return box }
        }
        let box = SharedBox(name: key.name, value: key.defaultValue, format: key.format)
        box.store = self
        box.firstReader = ReaderName(reader)
        entries[entryKey] = box
        if let format = key.format { load(box, format: format, reader: reader) }
        return box
    }

    /// Reports a problem with a value to ``ErrorReporting``, naming the scope that first read it.
    static func report(_ error: any Error, about entry: any SharedEntry) {
        guard let reader = entry.firstReader else { return }
        ErrorReporting.report(
            ErrorReport(
                error: error, source: .sharing, scopeType: reader.type, scopeID: reader.id,
                scopePath: reader.path))
    }
}

extension SharedStore: CustomStringConvertible {
    /// `SharedStore(InMemoryStorage)`: the store and where it saves, as a subtree's description shows
    /// what is injected.
    nonisolated public var description: String {
        "SharedStore(\(givenStorage.map { String(describing: type(of: $0)) } ?? "default storage"))"
    }
}

/// A key as the store files it: two keys of one name and type name one value.
struct EntryKey: Hashable {
    let name: String
    let type: ObjectIdentifier

    init<Value>(_ key: SharedKey<Value>) {
        self.init(name: key.name, type: Value.self)
    }

    init<Value>(name: String, type _: Value.Type) {
        self.name = name
        self.type = ObjectIdentifier(Value.self)
    }
}
