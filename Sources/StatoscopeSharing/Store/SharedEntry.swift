import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A shared value of any type, as its store saves and reloads it.
@MainActor
protocol SharedEntry: AnyObject, Sendable {
    var name: String { get }
    var firstReader: ReaderName? { get }
    /// The value's saved form, now taken as what the storage holds.
    func encoded() -> Result<Data, any Error>
    /// Reads the value again from `storage`, taking what changed there.
    func reload(from storage: any SharedStorage)
}

extension SharedBox: SharedEntry {
    func encoded() -> Result<Data, any Error> {
        guard let format else { return .failure(SharedFormatProblem.notAStoredValue) }
        let result = Result { try format.encode(current) }
        if case .success(let data) = result { knownData = data }
        return result
    }

    func reload(from storage: any SharedStorage) {
        guard let format, let data = try? storage.load(name), data != knownData else { return }
        knownData = data
        do {
            change(to: try format.decode(data))
        } catch {
            keepAside(storage: storage, problem: error)
        }
    }

    /// Keeps the unreadable bytes the storage holds aside and reports it.
    func keepAside(storage: any SharedStorage, problem: any Error) {
        let kept: String?
        do {
            kept = try storage.keepAside(name)
        } catch {
            kept = nil
        }
        SharedStore.report(
            SharedValueUnreadable(
                key: name, location: storage.location(of: name), reason: "\(problem)", keptAside: kept),
            about: self)
    }
}

extension SharedStore {
    /// Loads a persisted value when first read: nothing saved leaves the default and writes nothing;
    /// something unreadable is kept aside and reported once, and leaves the default.
    func load<Value>(_ box: SharedBox<Value>, format: SharedFormat<Value>, reader: ScopeRuntime) {
        let storage = self.storage
        let data: Data?
        do {
            data = try storage.load(box.name)
        } catch {
            Self.report(
                SharedValueUnreadable(
                    key: box.name, location: storage.location(of: box.name), reason: "\(error)",
                    keptAside: nil),
                about: box)
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
