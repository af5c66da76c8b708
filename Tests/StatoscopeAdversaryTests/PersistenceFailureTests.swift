// Every persistence failure a file system can give, and what the app keeps and is told.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

struct AdvV1: Codable, Sendable, Equatable {
    var size: Int
}

struct AdvMigrationFailed: Error {}

@Suite(.isolatedInstruments)
@MainActor
struct PersistenceFailureTests {
    private func intKey(_ name: String, default value: Int = -1) -> SharedKey<Int> {
        .persisted(name, default: value)
    }

    private func reader(_ key: SharedKey<Int>, _ store: SharedStore) -> AdvReader<Int> {
        let reader = AdvReader(key)
        reader.inject(store)
        return reader
    }

    // Sharing and persisting state, "Saving and loading": "something unreadable (damaged, ...): one
    // SharedValueUnreadable report naming where it is, a byte-identical copy kept aside
    // (`settings.json.unreadable` beside the file) before anything overwrites it, and the default".
    @Test func aGarbageFileIsReportedOnceKeptAsideByteForByteAndTheNextChangeIsSaved() async throws {
        let folder = try makeTemporaryFolder("garbage")
        let garbage = Data("{not json at all \u{0}\u{1}\u{FFFD}".utf8)
        try garbage.write(to: folder.appendingPathComponent("adv-garbage.json"))
        let reports = ReportBox()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let key = intKey("adv-garbage", default: 5)
        let first = reader(key, store)
        #expect(first.value == 5)
        let second = reader(key, store)
        #expect(second.value == 5)
        let unreadable = reports.errors(SharedValueUnreadable.self)
        #expect(unreadable.count == 1, "\(reports.descriptions)")
        if let report = unreadable.first {
            #expect(report.key == "adv-garbage")
            #expect(report.location.contains("adv-garbage.json"), "where: \(report.location)")
            #expect(report.keptAside != nil)
        }
        #expect(
            FileManager.default.contents(
                atPath: folder.appendingPathComponent("adv-garbage.json.unreadable").path) == garbage)
        first.send(.set(9))
        await store.flush()
        #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 9)
        #expect(
            FileManager.default.contents(
                atPath: folder.appendingPathComponent("adv-garbage.json.unreadable").path) == garbage)
        #expect(reports.errors(SharedValueNotSaved.self).isEmpty, "\(reports.descriptions)")
    }

    // Sharing and persisting state, "Saving and loading": "nothing saved, or an empty file (what a write
    // stopped before its first byte leaves): the default, with no report, and nothing is written until the
    // value changes".
    @Test func aZeroByteFileGivesTheDefaultWithoutAReportAndIsNotWrittenUntilAChange() async throws {
        let folder = try makeTemporaryFolder("empty")
        let file = folder.appendingPathComponent("adv-empty.json")
        try Data().write(to: file)
        let reports = ReportBox()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let key = intKey("adv-empty", default: 3)
        let reading = reader(key, store)
        #expect(reading.value == 3)
        await store.flush()
        #expect(try Data(contentsOf: file).isEmpty)
        #expect(reports.all.isEmpty, "\(reports.descriptions)")
        #expect(contentsOfFolder(folder) == ["adv-empty.json"])
        reading.send(.set(4))
        await store.flush()
        #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 4)
    }

    // Sharing and persisting state, "Saving and loading": "something the app may not read, or cannot copy
    // aside ...: one SharedValueUnreadable report, the default, and the value is never saved over it:
    // saves of the key are refused, with one SharedValueNotSaved naming the key and the file".
    // A directory where the value's file should be.
    @Test func aDirectoryInPlaceOfTheFileIsReportedNeverLostAndTheAppKeepsItsValue() async throws {
        let folder = try makeTemporaryFolder("dir-in-place")
        let inPlace = folder.appendingPathComponent("adv-dir.json")
        try FileManager.default.createDirectory(at: inPlace, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: inPlace.appendingPathComponent("inside.txt"))
        let reports = ReportBox()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let key = intKey("adv-dir", default: 1)
        let reading = reader(key, store)
        #expect(reading.value == 1)
        let unreadable = reports.errors(SharedValueUnreadable.self)
        #expect(unreadable.count == 1, "\(reports.descriptions)")
        #expect(unreadable.first?.key == "adv-dir")
        #expect(unreadable.first?.location.contains("adv-dir.json") == true)
        reading.send(.set(7))
        await store.flush()
        _ = await waitUntil("the save is either made or refused", within: .seconds(120)) {
            !reports.errors(SharedValueNotSaved.self).isEmpty
                || !isDirectory(inPlace.path)
        }
        #expect(reading.value == 7, "the app lost its change")
        let keptAside = unreadable.first?.keptAside
        let directoryStillSomewhere =
            isDirectory(inPlace.path)
            || contentsOfFolder(folder).contains { isDirectory(folder.appendingPathComponent($0).path) }
        #expect(
            directoryStillSomewhere,
            "the directory was saved over and is gone (kept aside: \(String(describing: keptAside)))")
        let notSaved = reports.errors(SharedValueNotSaved.self)
        if isDirectory(inPlace.path) {
            #expect(notSaved.count == 1, "a refused save must be reported once: \(reports.descriptions)")
            #expect(notSaved.first?.key == "adv-dir")
            #expect(notSaved.first?.location.contains("adv-dir.json") == true, "\(notSaved)")
        } else {
            #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 7)
        }
        #expect(
            FileManager.default.contents(atPath: inPlace.appendingPathComponent("inside.txt").path) != nil
                || contentsOfFolder(folder).count > 1)
    }

    // Sharing and persisting state, "Saving and loading": "A save that fails is reported with a
    // SharedValueNotSaved; the app keeps the value, a reload does not replace it, and the next save (a
    // change, a flush, a reload) tries it again." Guarantees: "A save that fails is reported with the key
    // and where". The store's folder is a regular file, then the folder is made.
    @Test func aSaveIntoAFolderThatIsAFileIsReportedWithKeyAndWhereAndTheNextFlushSavesIt() async throws {
        let parent = try makeTemporaryFolder("folder-is-file")
        let folder = parent.appendingPathComponent("store")
        try Data("i am a file".utf8).write(to: folder)
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let key = intKey("adv-nofolder", default: 0)
        let reading = reader(key, store)
        _ = reading.value
        reading.send(.set(42))
        await store.flush()
        _ = await waitUntil("the failed save is reported", within: .seconds(120)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == "adv-nofolder" }
        }
        let notSaved = reports.errors(SharedValueNotSaved.self).filter { $0.key == "adv-nofolder" }
        #expect(notSaved.count == 1, "SharedValueNotSaved reports: \(notSaved)")
        if let report = notSaved.first {
            #expect(report.key == "adv-nofolder")
            #expect(report.location.contains(folder.path), "where: \(report.location)")
            #expect(!report.reason.isEmpty)
        }
        #expect(reading.value == 42)
        #expect(try String(contentsOf: folder, encoding: .utf8) == "i am a file")

        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        await store.flush()
        let afterFlush = loadedValue(key, from: JSONFileStorage(directory: folder))
        #expect(afterFlush == 42, "the flush after the failure did not save the app's value")
        if afterFlush != 42 {
            await store.reload()
            #expect(reading.value == 42, "a reload replaced the app's unsaved change")
            await store.flush()
            #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 42)
        }
    }

    // Sharing and persisting state, "Saving and loading": "call SharedStore/reload(): what changed
    // replaces the value, a value whose file was deleted is the default again, and the scopes asking for
    // changes are told."
    @Test func aFileDeletedBetweenSavesReloadsAsTheDefaultAndReadersAreTold() async throws {
        let folder = try makeTemporaryFolder("deleted")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let key = intKey("adv-deleted", default: 0)
        let writer = reader(key, store)
        let watcher = reader(key, store)
        watcher.send(.listen)
        writer.send(.set(3))
        await store.flush()
        #expect(watcher.told == [3])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("adv-deleted.json"))
        await store.reload()
        #expect(writer.value == 0)
        #expect(watcher.told == [3, 0])
        writer.send(.set(5))
        await store.flush()
        #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 5)
    }

    // Sharing and persisting state, "Saving and loading": "To see what another process saved ..., call
    // SharedStore/reload(): what changed replaces the value ... What the app saved itself is never taken
    // for a change."
    @Test func aFileChangedByAnotherWriterBetweenSavesIsTakenOnReloadAndTheAppsOwnSaveNever() async throws {
        let folder = try makeTemporaryFolder("changed")
        let key = intKey("adv-changed", default: 0)
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader(key, store)
        let watcher = reader(key, store)
        watcher.send(.listen)
        writer.send(.set(3))
        await store.flush()

        let otherStore = SharedStore(storage: JSONFileStorage(directory: folder))
        let other = reader(key, otherStore)
        #expect(other.value == 3)
        other.send(.set(8))
        await otherStore.flush()

        await store.reload()
        #expect(writer.value == 8)
        #expect(watcher.told == [3, 8])
        await store.reload()
        #expect(watcher.told == [3, 8], "a reload with nothing changed told the readers again")
        writer.send(.set(10))
        await store.flush()
        await store.reload()
        #expect(watcher.told == [3, 8, 10], "the app's own save was taken for a change")
        #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 10)
    }

    // Sharing and persisting state, "Saving and loading": "A name whose file name would pass 255 bytes is
    // not saved: a SharedValueNotSaved report names the key and the directory." A name of 250 letters is
    // a 255-byte file name, which does not pass 255; one more letter does.
    @Test func aKeyNameAtTheFileNameLimitIsSavedAndOneByteMoreIsReportedNamingKeyAndDirectory() async throws {
        let folder = try makeTemporaryFolder("long-names")
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let atLimit = String(repeating: "a", count: 250)
        let overLimit = String(repeating: "b", count: 251)
        let fits = reader(intKey(atLimit), store)
        let tooLong = reader(intKey(overLimit), store)
        fits.send(.set(1))
        tooLong.send(.set(2))
        await store.flush()
        _ = await waitUntil("the too-long name is reported", within: .seconds(120)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == overLimit }
        }
        #expect(contentsOfFolder(folder) == [atLimit + ".json"])
        #expect(loadedValue(intKey(atLimit), from: JSONFileStorage(directory: folder)) == 1)
        let notSaved = reports.errors(SharedValueNotSaved.self).filter {
            $0.key == overLimit || $0.key == atLimit
        }
        #expect(notSaved.count == 1, "\(notSaved)")
        if let report = notSaved.first {
            #expect(report.key == overLimit)
            #expect(
                report.description.contains(folder.path) || report.location.contains(folder.path), "\(report)"
            )
        }
        #expect(tooLong.value == 2, "the app keeps its value")
    }

    // Sharing and persisting state, "Saving and loading": "in any other name, each byte outside those
    // characters ... is written `%` and two hexadecimal digits ... The bytes are those of the name's
    // precomposed Unicode form ... A name whose file name would pass 255 bytes is not saved".
    @Test func aMultiByteNameIsMeasuredAfterPercentEncoding() async throws {
        let folder = try makeTemporaryFolder("multibyte")
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let fitting = String(repeating: "\u{E9}", count: 41)  // 41 * 6 + 5 = 251 bytes
        let passing = String(repeating: "e\u{301}", count: 42)  // precomposed: 42 * 6 + 5 = 257 bytes
        let fits = reader(intKey(fitting), store)
        let passes = reader(intKey(passing), store)
        fits.send(.set(1))
        passes.send(.set(2))
        await store.flush()
        _ = await waitUntil("the passing name is reported", within: .seconds(120)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == passing }
        }
        #expect(contentsOfFolder(folder) == [String(repeating: "%C3%A9", count: 41) + ".json"])
        #expect(
            reports.errors(SharedValueNotSaved.self).filter { $0.key == passing || $0.key == fitting }.map(
                \.key) == [passing])
        #expect(fits.value == 1 && passes.value == 2)
    }

    // Sharing and persisting state, "Saving and loading": "No name reaches outside the directory, and two
    // different names never share a file"; "`../notes` is `%2E.%2Fnotes.json`".
    @Test func oddKeyNamesStayInsideTheFolderNeverShareAFileAndLoadBack() async throws {
        let parent = try makeTemporaryFolder("odd-names")
        let folder = parent.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = [
            "../notes", "/abs", "a/b", "", ".hidden", "%2E.%2Fnotes", "..", ".", "nul\u{0}byte", "new\nline",
            "emoji\u{1F600}", "Case", "case", "con", "a\\b", "~", "%", "..%2F..%2Fx", " space ", "a.json",
        ]
        let reports = ReportBox()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        var readers: [AdvReader<Int>] = []
        for (index, name) in names.enumerated() {
            let one = reader(intKey(name), store)
            one.send(.set(index))
            readers.append(one)
        }
        await store.flush()
        #expect(
            contentsOfFolder(parent) == ["store"],
            "a name wrote outside the folder: \(contentsOfFolder(parent))")
        let files = contentsOfFolder(folder)
        #expect(files.count == names.count, "\(files)")
        #expect(files.allSatisfy { !isDirectory(folder.appendingPathComponent($0).path) })
        #expect(files.contains("%2E.%2Fnotes.json"), "\(files)")
        let fresh = JSONFileStorage(directory: folder)
        for (index, name) in names.enumerated() {
            #expect(
                loadedValue(intKey(name), from: fresh) == index, "\(name.debugDescription) did not load back")
            #expect(
                fresh.location(of: name).contains(folder.path),
                "\(name.debugDescription): \(fresh.location(of: name))")
        }
        #expect(reports.all.isEmpty, "\(reports.descriptions)")
    }

    // Sharing and persisting state, "Saving and loading": "something unreadable (damaged, saved by a newer
    // version, or by an earlier one with no migration): one SharedValueUnreadable report ... a
    // byte-identical copy kept aside ... and the default; saved by an earlier version with a migration: the
    // migrated value, with no report."
    @Test func versionsMigrateOrAreReportedAndKeptAsideWhateverTheirDirection() async throws {
        let reports = ReportBox()
        func seeded(_ label: String) async throws -> URL {
            let folder = try makeTemporaryFolder(label)
            let store = SharedStore(storage: JSONFileStorage(directory: folder))
            let v1 = AdvReader(SharedKey<AdvV1>.persisted("adv-versioned", default: AdvV1(size: 1)))
            v1.inject(store)
            v1.send(.set(AdvV1(size: 30)))
            await store.flush()
            return folder
        }
        let migrating = SharedKey<AdvSettings>.persisted(
            "adv-versioned", default: AdvSettings(), version: 2,
            migrate: { _, json in AdvSettings(fontSize: try JSONDecoder().decode(AdvV1.self, from: json).size)
            })
        let notMigrating = SharedKey<AdvSettings>.persisted(
            "adv-versioned", default: AdvSettings(), version: 2)

        let migratedFolder = try await seeded("v1-migrated")
        #expect(loadedValue(migrating, from: JSONFileStorage(directory: migratedFolder)).fontSize == 30)
        #expect(reports.all.isEmpty, "\(reports.descriptions)")

        let refusedFolder = try await seeded("v1-refused")
        let savedV1 = try Data(contentsOf: refusedFolder.appendingPathComponent("adv-versioned.json"))
        #expect(loadedValue(notMigrating, from: JSONFileStorage(directory: refusedFolder)) == AdvSettings())
        #expect(reports.errors(SharedValueUnreadable.self).count == 1, "\(reports.descriptions)")
        #expect(
            FileManager.default.contents(
                atPath: refusedFolder.appendingPathComponent("adv-versioned.json.unreadable").path) == savedV1
        )

        let newerFolder = try makeTemporaryFolder("newer")
        let newerStore = SharedStore(storage: JSONFileStorage(directory: newerFolder))
        let v3 = AdvReader(
            SharedKey<AdvSettings>.persisted("adv-versioned", default: AdvSettings(), version: 3))
        v3.inject(newerStore)
        v3.send(.set(AdvSettings(fontSize: 99, name: "newer")))
        await newerStore.flush()
        let savedV3 = try Data(contentsOf: newerFolder.appendingPathComponent("adv-versioned.json"))
        #expect(loadedValue(migrating, from: JSONFileStorage(directory: newerFolder)) == AdvSettings())
        #expect(reports.errors(SharedValueUnreadable.self).count == 2, "\(reports.descriptions)")
        #expect(
            FileManager.default.contents(
                atPath: newerFolder.appendingPathComponent("adv-versioned.json.unreadable").path) == savedV3)
    }

    // Sharing and persisting state, "Saving and loading": an earlier version the app cannot migrate is
    // "something unreadable ...: one SharedValueUnreadable report naming where it is". Here the migration
    // itself throws.
    @Test func aMigrationThatThrowsIsReportedNamingTheKeyAndWhereAndGivesTheDefault() async throws {
        let folder = try makeTemporaryFolder("migration-throws")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let v1 = AdvReader(SharedKey<AdvV1>.persisted("adv-migrate-throws", default: AdvV1(size: 1)))
        v1.inject(store)
        v1.send(.set(AdvV1(size: 12)))
        await store.flush()
        let reports = ReportBox()
        let throwing = SharedKey<AdvSettings>.persisted(
            "adv-migrate-throws", default: AdvSettings(), version: 2,
            migrate: { _, _ in throw AdvMigrationFailed() })
        #expect(loadedValue(throwing, from: JSONFileStorage(directory: folder)) == AdvSettings())
        let unreadable = reports.errors(SharedValueUnreadable.self)
        #expect(unreadable.count == 1, "\(reports.descriptions)")
        #expect(unreadable.first?.key == "adv-migrate-throws")
        #expect(unreadable.first?.location.contains("adv-migrate-throws.json") == true)
    }

    // Guarantees, "Shared and persisted values": "No copy kept aside replaces another, of one name or of
    // two".
    @Test func aSecondDamagedFileOfOneNameIsKeptAsideBesideTheFirstNeverOverIt() async throws {
        let folder = try makeTemporaryFolder("two-copies")
        let file = folder.appendingPathComponent("adv-twice.json")
        let first = Data("first damage".utf8)
        let second = Data("second damage".utf8)
        let reports = ReportBox()
        try first.write(to: file)
        _ = loadedValue(intKey("adv-twice"), from: JSONFileStorage(directory: folder))
        try second.write(to: file)
        _ = loadedValue(intKey("adv-twice"), from: JSONFileStorage(directory: folder))
        let copies = contentsOfFolder(folder).filter { $0 != "adv-twice.json" }
        #expect(copies.count == 2, "\(copies)")
        let contents = Set(
            copies.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path) }
        )
        #expect(contents == [first, second])
        let places = reports.errors(SharedValueUnreadable.self).compactMap(\.keptAside)
        #expect(Set(places).count == 2, "\(places)")
    }

    // Sharing and persisting state, "Saving and loading": "The first change after a quiet period is saved
    // at once ...; the changes that follow within the store's writeDelay ... on the EffectClock the
    // changing scope resolves ... are saved together when it ends, with their latest values: a thousand
    // changes in a millisecond are two saves."
    @Test func aThousandChangesOnAManualClockAreTwoSavesAndAFlushAfterThemAddsNone() async {
        let storage = InMemoryStorage()
        let store = SharedStore(storage: storage)
        let clock = ManualEffectClock()
        let key = intKey("adv-burst", default: 0)
        let writer = reader(key, store)
        writer.inject(EffectClock(clock))
        for value in 1...1_000 { writer.send(.set(value)) }
        _ = await waitUntil("the first change is saved", within: .seconds(120)) {
            storage.writeCount(of: "adv-burst") >= 1
        }
        _ = await waitUntil("the write window waits on the clock", within: .seconds(120)) {
            clock.sleeperCount >= 1
        }
        #expect(storage.writeCount(of: "adv-burst") == 1)
        clock.advance(by: .milliseconds(250))
        _ = await waitUntil("the rest is saved", within: .seconds(120)) {
            storage.writeCount(of: "adv-burst") >= 2
        }
        #expect(storage.writeCount(of: "adv-burst") == 2)
        #expect(loadedValue(key, from: storage) == 1_000)
        await store.flush()
        #expect(storage.writeCount(of: "adv-burst") == 2, "a flush with nothing waiting wrote again")
    }

    // Sharing and persisting state, "Saving and loading": "A store released with a change still waiting
    // (a sandboxed subtree dismissed, say) saves it as it goes."
    @Test func aStoreReleasedWithAChangeWaitingOnAClockThatNeverMovesStillSavesIt() async {
        let storage = InMemoryStorage()
        let key = intKey("adv-released", default: 0)
        changeTwiceThenRelease(storage: storage, key: key)
        let saved = await waitUntil("the released store saved the waiting change", within: .seconds(120)) {
            loadedValue(key, from: storage) == 2
        }
        #expect(saved)
    }

    private func changeTwiceThenRelease(storage: any SharedStorage, key: SharedKey<Int>) {
        let store = SharedStore(storage: storage)
        let writer = reader(key, store)
        writer.inject(EffectClock(ManualEffectClock()))
        writer.send(.set(1))
        writer.send(.set(2))
    }

    // Guarantees, "Bad input": "Every public duration, count, capacity, size, index and line works at its
    // extremes. At zero, below zero and at both ends of its type, each one works, saturates as its
    // documentation says, or is refused with a message naming it; none traps, hangs or stops the test
    // process." SharedStore's writeDelay at its extremes, then flushed.
    @Test(arguments: [
        Duration.zero, .seconds(-1), .seconds(Int64.min), .seconds(Int64.max),
        Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999),
    ])
    func aWriteDelayAtItsExtremesNeverTrapsAndAFlushSavesTheLatestValue(_ delay: Duration) async {
        let storage = InMemoryStorage()
        let store = SharedStore(storage: storage, writeDelay: delay)
        let key = intKey("adv-delay", default: 0)
        let writer = reader(key, store)
        writer.inject(EffectClock(ManualEffectClock()))
        for value in 1...5 { writer.send(.set(value)) }
        await store.flush()
        #expect(loadedValue(key, from: storage) == 5)
    }

    // Sharing and persisting state, "Saving and loading": "two different names never share a file
    // (except names differing only in case, on a file system that ignores case, as macOS's does by
    // default)". Linux's file systems do not ignore case.
    @Test func namesDifferingOnlyInCaseKeepTheirOwnValuesOnLinux() async throws {
        let folder = try makeTemporaryFolder("case")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let upper = reader(intKey("Theme"), store)
        let lower = reader(intKey("theme"), store)
        upper.send(.set(1))
        lower.send(.set(2))
        await store.flush()
        #expect(loadedValue(intKey("Theme"), from: JSONFileStorage(directory: folder)) == 1)
        #expect(loadedValue(intKey("theme"), from: JSONFileStorage(directory: folder)) == 2)
        #expect(upper.value == 1 && lower.value == 2)
    }

    // Middleware, logging and analytics, "Instruments in tests that run in parallel": "Inside
    // withIsolatedInstruments(_:), the app-wide middleware, analytics sinks, error handlers and event logging
    // it installs see only the events sent from inside, the effects those events started, and the errors
    // reported meanwhile". A save that fails, of a change sent from inside, is reported meanwhile.
    @Test func anIsolatedHandlerSeesTheFailedSaveOfAChangeItsTestMade() async throws {
        let parent = try makeTemporaryFolder("isolated-save")
        let folder = parent.appendingPathComponent("store")
        try Data("a file where the folder should be".utf8).write(to: folder)
        let isolated = ReportBox()
        let everywhere = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader(intKey("adv-isolated-save", default: 0), store)
        writer.send(.set(1))
        await store.flush()
        _ = await waitUntil("ErrorReporting receives the failed save", within: .seconds(120)) {
            everywhere.errors(SharedValueNotSaved.self).contains { $0.key == "adv-isolated-save" }
        }
        #expect(
            everywhere.errors(SharedValueNotSaved.self).contains { $0.key == "adv-isolated-save" },
            "never reported")
        #expect(
            isolated.errors(SharedValueNotSaved.self).contains { $0.key == "adv-isolated-save" },
            "the test's own handler did not see the failed save that ErrorReporting received")
    }

    // Sharing and persisting state, "Saving and loading": "A store released with a change still waiting
    // ... saves it as it goes"; "A save that fails is reported with a SharedValueNotSaved"; "Any type
    // conforming to SharedStorage can stand in for them". The save made as the store goes fails.
    @Test func aStoreReleasedWithAChangeWhoseSaveThenFailsStillReportsIt() async {
        let storage = FlakyStorage(failingFromSave: 2)
        let reports = await ReportBox.unisolated()
        let key = intKey("adv-released-fails", default: 0)
        changeTwiceThenRelease(storage: storage, key: key)
        _ = await waitUntil("the released store tried its save", within: .seconds(120)) {
            storage.saveAttempts >= 2
        }
        _ = await waitUntil("the failed save is reported", within: .seconds(120)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == "adv-released-fails" }
        }
        #expect(storage.saveAttempts == 2)
        let notSaved = reports.errors(SharedValueNotSaved.self).filter { $0.key == "adv-released-fails" }
        #expect(notSaved.count == 1, "the last change of a released store was lost without a report")
        #expect(notSaved.first?.location == "flaky:adv-released-fails")
    }

    // Sharing and persisting state, "Saving and loading": "something the app may not read, or cannot copy
    // aside (no permission): one SharedValueUnreadable report, the default, and the value is never saved
    // over it: saves of the key are refused, with one SharedValueNotSaved naming the key and the file,
    // until a reload finds it readable". A storage of the app's own whose load and keepAside throw.
    @Test func aStorageThatCanNeitherReadNorKeepAsideIsNeverSavedOverUntilAReloadReadsIt() async {
        let storage = FlakyStorage(failingFromSave: Int.max, unreadable: true)
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: storage)
        let key = intKey("adv-locked", default: 3)
        let writer = reader(key, store)
        #expect(writer.value == 3)
        writer.send(.set(4))
        writer.send(.set(5))
        await store.flush()
        _ = await waitUntil("the refused save is reported", within: .seconds(120)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == "adv-locked" }
        }
        let unreadable = reports.errors(SharedValueUnreadable.self).filter { $0.key == "adv-locked" }
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.location == "flaky:adv-locked")
        #expect(storage.saveAttempts == 0, "the unreadable value was saved over")
        let notSaved = reports.errors(SharedValueNotSaved.self).filter { $0.key == "adv-locked" }
        #expect(notSaved.count == 1, "\(notSaved)")
        #expect(notSaved.first?.location == "flaky:adv-locked")
        #expect(writer.value == 5)

        storage.makeReadable()
        await store.reload()
        await store.flush()
        #expect(writer.value == 5, "the reload replaced the app's refused change")
        #expect(
            storage.saveAttempts >= 1, "the refused change was never saved once the value became readable")
    }

    // Guarantees, "Bad input": "Every public duration, count, capacity, size, index and line works at its
    // extremes ... none traps"; "something unreadable (... saved by a newer version ...): one
    // SharedValueUnreadable report"; "saved by an earlier version with a migration: the migrated value".
    @Test(arguments: [Int.min, -1, 0, Int.max])
    func aKeyVersionAtItsExtremesSavesLoadsMigratesAndIsRefusedByAnOlderApp(_ version: Int) async throws {
        let folder = try makeTemporaryFolder("version-\(version)")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let key = SharedKey<Int>.persisted("adv-version-extreme", default: 0, version: version)
        let writer = reader(key, store)
        writer.send(.set(7))
        await store.flush()
        #expect(loadedValue(key, from: JSONFileStorage(directory: folder)) == 7)
        if version > Int.min {
            let older = SharedKey<Int>.persisted("adv-version-extreme", default: -1, version: version - 1)
            #expect(loadedValue(older, from: JSONFileStorage(directory: folder)) == -1)
        }
        if version < Int.max {
            let newer = SharedKey<Int>.persisted(
                "adv-version-extreme", default: -1, version: version + 1,
                migrate: { saved, _ in saved == version ? 70 : -2 })
            #expect(loadedValue(newer, from: JSONFileStorage(directory: folder)) == 70)
        }
    }
}

struct FlakyStorageError: Error {}

/// A storage of the app's own: its saves fail from the given one on, and its values may be unreadable.
final class FlakyStorage: SharedStorage, @unchecked Sendable {
    // Sound: every access to the stored properties holds `lock`.
    private let lock = NSLock()
    private var attempts = 0
    private var unreadable: Bool
    private var saved: [String: Data] = [:]
    private let failingFrom: Int

    init(failingFromSave failingFrom: Int, unreadable: Bool = false) {
        self.failingFrom = failingFrom
        self.unreadable = unreadable
    }

    var saveAttempts: Int {
        lock.lock()
        defer { lock.unlock() }
        return attempts
    }

    func makeReadable() {
        lock.lock()
        unreadable = false
        lock.unlock()
    }

    func load(_ name: String) throws -> Data? {
        lock.lock()
        defer { lock.unlock() }
        if unreadable { throw FlakyStorageError() }
        return saved[name]
    }

    func save(_ data: Data, as name: String) throws {
        lock.lock()
        defer { lock.unlock() }
        attempts += 1
        if attempts >= failingFrom { throw FlakyStorageError() }
        saved[name] = data
    }

    func keepAside(_ name: String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if unreadable { throw FlakyStorageError() }
        return "flaky:\(name).aside"
    }

    func location(of name: String) -> String { "flaky:\(name)" }
}
