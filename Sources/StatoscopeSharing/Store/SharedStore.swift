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
/// Changes to persisted values are saved off the main actor, a while after the first of them
/// (`writeDelay`, on the ``EffectClock`` the changing scope sees), all at once: a burst of changes
/// costs one save. Call ``flush()`` when the app goes to the background or ends (on Apple platforms
/// the store does it when the app does), and ``reload()`` to see what another process saved.
@MainActor
public final class SharedStore: Injectable {
    /// The store of the subtrees that inject none.
    nonisolated public static let defaultValue = SharedStore()

    /// When changes are saved.
    enum WriteSchedule {
        /// A while after the first unsaved change.
        case coalesced(Duration)
        /// When a test plan checks what was saved, synchronously: plans run no clock. A replay's
        /// stand-in, which no check reads, never saves.
        case whenChecked
    }

    let schedule: WriteSchedule
    private let givenStorage: (any SharedStorage)?
    private var chosenStorage: (any SharedStorage)?
    var entries: [EntryKey: any SharedEntry] = [:]
    /// The persisted values changed since they were last saved, in the order of their first change.
    private var unsaved: [EntryKey] = []
    private var saveTimer: Task<Void, Never>?
    /// The last save started, which waits for the one before it: saves run one at a time, in order.
    private var saving: Task<Void, Never>?
    /// Where the saves write: a queue of the store's own rather than the concurrency pool, whose few
    /// threads a slow or stuck disk would hold, and every effect of the app with them.
    private nonisolated let writer = DispatchQueue(label: "Statoscope.SharedStore.writer")
    /// The app lifecycle observers that flush the store, registered with its first change.
    private var lifecycleObservers: [any NSObjectProtocol]?

    /// A store saving in `storage`, or in the default one (see above) when nil, a `writeDelay` after
    /// the first unsaved change.
    public nonisolated init(storage: (any SharedStorage)? = nil, writeDelay: Duration = .milliseconds(250)) {
        self.givenStorage = storage
        self.schedule = .coalesced(max(writeDelay, .zero))
    }

    nonisolated init(storage: any SharedStorage, schedule: WriteSchedule) {
        self.givenStorage = storage
        self.schedule = schedule
    }

    isolated deinit {
        for observer in lifecycleObservers ?? [] { NotificationCenter.default.removeObserver(observer) }
        // A change still waiting for its delay is saved now: released with the store, it would be
        // lost, and the app recorded it. The save holds the storage, not the store.
        if case .coalesced = schedule { startSaving() }
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

    /// Changes a value, which `runtime`'s update does: readers see it at once, scopes observing it
    /// get their events once the update returns, and a persisted one is saved later.
    func change<Value>(
        _ box: SharedBox<Value>, to value: Value, by runtime: ScopeRuntime, key: SharedKey<Value>
    ) {
        box.change(to: value)
        guard key.format != nil else { return }
        let entryKey = EntryKey(key)
        if !unsaved.contains(entryKey) { unsaved.append(entryKey) }
        scheduleSave(onClockOf: runtime)
    }

    /// Saves what changed, a delay after now on the clock `runtime` resolves, unless a save is
    /// already due: the clock is resolved only then, once per burst.
    private func scheduleSave(onClockOf runtime: ScopeRuntime) {
        guard case .coalesced(let delay) = schedule, saveTimer == nil else { return }
        let clock = runtime.resolve(EffectClock.self)
        if lifecycleObservers == nil { lifecycleObservers = observeAppLifecycle() }
        saveTimer = Task { [weak self] in
            try? await clock.sleep(for: delay)
            guard !Task.isCancelled, let self else { return }
            self.saveTimer = nil
            self.startSaving()
        }
    }

    /// Saves every unsaved change now, off the main actor, and returns once every save started so far
    /// has ended: call it when the app goes to the background or is about to end.
    public func flush() async {
        saveTimer?.cancel()
        saveTimer = nil
        startSaving()
        await saving?.value
    }

    /// Encodes the unsaved values here, where they live, and saves them off the main actor. The save
    /// holds what it writes and where, never the store: a store released meanwhile still has its
    /// values saved.
    private func startSaving() {
        let batch = takeUnsaved()
        guard !batch.isEmpty else { return }
        let storage = self.storage
        let previous = saving
        let writer = self.writer
        saving = Task.detached {
            await previous?.value
            let failures = await withCheckedContinuation { continuation in
                writer.async { continuation.resume(returning: Self.write(batch, to: storage)) }
            }
            if !failures.isEmpty { await Self.reportNotSaved(failures) }
        }
    }

    /// Saves every unsaved change now, on the caller's thread: what a test plan's check does.
    package func saveNow() {
        Self.reportNotSaved(Self.write(takeUnsaved(), to: storage))
    }

    /// A value to save: its bytes, and its entry, which a report about it names.
    private struct Unsaved: Sendable {
        let entry: any SharedEntry
        let name: String
        let data: Data
    }

    /// A value the storage refused, and what it threw.
    private struct NotSaved: Sendable {
        let entry: any SharedEntry
        let error: SharedValueNotSaved
    }

    /// Writes `batch` to `storage`, one value after the other, and returns what it refused.
    private nonisolated static func write(_ batch: [Unsaved], to storage: any SharedStorage) -> [NotSaved] {
        var failures: [NotSaved] = []
        for item in batch {
            do {
                try storage.save(item.data, as: item.name)
            } catch {
                failures.append(
                    NotSaved(
                        entry: item.entry,
                        error: SharedValueNotSaved(
                            key: item.name, location: storage.location(of: item.name), reason: "\(error)")))
            }
        }
        return failures
    }

    private static func reportNotSaved(_ failures: [NotSaved]) {
        for failure in failures { report(failure.error, about: failure.entry) }
    }

    /// The unsaved values as bytes, each now known to be what the storage will hold.
    private func takeUnsaved() -> [Unsaved] {
        var batch: [Unsaved] = []
        for entryKey in unsaved {
            guard let entry = entries[entryKey] else { continue }
            switch entry.encoded() {
            case .success(let data):
                batch.append(Unsaved(entry: entry, name: entry.name, data: data))
            case .failure(let error):
                Self.report(
                    SharedValueNotSaved(
                        key: entry.name, location: storage.location(of: entry.name), reason: "\(error)"),
                    about: entry)
            }
        }
        unsaved.removeAll()
        return batch
    }

    /// Reads again what the storage holds for every persisted value read so far, after saving this
    /// app's unsaved changes: a value another process saved replaces the one in use, and the scopes
    /// observing it get their events. What this app saved itself is never taken for a change.
    public func reload() async {
        await flush()
        for entry in entries.values { entry.reload(from: storage) }
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
        name = key.name
        type = ObjectIdentifier(Value.self)
    }
}
