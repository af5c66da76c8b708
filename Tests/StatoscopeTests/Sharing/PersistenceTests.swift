import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// Persisted shared values: loading, damaged files, coalesced and atomic saves, reloads.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct PersistenceTests {
    /// A font screen whose store saves in `directory`, on `clock` when given.
    private func fontScreen(in directory: URL, clock: ManualEffectClock? = nil) -> (FontScreen, SharedStore) {
        let screen = FontScreen()
        let store = SharedStore(storage: JSONFileStorage(directory: directory))
        screen.inject(store)
        if let clock { screen.inject(EffectClock(clock)) }
        return (screen, store)
    }

    private func file(_ name: String, in directory: URL) -> URL {
        directory.appendingPathComponent(name + ".json")
    }

    @Test func aMissingFileGivesTheDefaultAndWritesNothing() async {
        let directory = temporaryDirectory()
        let (screen, store) = fontScreen(in: directory)
        #expect(screen.fontSize == 14)
        await store.flush()
        #expect(!FileManager.default.fileExists(atPath: file("fontSize", in: directory).path))
    }

    @Test func aSavedValueLoadsOnTheNextRun() async throws {
        let directory = temporaryDirectory()
        let (screen, store) = fontScreen(in: directory)
        screen.send(.larger)
        await store.flush()
        let saved = try String(contentsOf: file("fontSize", in: directory), encoding: .utf8)
        #expect(saved == #"{"value":15,"version":2}"#)
        let (nextRun, _) = fontScreen(in: directory)
        #expect(nextRun.fontSize == 15)
    }

    @Test func aDamagedFileIsReportedOnceKeptAsideByteForByteAndGivesTheDefault() async throws {
        let directory = temporaryDirectory()
        let damaged = Data([0x7B, 0x22, 0x76, 0xFF, 0x00, 0x0A])
        try damaged.write(to: file("fontSize", in: directory))
        let (screen, store) = fontScreen(in: directory)
        let reports = ErrorReportCollector(for: screen)
        #expect(screen.fontSize == 14)
        #expect(screen.fontSize == 14)
        let path = file("fontSize", in: directory).path
        #expect(reports.reports.count == 1)
        #expect(
            reports.reports.first?.description
                == "FontScreen: the saved value \"fontSize\" at \(path) could not be read: it is not a saved value "
                + "(JSON with a version and a value); a copy is kept at \(path).unreadable; it is not used")
        screen.send(.larger)
        await store.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".unreadable")) == damaged)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path)) != damaged, "overwritten only after the copy")
        await store.reload()
        #expect(reports.reports.count == 1, "reported once")
    }

    @Test func anEarlierVersionLoadsThroughItsMigrationAndWithoutOneIsReported() async throws {
        let directory = temporaryDirectory()
        try Data(#"{"value":"18","version":1}"#.utf8).write(to: file("fontSize", in: directory))
        try Data(#"{"value":"dark","version":0}"#.utf8).write(to: file("theme", in: directory))
        let (screen, store) = fontScreen(in: directory)
        let reports = ErrorReportCollector(for: screen)
        #expect(screen.fontSize == 18)
        #expect(reports.reports.isEmpty)
        let parent = SharingParent()
        parent.inject(store)
        let parentReports = ErrorReportCollector(for: parent)
        #expect(parent.theme == "light")
        #expect(parentReports.reports.count == 1)
        #expect(
            parentReports.reports.first?.description.contains(
                "could not be read: it was saved by version 0, and the key declares no migration to version 1"
            ) == true)
    }

    @Test func aThousandChangesInABurstAreTwoWritesOnTheInjectedClock() async {
        let clock = ManualEffectClock()
        let storage = InMemoryStorage()
        let screen = FontScreen()
        screen.inject(SharedStore(storage: storage, writeDelay: .milliseconds(100)))
        screen.inject(EffectClock(clock))
        for _ in 0..<1_000 { screen.send(.larger) }
        await waitUntil("the first change is saved at once") { storage.writeCount(of: "fontSize") == 1 }
        await waitUntil("the rest wait on the clock") { clock.sleeperCount == 1 }
        #expect(storage.writeCount(of: "fontSize") == 1)
        clock.advance(by: .milliseconds(100))
        await waitUntil("the rest are saved") { storage.writeCount(of: "fontSize") == 2 }
        await SharedStore.resolvedForTests(by: screen).flush()
        #expect(storage.writeCount(of: "fontSize") == 2)
        #expect(storage.load("fontSize") == Data(#"{"value":1014,"version":2}"#.utf8))
    }

    @Test func aSendReturnsWhileASaveIsStillWriting() async {
        let storage = HeldStorage()
        let screen = FontScreen()
        let store = SharedStore(storage: storage, writeDelay: .zero)
        screen.inject(store)
        screen.send(.larger)
        let flushed = Task { await store.flush() }
        await waitUntil("the save started, off the main actor") { storage.savesWaiting == 1 }
        // The save is held; the main actor is not.
        screen.send(.larger)
        #expect(screen.fontSize == 16)
        storage.release()
        storage.release()
        await flushed.value
        await store.flush()
        #expect(storage.saved.last == Data(#"{"value":16,"version":2}"#.utf8))
    }

    @Test func aReloadSeesAnotherProcessesSaveAndNeverTheAppsOwn() async throws {
        let directory = temporaryDirectory()
        let (screen, store) = fontScreen(in: directory)
        let observer = FontObserver()
        observer.inject(store)
        observer.send(.wantsChanges)
        screen.send(.larger)
        #expect(observer.told == [15])
        await store.flush()
        await store.reload()
        #expect(observer.told == [15], "the app's own save is not a change")
        try JSONFileStorage(directory: directory).save(
            Data(#"{"value":30,"version":2}"#.utf8), as: "fontSize")
        #expect(screen.fontSize == 15, "seen only when asked for")
        await store.reload()
        #expect(screen.fontSize == 30)
        #expect(observer.told == [15, 30])
    }

    @Test func aSaveThatFailsIsReportedWithTheKeyAndWhere() async {
        let screen = FontScreen()
        let store = SharedStore(storage: FailingStorage())
        screen.inject(store)
        let reports = ErrorReportCollector(for: screen)
        screen.send(.larger)
        await store.flush()
        #expect(
            reports.reports.map(\.description) == [
                "FontScreen: the shared value \"fontSize\" could not be saved to nowhere:fontSize: the disk is full"
            ])
        #expect(screen.fontSize == 15, "the app keeps the value")
    }

    @Test func theDefaultStoreOfATestProcessTouchesNoDisk() {
        #expect(SharedStore.defaultValue.storage is InMemoryStorage)
    }
}

/// A storage whose every save fails.
struct FailingStorage: SharedStorage {
    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    func load(_ name: String) -> Data? { nil }
    func save(_ data: Data, as name: String) throws { throw DiskFull() }
    func keepAside(_ name: String) -> String { "nowhere" }
    func location(of name: String) -> String { "nowhere:\(name)" }
}

/// A scope told of font size changes.
@MainActor
final class FontObserver: Scope {
    var told: [Int] = []
    enum When: Sendable {
        case wantsChanges
        case changed(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .wantsChanges: receiveChanges(of: SharingKeys.fontSize, as: When.changed)
        case .changed(let size): told.append(size)
        }
    }
}

extension SharedStore {
    /// The store `scope` resolves.
    static func resolvedForTests(by scope: some Scope) -> SharedStore { resolved(by: scope) }
}
