// A folder where a persisted value's file should be: found when loading, appearing between saves,
// empty, behind a link, where the kept-aside copy would go, beside a replay, and in an isolation.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@MainActor
final class FolderApp: Scope {
    @Shared(FolderKeys.size) var size: Int

    enum When: Codable, Sendable { case grow }

    func update(_ when: When) throws { size += 1 }
}

enum FolderKeys {
    static var size: SharedKey<Int> { .persisted("adv-folder-size", default: 10) }
}

@Suite(.isolatedInstruments)
@MainActor
struct FolderInPlaceTests {
    private func reader(_ name: String, _ store: SharedStore, default value: Int = 1) -> AdvReader<Int> {
        let reader = AdvReader(SharedKey<Int>.persisted(name, default: value))
        reader.inject(store)
        return reader
    }

    private func waitForNotSaved(_ reports: ReportBox, _ key: String) async {
        _ = await waitUntil("the refused save is reported", within: .seconds(30)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == key }
        }
    }

    // CHANGELOG: "A folder where a persisted value's file should be is reported in words (`… is a folder,
    // not a file: …`) and never saved over"; Sharing and persisting state, "Saving and loading": "a
    // folder where the file should be, which the report says ... the value is never saved over it: saves
    // of the key are refused, with one SharedValueNotSaved naming the key and the file". An empty folder,
    // which a rename could replace.
    @Test func anEmptyFolderInPlaceIsSaidToBeAFolderAndNeverSavedOver() async throws {
        let folder = try makeTemporaryFolder("empty-folder-in-place")
        let inPlace = folder.appendingPathComponent("adv-empty-dir.json")
        try FileManager.default.createDirectory(at: inPlace, withIntermediateDirectories: false)
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader("adv-empty-dir", store)
        #expect(writer.value == 1)
        writer.send(.set(2))
        writer.send(.set(3))
        await store.flush()
        await waitForNotSaved(reports, "adv-empty-dir")
        #expect(isDirectory(inPlace.path), "the empty folder was saved over")
        let unreadable = reports.errors(SharedValueUnreadable.self).filter { $0.key == "adv-empty-dir" }
        #expect(unreadable.count == 1)
        #expect(unreadable.first.map { "\($0)".contains("is a folder, not a file") } == true, "\(unreadable)")
        let notSaved = reports.errors(SharedValueNotSaved.self).filter { $0.key == "adv-empty-dir" }
        #expect(notSaved.count == 1, "\(reports.descriptions)")
        #expect(notSaved.first?.location.contains("adv-empty-dir.json") == true)
        #expect(notSaved.first.map { "\($0)".contains("folder") } == true, "\(notSaved)")
        #expect(writer.value == 3)
    }

    // The same promise, for a folder that appears after the value was loaded and saved: the next save
    // finds it where the file was.
    @Test func aFolderAppearingBetweenTwoSavesIsNeverSavedOverAndTheAppKeepsItsValue() async throws {
        let folder = try makeTemporaryFolder("folder-appears")
        let file = folder.appendingPathComponent("adv-appears.json")
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader("adv-appears", store)
        writer.send(.set(5))
        await store.flush()
        #expect(
            loadedValue(
                SharedKey<Int>.persisted("adv-appears", default: 1), from: JSONFileStorage(directory: folder))
                == 5)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        try Data("the user's".utf8).write(to: file.appendingPathComponent("notes.txt"))
        writer.send(.set(6))
        await store.flush()
        await waitForNotSaved(reports, "adv-appears")
        #expect(isDirectory(file.path), "the folder was saved over")
        #expect(
            FileManager.default.contents(atPath: file.appendingPathComponent("notes.txt").path)
                == Data("the user's".utf8))
        let notSaved = reports.errors(SharedValueNotSaved.self).filter { $0.key == "adv-appears" }
        #expect(notSaved.count >= 1)
        #expect(notSaved.first.map { "\($0)".contains("is a folder, not a file") } == true, "\(notSaved)")
        #expect(writer.value == 6)
        // Once the folder is gone, a save goes through: "the next save (a change, a flush, a reload) tries
        // it again".
        try FileManager.default.removeItem(at: file)
        writer.send(.set(7))
        await store.flush()
        #expect(
            loadedValue(
                SharedKey<Int>.persisted("adv-appears", default: 1), from: JSONFileStorage(directory: folder))
                == 7)
    }

    // Sharing and persisting state, "Saving and loading": something unreadable gets "a byte-identical copy
    // kept aside (`settings.json.unreadable` beside the file) before anything overwrites it"; Guarantees:
    // "No copy kept aside replaces another". A folder already where the copy would go.
    @Test func aFolderWhereTheKeptAsideCopyWouldGoLosesNeitherTheDamagedFileNorTheFolder() async throws {
        let folder = try makeTemporaryFolder("folder-at-aside")
        let file = folder.appendingPathComponent("adv-aside.json")
        let garbage = Data("{{{ damaged".utf8)
        try garbage.write(to: file)
        let aside = folder.appendingPathComponent("adv-aside.json.unreadable")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
        try Data("old copy".utf8).write(to: aside.appendingPathComponent("inside"))
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader("adv-aside", store)
        #expect(writer.value == 1)
        writer.send(.set(4))
        await store.flush()
        _ = await waitUntil("the change is saved or refused", within: .seconds(30)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == "adv-aside" }
                || (try? Data(contentsOf: file)) != garbage
        }
        #expect(
            FileManager.default.contents(atPath: aside.appendingPathComponent("inside").path)
                == Data("old copy".utf8))
        let everyFile = contentsOfFolder(folder).compactMap {
            FileManager.default.contents(atPath: folder.appendingPathComponent($0).path)
        }
        #expect(everyFile.contains(garbage), "the damaged file was lost: \(contentsOfFolder(folder))")
        let unreadable = reports.errors(SharedValueUnreadable.self).filter { $0.key == "adv-aside" }
        #expect(unreadable.count == 1, "\(reports.descriptions)")
        if let keptAside = unreadable.first?.keptAside {
            #expect(
                !keptAside.hasSuffix("adv-aside.json.unreadable"),
                "said kept aside in the folder's place: \(keptAside)")
        }
    }

    // Sharing and persisting state, "Saving and loading": a folder where the file should be is never saved
    // over. The file's place holds a link to a folder of the user's.
    @Test func aLinkToAFolderInPlaceOfTheFileLeavesTheFolderAndItsContentAlone() async throws {
        let folder = try makeTemporaryFolder("link-in-place")
        let elsewhere = try makeTemporaryFolder("link-target")
        try Data("precious".utf8).write(to: elsewhere.appendingPathComponent("precious.txt"))
        let file = folder.appendingPathComponent("adv-link.json")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        let reports = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader("adv-link", store)
        #expect(writer.value == 1)
        writer.send(.set(8))
        await store.flush()
        _ = await waitUntil("the change is saved or refused", within: .seconds(30)) {
            reports.errors(SharedValueNotSaved.self).contains { $0.key == "adv-link" }
                || !isDirectory(file.path)
        }
        #expect(isDirectory(elsewhere.path))
        #expect(
            FileManager.default.contents(atPath: elsewhere.appendingPathComponent("precious.txt").path)
                == Data("precious".utf8))
        #expect(writer.value == 8)
        let unreadable = reports.errors(SharedValueUnreadable.self).filter { $0.key == "adv-link" }
        #expect(unreadable.count == 1, "\(reports.descriptions)")
    }

    // CHANGELOG: "a failed or refused save is reported in the isolation of the change it saves"; Middleware,
    // logging and analytics: "the save of a shared value changed inside ... a save that fails is reported
    // inside". The refusal of a save into a folder's place, for a change made in this test's isolation.
    @Test func theRefusedSaveIntoAFolderIsReportedInTheIsolationOfTheChange() async throws {
        let folder = try makeTemporaryFolder("folder-isolated")
        let inPlace = folder.appendingPathComponent("adv-folder-iso.json")
        try FileManager.default.createDirectory(at: inPlace, withIntermediateDirectories: false)
        let everywhere = await ReportBox.unisolated()
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let writer = reader("adv-folder-iso", store)
        let inside = ReportBox()
        writer.send(.set(2))
        await store.flush()
        await waitForNotSaved(everywhere, "adv-folder-iso")
        #expect(
            inside.errors(SharedValueNotSaved.self).filter { $0.key == "adv-folder-iso" }.count == 1,
            "the test's own handler did not hear of the refused save: \(inside.descriptions)")
        #expect(isDirectory(inPlace.path))
    }

    // Sharing and persisting state, "Saving and loading": "A store released with a change still waiting ...
    // saves it as it goes"; a folder in the file's place is never saved over, the refusal named. The
    // store goes with the change waiting.
    @Test func aStoreReleasedWithAChangeWaitingForAFoldersPlaceReportsTheRefusal() async throws {
        let folder = try makeTemporaryFolder("folder-released")
        let inPlace = folder.appendingPathComponent("adv-folder-gone.json")
        let reports = await ReportBox.unisolated()
        await changeThenRelease(folder: folder, inPlace: inPlace)
        await waitForNotSaved(reports, "adv-folder-gone")
        #expect(isDirectory(inPlace.path), "the folder was saved over")
        #expect(
            FileManager.default.contents(atPath: inPlace.appendingPathComponent("mine").path)
                == Data("mine".utf8))
        let notSaved = reports.errors(SharedValueNotSaved.self).filter { $0.key == "adv-folder-gone" }
        #expect(notSaved.count == 1, "\(reports.descriptions)")
        #expect(notSaved.first.map { "\($0)".contains("is a folder, not a file") } == true, "\(notSaved)")
    }

    private func changeThenRelease(folder: URL, inPlace: URL) async {
        let store = SharedStore(storage: JSONFileStorage(directory: folder), writeDelay: .seconds(3_600))
        let writer = reader("adv-folder-gone", store)
        writer.send(.set(1))
        await store.flush()
        try? FileManager.default.removeItem(at: inPlace)
        try? FileManager.default.createDirectory(at: inPlace, withIntermediateDirectories: false)
        try? Data("mine".utf8).write(to: inPlace.appendingPathComponent("mine"))
        writer.send(.set(2))
    }

    // Recording and replay, "Reproduce": "A replayed tree shares nothing with the live app ... each key
    // starts from its default, persisted ones too ... Replaying beside a running app changes none of its
    // shared values, tells none of their readers, and writes no file". A live app whose value's file is a
    // folder: the replay reads nothing from it, so reports nothing about it.
    @Test func aReplayBesideAnAppWhoseValueFileIsAFolderReportsNothingAndTouchesNothing() async throws {
        let folder = try makeTemporaryFolder("folder-replay")
        let inPlace = folder.appendingPathComponent("adv-folder-size.json")
        try FileManager.default.createDirectory(at: inPlace, withIntermediateDirectories: false)
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let live = FolderApp()
        live.inject(store)
        let url = folder.appendingPathComponent("session.jsonl")
        let recorder = try Recorder(recording: live, toFile: url)
        live.send(.grow)
        live.send(.grow)
        recorder.stop()
        let reports = ReportBox()
        let replayed = try Recording(contentsOf: url).reproduce {
            let app = FolderApp()
            app.inject(store)
            return app
        }
        #expect(replayed.size == 12)
        #expect(live.size == 12)
        let aboutTheReplay = reports.all.filter { $0.scopeID != ObjectIdentifier(live) }
        #expect(
            aboutTheReplay.isEmpty,
            "the replay reported about the live app's files: \(aboutTheReplay.map(\.description))")
        #expect(isDirectory(inPlace.path))
        #expect(
            Set(contentsOfFolder(folder)) == ["adv-folder-size.json", "session.jsonl"],
            "\(contentsOfFolder(folder))")
    }
}
