import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A shared value of any type, as its store saves and reloads it.
@MainActor
protocol SharedEntry: AnyObject, Sendable {
    var name: String { get }
    var firstReader: ReaderName? { get }
    /// The store holding it, while it is alive.
    var store: SharedStore? { get }
    /// Where its store files it.
    var entryKey: EntryKey { get }
    /// Why it must not be saved, if it must not: what the storage holds could not be kept aside.
    var saveRefusal: String? { get }
    /// Whether the refusal was reported since it began: it is reported once.
    var saveRefusalReported: Bool { get set }
    /// Where the changes not yet saved were made: a save that fails is reported there.
    var unsavedCauses: CausingIsolations { get set }
    /// The value, with what encodes it, for a save off the main actor.
    func pendingSave() -> PendingSave?
    /// The storage now holds `data` for it, as this app saved it.
    func saved(_ data: Data)
    /// Reads the value again from `storage`, taking what changed there, unless the app changed the
    /// value since its last save (`keepingUnsavedChange`): that change is saved next, and wins.
    func reload(from storage: any SharedStorage, keepingUnsavedChange: Bool)
}

/// A value to save: its entry, which a report about it names, what encodes it, and where the
/// changes it saves were made.
struct PendingSave: Sendable {
    let entry: any SharedEntry
    let name: String
    let encode: @Sendable () throws -> Data
    let causes: CausingIsolations
}

extension SharedBox: SharedEntry {
    var entryKey: EntryKey { EntryKey(name: name, type: Value.self) }

    func pendingSave() -> PendingSave? {
        guard let format else { return nil }
        let value = storedValue
        defer { unsavedCauses = CausingIsolations() }
        return PendingSave(
            entry: self, name: name, encode: { try format.encode(value) }, causes: unsavedCauses)
    }

    func saved(_ data: Data) {
        knownData = data
    }

    func reload(from storage: any SharedStorage, keepingUnsavedChange: Bool) {
        guard let format else { return }
        let found: Data?
        do {
            found = try storage.loadSaved(name)
        } catch {
            if saveRefusal == nil { refuseSaving(storage: storage, problem: error) }
            return
        }
        saveRefusal = nil
        guard found != knownData else { return }
        knownData = found
        guard let found else {
            // Deleted: nothing is saved, and the value is the default again.
            if !keepingUnsavedChange { change(to: defaultValue, by: nil) }
            return
        }
        do {
            let value = try format.decode(found)
            if !keepingUnsavedChange { change(to: value, by: nil) }
        } catch {
            keepAside(storage: storage, problem: error)
        }
    }

    /// Keeps the unreadable bytes the storage holds aside and reports it; if no copy can be made,
    /// the value is not saved over them.
    func keepAside(storage: any SharedStorage, problem: any Error) {
        let kept: String?
        do {
            kept = try storage.keepAside(name)
        } catch {
            kept = nil
            startRefusingSaves()
        }
        SharedStore.report(
            SharedValueUnreadable(
                key: name, location: storage.location(of: name), reason: "\(problem)", keptAside: kept),
            about: self)
    }

    /// The storage holds something for the value that it could not read, and so not keep aside: the
    /// value is never saved over it, and it is reported.
    func refuseSaving(storage: any SharedStorage, problem: any Error) {
        startRefusingSaves()
        SharedStore.report(
            SharedValueUnreadable(
                key: name, location: storage.location(of: name), reason: "\(problem)", keptAside: nil),
            about: self)
    }

    private func startRefusingSaves() {
        saveRefusal =
            "what is saved there could not be read nor kept aside, so it is not overwritten: nothing is "
            + "saved under this key until it can be read"
        saveRefusalReported = false
    }
}

extension SharedStorage {
    /// What is saved under `name`, an empty record taken as nothing saved: what a write stopped
    /// before its first byte leaves (a file created, then the disk full or the power lost), never a
    /// value.
    func loadSaved(_ name: String) throws -> Data? {
        guard let data = try load(name), !data.isEmpty else { return nil }
        return data
    }
}

extension SharedStore {
    /// Loads a persisted value when first read: nothing saved leaves the default and writes nothing;
    /// something unreadable is kept aside and reported once, and leaves the default; something that
    /// cannot be read at all (no permission) is reported, and the value is never saved over it.
    func load<Value>(_ box: SharedBox<Value>, format: SharedFormat<Value>, reader: ScopeRuntime) {
        let storage = self.storage
        let data: Data?
        do {
            data = try storage.loadSaved(box.name)
        } catch {
            box.refuseSaving(storage: storage, problem: error)
            return
        }
        guard let data else { return }
        // Known from now on, readable or not: a reload that finds the same bytes finds no change.
        box.knownData = data
        do {
            box.load(try format.decode(data))
        } catch {
            box.keepAside(storage: storage, problem: error)
        }
    }

    /// Puts `value` where the storage keeps `key`, as an earlier run would have saved it: for test
    /// plans, before any scope reads it.
    package func seed<Value>(_ key: SharedKey<Value>, with value: Value) throws {
        if let format = key.format {
            let data = try format.encode(value)
            // A seed is what an earlier run left, not a save of this one: it counts as no write.
            if let memory = storage as? InMemoryStorage {
                memory.replace(key.name, with: data)
            } else {
                try storage.save(data, as: key.name)
            }
        } else {
            let box = SharedBox(name: key.name, value: value, format: nil)
            box.store = self
            entries[EntryKey(key)] = box
        }
    }
}
