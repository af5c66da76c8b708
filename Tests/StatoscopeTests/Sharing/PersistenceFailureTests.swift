import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A file that cannot be read (a directory in its place, saved by a newer version, refused by a
/// migration, damaged twice or since the last load), a directory that is a file, a value JSON cannot
/// encode, a key's version at the ends of `Int`, two keys of one name and different types: each is
/// reported naming the key, its bytes kept aside, and the app goes on with its value.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct PersistenceFailureTests {
    @Test func aDirectoryWhereTheFileShouldBeIsReportedAndGivesTheDefault() async throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("persistedPlain.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let (reader, store) = readerWithStore(PersistenceKeys.plain, in: directory)
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 14)
        #expect(reader.value == 14)
        #expect(reports.reports.count == 1, "\(reports.reports.map(\.description))")
        let unreadable = reports.reports.first?.error as? SharedValueUnreadable
        #expect(unreadable?.key == "persistedPlain")
        #expect(unreadable?.location.contains(directory.path) == true, "\(String(describing: unreadable))")
        #expect(
            unreadable?.reason
                == "\(file.path) is a folder, not a file: move or remove the folder to keep the value there",
            "\(String(describing: unreadable))")
        reader.send(.set(20))
        await store.flush()
        #expect(reader.value == 20, "the app keeps the value")
    }

    @Test func aFolderInPlaceOfAValuesFileIsNamedWhenReadCopiedOrSavedOver() throws {
        let directory = temporaryDirectory()
        let storage = JSONFileStorage(directory: directory)
        let file = directory.appendingPathComponent("persistedPlain.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let said = "\(file.path) is a folder, not a file: move or remove the folder to keep the value there"
        #expect { _ = try storage.load("persistedPlain") } throws: { "\($0)" == said }
        #expect { _ = try storage.keepAside("persistedPlain") } throws: { "\($0)" == said }
        #expect { try storage.save(Data("1".utf8), as: "persistedPlain") } throws: { "\($0)" == said }
        // Nothing copied aside, nothing written beside it, and the folder left as it was.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["persistedPlain.json"])
        var isFolder: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func aFileSavedByANewerVersionIsKeptAsideByteForByteAndGivesTheDefault() async throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("persistedVersioned.json")
        let newer = Data(#"{"value":{"points":18,"unit":"pt"},"version":9}"#.utf8)
        try newer.write(to: file)
        let (reader, store) = readerWithStore(PersistenceKeys.versioned, in: directory)
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 14)
        #expect(reports.reports.count == 1)
        let unreadable = reports.reports.first?.error as? SharedValueUnreadable
        #expect(unreadable?.key == "persistedVersioned")
        #expect(unreadable?.keptAside == file.path + ".unreadable", "\(String(describing: unreadable))")
        reader.send(.set(15))
        await store.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".unreadable")) == newer)
    }

    @Test func aMigrationThatThrowsIsReportedKeptAsideAndGivesTheDefault() async throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("persistedMigrating.json")
        let older = Data(#"{"value":"18","version":1}"#.utf8)
        try older.write(to: file)
        let (reader, store) = readerWithStore(PersistenceKeys.migrating, in: directory)
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 14)
        #expect(reports.reports.count == 1)
        #expect((reports.reports.first?.error as? SharedValueUnreadable)?.key == "persistedMigrating")
        reader.send(.set(15))
        await store.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".unreadable")) == older)
    }

    @Test func aSecondUnreadableFileDoesNotDestroyTheFirstCopyKeptAside() async throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("persistedPlain.json")
        let first = Data("first damage {".utf8)
        let second = Data("second damage [".utf8)
        try first.write(to: file)
        let (reader, store) = readerWithStore(PersistenceKeys.plain, in: directory)
        #expect(reader.value == 14)
        reader.send(.set(1))
        await store.flush()
        try second.write(to: file)
        let (nextRun, nextStore) = readerWithStore(PersistenceKeys.plain, in: directory)
        #expect(nextRun.value == 14)
        nextRun.send(.set(2))
        await nextStore.flush()
        let contents = Set(filesWithContents(under: directory).values)
        #expect(contents.contains(second))
        #expect(contents.contains(first), "the first damaged file's bytes are gone")
    }

    @Test func aReloadOfAFileDamagedSinceKeepsItAsideBeforeOverwritingIt() async throws {
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("persistedPlain.json")
        let (reader, store) = readerWithStore(PersistenceKeys.plain, in: directory)
        let reports = ErrorReportCollector(for: reader)
        reader.send(.set(15))
        await store.flush()
        let damage = Data([0x7B, 0xFF, 0x00])
        try damage.write(to: file)
        await store.reload()
        #expect(reports.reports.count == 1, "\(reports.reports.map(\.description))")
        #expect(reports.reports.first?.error is SharedValueUnreadable)
        reader.send(.set(16))
        await store.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".unreadable")) == damage)
    }

    @Test func aStorageDirectoryThatIsAFileReportsTheSaveNamingTheKey() async throws {
        let base = temporaryDirectory()
        let notADirectory = base.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: notADirectory)
        let (reader, store) = readerWithStore(PersistenceKeys.plain, in: notADirectory)
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 14)
        reader.send(.set(9))
        await store.flush()
        #expect(reader.value == 9, "the app keeps the value")
        let notSaved = reports.reports.compactMap { $0.error as? SharedValueNotSaved }
        #expect(notSaved.count == 1, "\(reports.reports.map(\.description))")
        #expect(notSaved.first?.key == "persistedPlain")
        #expect(try Data(contentsOf: notADirectory) == Data("x".utf8))
    }

    @Test func aValueJSONCannotEncodeIsReportedAndTheSavedOneSurvives() async throws {
        let directory = temporaryDirectory()
        let gauge = RatioGauge()
        let store = SharedStore(storage: JSONFileStorage(directory: directory))
        gauge.inject(store)
        let reports = ErrorReportCollector(for: gauge)
        gauge.send(.set(1.5))
        await store.flush()
        gauge.send(.set(.nan))
        await store.flush()
        #expect(gauge.ratio.isNaN, "the app keeps the value")
        let notSaved = reports.reports.compactMap { $0.error as? SharedValueNotSaved }
        #expect(notSaved.count == 1, "\(reports.reports.map(\.description))")
        #expect(notSaved.first?.key == "persistedRatio")
        let nextRun = RatioGauge()
        nextRun.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
        #expect(nextRun.ratio == 1.5)
    }

    @Test func anUnreadableValueInMemoryIsReportedAndKeptAside() {
        let damaged = Data("not json".utf8)
        let storage = InMemoryStorage(saved: ["persistedPlain": damaged])
        let reader = KeyReader(PersistenceKeys.plain)
        reader.inject(SharedStore(storage: storage))
        let reports = ErrorReportCollector(for: reader)
        #expect(reader.value == 14)
        #expect(reports.reports.count == 1)
        let unreadable = reports.reports.first?.error as? SharedValueUnreadable
        #expect(unreadable?.key == "persistedPlain")
        #expect(
            unreadable?.keptAside.map { storage.keptAside(at: $0) } == damaged)
    }

    @Test func aKeysVersionAtTheEndsOfIntSavesAndLoadsWithoutTrapping() async {
        await #expect(processExitsWith: .success) {
            await roundTripVersionsAtTheEndsOfInt()
        }
    }

    @Test func twoKeysOfOneNameAndDifferentTypesInOneStoreDoNotStopTheProcess() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let store = SharedStore(storage: InMemoryStorage())
                let number = KeyReader(PersistenceKeys.namesakeInt)
                number.inject(store)
                let text = NamesakeReader()
                text.inject(store)
                number.send(.set(3))
                text.send(.set("three"))
                _ = number.value
                _ = text.text
            }
        }
    }
}

@MainActor
func roundTripVersionsAtTheEndsOfInt() async {
    for version in [0, -1, Int.min, Int.max] {
        let key = SharedKey<Int>.persisted("versionAtTheEnds", default: 1, version: version)
        let storage = InMemoryStorage()
        let store = SharedStore(storage: storage)
        let reader = KeyReader(key)
        reader.inject(store)
        reader.send(.set(7))
        await store.flush()
        let nextRun = KeyReader(key)
        nextRun.inject(SharedStore(storage: storage))
        precondition(nextRun.value == 7, "version \(version)")
        let newer = SharedKey<Int>.persisted("versionAtTheEnds", default: 1, version: version &+ 1) { _, _ in
            9
        }
        let migrated = KeyReader(newer)
        migrated.inject(SharedStore(storage: storage))
        _ = migrated.value
    }
}
