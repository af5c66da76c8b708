import Foundation
import Statoscope

/// What the suites on key file names do: save an `Int` under a name, and load it, each with a store of
/// its own on one directory, as two runs of an app would; and list the files the directory holds.
@MainActor
protocol KeyFileProbing {}

extension KeyFileProbing {
    /// Saves `value` under `name` with a store of its own in `directory`, and returns what was reported.
    func save(_ name: String, _ value: Int = 7, in directory: URL) async -> [ErrorReport] {
        let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
        let store = SharedStore(storage: JSONFileStorage(directory: directory))
        reader.inject(store)
        let reports = ErrorReportCollector(for: reader)
        reader.send(.set(value))
        await store.flush()
        return reports.reports
    }

    /// What a new store in `directory` loads for `name`.
    func load(_ name: String, in directory: URL) -> Int {
        let reader = KeyReader(SharedKey<Int>.persisted(name, default: 0))
        reader.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        return reader.value
    }

    /// The names of the files in `directory`, sorted.
    func fileNames(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }
}
