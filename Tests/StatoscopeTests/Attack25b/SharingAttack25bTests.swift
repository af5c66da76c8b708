import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// Attacks on how *Sharing and persisting state* maps a key's name to a file: the 255-byte limit at
// its exact boundary with encoded characters, names differing only in case, names Swift holds equal
// that encode apart, and the copies kept aside for encoded and long names.

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SharingAttack25bTests: KeyFileProbing {
    // MARK: - The 255-byte limit

    /// Names whose file name is exactly 255 bytes once encoded: a `%` (3 bytes), a leading `.` (3
    /// bytes), an emoji (12 bytes).
    nonisolated static let namesOfExactly255Bytes = [
        String(repeating: "k", count: 247) + "%",
        "." + String(repeating: "k", count: 247),
        String(repeating: "😀", count: 20) + String(repeating: "k", count: 10),
    ]

    /// The same, one byte longer.
    nonisolated static let namesOf256Bytes = [
        String(repeating: "k", count: 248) + "%",
        "." + String(repeating: "k", count: 248),
        String(repeating: "😀", count: 20) + String(repeating: "k", count: 11),
    ]

    @Test(arguments: namesOfExactly255Bytes)
    func aNameWhoseEncodedFileNameIsExactly255BytesSavesAndLoads(name: String) async {
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.isEmpty, "\(reports.map(\.description))")
        #expect(fileNames(in: directory).map(\.utf8.count) == [255], "\(fileNames(in: directory))")
        #expect(load(name, in: directory) == 7)
    }

    @Test(arguments: namesOf256Bytes)
    func aNameWhoseEncodedFileNameIs256BytesIsReportedNamingTheKeyTheSizeAndTheDirectory(name: String) async {
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.count == 1, "\(reports.map(\.description))")
        let notSaved = reports.first?.error as? SharedValueNotSaved
        #expect(notSaved?.key == name)
        #expect(notSaved?.reason.contains("256 bytes") == true, "\(String(describing: notSaved?.reason))")
        #expect(notSaved?.reason.contains(directory.path) == true, "\(String(describing: notSaved?.reason))")
        #expect(fileNames(in: directory).isEmpty, "\(fileNames(in: directory))")
        #expect(load(name, in: directory) == 0)
    }

    // MARK: - Names that look alike

    @Test func namesDifferingOnlyInCaseKeepTheirOwnValuesOnACaseSensitiveFileSystem() async {
        let directory = temporaryDirectory()
        #expect(await save("Theme", 1, in: directory).isEmpty)
        #expect(await save("theme", 2, in: directory).isEmpty)
        #expect(await save("THEME", 3, in: directory).isEmpty)
        let probe = directory.appendingPathComponent("theme.json").path
        let caseSensitive =
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("THEME.JSON").path)
            && FileManager.default.fileExists(atPath: probe)
        guard caseSensitive else { return }
        #expect(fileNames(in: directory) == ["THEME.json", "Theme.json", "theme.json"])
        #expect(load("Theme", in: directory) == 1)
        #expect(load("theme", in: directory) == 2)
        #expect(load("THEME", in: directory) == 3)
    }

    // Swift holds "café" written with a precomposed é and with e and a combining accent to be one
    // String: a key named either way is one key to the app, so what one run saved, the next loads.
    @Test func namesSwiftHoldsEqualLoadWhatTheOtherSaved() async {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let directory = temporaryDirectory()
        #expect(await save(composed, 5, in: directory).isEmpty)
        #expect(load(decomposed, in: directory) == 5, "\(fileNames(in: directory))")
        #expect(fileNames(in: directory) == ["caf%C3%A9.json"])
        #expect(load(composed, in: directory) == 5)
    }

    @Test func twoScopesReadingKeysSwiftHoldsEqualShareOneValueInOneStore() async {
        let store = SharedStore(storage: InMemoryStorage())
        let composed = A25Reader(SharedKey<Int>.persisted("caf\u{E9}", default: 0))
        let decomposed = A25Reader(SharedKey<Int>.persisted("cafe\u{301}", default: 0))
        composed.inject(store)
        decomposed.inject(store)
        composed.send(.set(9))
        #expect(decomposed.value == composed.value)
    }

    // MARK: - Copies kept aside

    @Test func anEncodedNamesUnreadableFileIsKeptAsideBesideItByteForByte() async throws {
        let directory = temporaryDirectory()
        let name = "../notes"
        let file = directory.appendingPathComponent("%2E.%2Fnotes.json")
        let damage = Data("{ damaged".utf8)
        try damage.write(to: file)
        let reader = A25Reader(SharedKey<Int>.persisted(name, default: 0))
        reader.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 0)
        let unreadable = try #require(reports.reports.first?.error as? SharedValueUnreadable)
        #expect(unreadable.key == name)
        #expect(unreadable.keptAside == file.path + ".unreadable", "\(unreadable)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".unreadable")) == damage)
        #expect(fileNames(in: directory.deletingLastPathComponent()).contains(directory.lastPathComponent))
    }

    @Test func anUnreadableFileOf255BytesIsKeptAsideUnderANameThatFitsInTheDirectory() async throws {
        let directory = temporaryDirectory()
        let name = String(repeating: "k", count: 247) + "%"
        let file = directory.appendingPathComponent(String(repeating: "k", count: 247) + "%25.json")
        let damage = Data("[ damaged".utf8)
        try damage.write(to: file)
        let reader = A25Reader(SharedKey<Int>.persisted(name, default: 0))
        reader.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 0)
        let kept = try #require((reports.reports.first?.error as? SharedValueUnreadable)?.keptAside)
        let keptURL = URL(fileURLWithPath: kept)
        #expect(
            keptURL.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path
        )
        #expect(keptURL.lastPathComponent.utf8.count <= 255)
        #expect(try Data(contentsOf: keptURL) == damage)
    }

    // Two long names that differ only past the part a kept-aside name keeps: each damaged file's
    // bytes must survive, "kept aside before anything overwrites it".
    @Test func twoLongNamesDamagedAtOnceKeepBothCopiesAside() async throws {
        let directory = temporaryDirectory()
        let stem = String(repeating: "k", count: 249)
        let names = [stem + "a", stem + "b"]
        let damages = [Data("first {".utf8), Data("second [".utf8)]
        for (name, damage) in zip(names, damages) {
            try damage.write(to: directory.appendingPathComponent(name + ".json"))
        }
        for (index, name) in names.enumerated() {
            let reader = A25Reader(SharedKey<Int>.persisted(name, default: 0))
            let store = SharedStore(storage: JSONFileStorage(directory: directory))
            reader.inject(store)
            #expect(reader.value == 0)
            reader.send(.set(index + 1))
            await store.flush()
        }
        var contents: Set<Data> = []
        for file in fileNames(in: directory) {
            if let data = try? Data(contentsOf: directory.appendingPathComponent(file)) {
                contents.insert(data)
            }
        }
        #expect(contents.contains(damages[1]), "\(fileNames(in: directory))")
        #expect(
            contents.contains(damages[0]),
            "the first damaged file's copy was overwritten: \(fileNames(in: directory))")
        #expect(load(names[0], in: directory) == 1)
        #expect(load(names[1], in: directory) == 2)
    }
}
