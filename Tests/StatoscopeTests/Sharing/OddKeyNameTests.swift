import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// Key names used as file names: a name that climbs out of the store's directory, or is absolute, never
/// writes outside it; an odd name (empty, dots, emoji, 300 characters, tabs and line breaks) is saved
/// and loaded again, or reported naming the key.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct OddKeyNameTests {
    @Test(arguments: [
        "../statoscope-escaped", "../../statoscope-escaped-further", "/statoscope-absolute",
        "statoscope/nested/name",
    ])
    func aKeyNameNeverWritesOutsideTheStoresDirectory(name: String) async {
        let base = temporaryDirectory()
        let directory = base.appendingPathComponent("store/inner", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = SharedKey<Int>.persisted(name, default: 0)
        let (reader, store) = readerWithStore(key, in: directory)
        let reports = ErrorReportCollector(for: reader)
        reader.send(.set(7))
        await store.flush()
        let outside = filesWithContents(under: base).keys.filter { !$0.hasPrefix(directory.path + "/") }
        #expect(outside.isEmpty, "written outside \(directory.path): \(outside)")
        // Saved or refused, the key is named.
        let notSaved = reports.reports.compactMap { $0.error as? SharedValueNotSaved }
        #expect(notSaved.allSatisfy { $0.key == name })
    }

    @Test(arguments: ["", ".", "..", "ü-😀-名前", String(repeating: "k", count: 300), "spaced\ttab\nline"])
    func anOddKeyNameRoundTripsOrIsReportedNamingTheKey(name: String) async {
        let directory = temporaryDirectory()
        let key = SharedKey<Int>.persisted(name, default: 0)
        let (reader, store) = readerWithStore(key, in: directory)
        let reports = ErrorReportCollector(for: reader)
        reader.send(.set(7))
        await store.flush()
        let notSaved = reports.reports.compactMap { $0.error as? SharedValueNotSaved }
        let (nextRun, _) = readerWithStore(key, in: directory)
        let nextReports = ErrorReportCollector(for: nextRun)
        let loaded = nextRun.value
        #expect(
            loaded == 7 || notSaved.contains { $0.key == name },
            "neither saved nor reported: loaded \(loaded), reports \(reports.reports.map(\.description))")
        #expect(reports.reports.count == notSaved.count, "\(reports.reports.map(\.description))")
        _ = nextReports
    }
}
