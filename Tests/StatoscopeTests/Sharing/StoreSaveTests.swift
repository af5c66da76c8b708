import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// When a store saves: after its write delay (below zero, at once; the longest, never trapping), on a
/// flush that waits for a save being written, with its scope or itself released with a save pending,
/// while plans run alongside; and what a reload of another store on the same directory sees.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct StoreSaveTests {
    @Test func twoStoresOnOneDirectorySeeEachOthersSavesOnReload() async {
        let directory = temporaryDirectory()
        let (first, firstStore) = readerWithStore(PersistenceKeys.plain, in: directory)
        let (second, secondStore) = readerWithStore(PersistenceKeys.plain, in: directory)
        first.send(.wantsChanges(PersistenceKeys.plain))
        #expect(first.value == 14 && second.value == 14)
        second.send(.set(20))
        await secondStore.flush()
        await firstStore.reload()
        #expect(first.value == 20)
        #expect(first.told == [20])
        first.send(.set(30))
        await firstStore.flush()
        await secondStore.reload()
        #expect(second.value == 30)
        await firstStore.reload()
        #expect(first.told == [20], "its own change and its own save are not told")
    }

    @Test func aScopeReleasedWithItsSavePendingStillHasItsChangeSaved() async {
        let storage = InMemoryStorage()
        let store = SharedStore(storage: storage, writeDelay: .seconds(30))
        let clock = ManualEffectClock()
        do {
            let reader = KeyReader(PersistenceKeys.plain)
            reader.inject(store)
            reader.inject(EffectClock(clock))
            reader.send(.set(42))
        }
        await store.flush()
        #expect(storage.load("persistedPlain") == Data(#"{"value":42,"version":1}"#.utf8))
    }

    // Alongside suites that run plans on the main actor meanwhile, the released readers' runtimes are
    // swept, and their stores released, before the delay passes: each store saves what is pending as
    // it goes. Run so with:
    // swift test --skip-build --filter "StoreSaveTests/aStoreReleasedWithASavePendingStillSavesIt|RetryPlanPolicyTests|SharedValuePlanTests|TestDependencyContextSubtreeTests"
    @Test func aStoreReleasedWithASavePendingStillSavesIt() async {
        let storages = (0..<50).map { _ in InMemoryStorage() }
        for storage in storages {
            let reader = KeyReader(PersistenceKeys.plain)
            reader.inject(SharedStore(storage: storage, writeDelay: .milliseconds(10)))
            reader.send(.set(42))
        }
        await waitUntil("every released store's pending save is written", within: .seconds(120)) {
            storages.allSatisfy { $0.writeCount(of: "persistedPlain") == 1 }
        }
        let lost = storages.filter { $0.writeCount(of: "persistedPlain") == 0 }.count
        #expect(lost == 0, "\(lost) of \(storages.count) released stores never saved")
    }

    // The same, with test plans run on the main actor after the changes, which sweep the released
    // runtimes and so release the stores.
    @Test func aStoreReleasedWithASavePendingWhileAPlanRunsStillSavesIt() async throws {
        let storages = (0..<20).map { _ in InMemoryStorage() }
        for storage in storages {
            let reader = KeyReader(PersistenceKeys.plain)
            reader.inject(SharedStore(storage: storage, writeDelay: .milliseconds(10)))
            reader.send(.set(42))
        }
        for _ in 0..<20 {
            try FontScreen.GIVEN { FontScreen() }.WHEN(.burst(100)).THEN(\.fontSize, equals: 114).runTest()
        }
        await waitUntil("every released store's pending save is written", within: .seconds(120)) {
            storages.allSatisfy { $0.writeCount(of: "persistedPlain") == 1 }
        }
    }

    // A sheet with a store of its own, dismissed in the update that follows its change, on a clock
    // that never moves again: its change is saved all the same, and its write window ends with it.
    @Test func aSandboxedStoreDismissedRightAfterAChangeStillSavesIt() async {
        let directory = temporaryDirectory()
        let clock = ManualEffectClock()
        do {
            let sheet = KeyReader(PersistenceKeys.plain)
            sheet.inject(SharedStore(storage: JSONFileStorage(directory: directory)))
            sheet.inject(EffectClock(clock))
            sheet.send(.set(42))
        }
        await waitUntil("the released store's window ends", within: .seconds(120)) { clock.sleeperCount == 0 }
        await waitUntil("the dismissed sheet's change is saved", within: .seconds(120)) {
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("persistedPlain.json").path)
        }
    }

    // A live store kept alive, with its scope, saves after its delay even while plans run alongside.
    @Test func aKeptStoreSavesAfterItsDelayWhilePlansRunAlongside() async {
        let storages = (0..<50).map { _ in InMemoryStorage() }
        var readers: [KeyReader] = []
        var stores: [SharedStore] = []
        for storage in storages {
            let reader = KeyReader(PersistenceKeys.plain)
            let store = SharedStore(storage: storage, writeDelay: .milliseconds(10))
            reader.inject(store)
            reader.send(.set(42))
            readers.append(reader)
            stores.append(store)
        }
        await waitUntil("every store's pending save is written", within: .seconds(120)) {
            storages.allSatisfy { $0.writeCount(of: "persistedPlain") == 1 }
        }
        let lost = storages.filter { $0.writeCount(of: "persistedPlain") == 0 }.count
        #expect(lost == 0, "\(lost) of \(storages.count) stores never saved")
        _ = (readers, stores)
    }

    @Test func aFlushCalledWhileASaveIsWritingReturnsOnlyOnceTheValueIsSaved() async {
        let storage = HeldStorage()
        let store = SharedStore(storage: storage, writeDelay: .zero)
        let reader = KeyReader(PersistenceKeys.plain)
        reader.inject(store)
        reader.send(.set(1))
        let firstFlush = Task { await store.flush() }
        await waitUntil("the save is writing") { storage.savesWaiting == 1 }
        let secondReturned = FlushFlag()
        let secondFlush = Task {
            await store.flush()
            secondReturned.isSet = true
        }
        for _ in 0..<20 { await mainActorBarrier() }
        #expect(
            !secondReturned.isSet, "flush returned while the value it should save was still being written")
        storage.release()
        storage.release()
        await firstFlush.value
        await secondFlush.value
        #expect(storage.saved.first == Data(#"{"value":1,"version":1}"#.utf8))
    }

    @Test func writeDelaysBelowZeroSaveAtOnce() async {
        let storage = InMemoryStorage()
        let reader = KeyReader(PersistenceKeys.plain)
        reader.inject(SharedStore(storage: storage, writeDelay: .seconds(-5)))
        reader.send(.set(5))
        await waitUntil("saved without a delay") { storage.writeCount(of: "persistedPlain") == 1 }
    }

    @Test func theLongestWriteDelaysNeverTrapAndFlushSaves() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                _ = SharedStore(storage: InMemoryStorage(), writeDelay: Duration(_high: .max, low: .max))
            }
            for delay in [
                Duration(_high: .max, low: .max), .seconds(Int64.max), Duration(_high: .min, low: 0),
            ] {
                let storage = InMemoryStorage()
                let store = SharedStore(storage: storage, writeDelay: delay)
                await MainActor.run {
                    let reader = KeyReader(PersistenceKeys.plain)
                    reader.inject(store)
                    reader.send(.set(5))
                }
                await store.flush()
                precondition(storage.writeCount(of: "persistedPlain") == 1)
            }
        }
    }

    @Test func theFirstChangeAfterAQuietPeriodIsSavedAtOnceAndTheRestOnceAtTheWindowsEnd() async {
        let storage = InMemoryStorage()
        let clock = ManualEffectClock()
        let reader = KeyReader(PersistenceKeys.plain)
        let store = SharedStore(storage: storage, writeDelay: .seconds(1))
        reader.inject(store)
        reader.inject(EffectClock(clock))
        reader.send(.set(1))
        await waitUntil("the first change is saved without waiting") {
            storage.writeCount(of: "persistedPlain") == 1
        }
        for value in 2...5 { reader.send(.set(value)) }
        await waitUntil("the window waits on the clock") { clock.sleeperCount == 1 }
        #expect(storage.writeCount(of: "persistedPlain") == 1)
        clock.advance(by: .seconds(1))
        await waitUntil("the rest are saved at the window's end") {
            storage.writeCount(of: "persistedPlain") == 2
        }
        #expect(storage.load("persistedPlain") == Data(#"{"value":5,"version":1}"#.utf8))
        // A window with no change ends the busy period: the next change is saved at once.
        await waitUntil("the next window waits on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await waitUntil("the quiet window ends") { clock.sleeperCount == 0 }
        reader.send(.set(6))
        await waitUntil("a change after a quiet period is saved at once") {
            storage.writeCount(of: "persistedPlain") == 3
        }
        await store.flush()
        #expect(storage.writeCount(of: "persistedPlain") == 3)
    }

    // The encoding waits for the main actor to run a turn of the test's: run on the main actor, it
    // would wait for itself (the wait's limit only ends such a deadlock).
    @Test func aValueIsEncodedOffTheMainActor() async {
        let recorder = EncodingThreads()
        let probe = EncodingProbe()
        let store = SharedStore(storage: InMemoryStorage(), writeDelay: .seconds(1))
        probe.inject(store)
        probe.send(.set(EncodedOnThread(number: 1, recorder: recorder)))
        await waitUntil("the encoding started") { recorder.startedCount == 1 }
        recorder.mainActorRan.signal()
        await store.flush()
        #expect(recorder.mainActorRanWhileEncoding == [true], "encode(to:) held the main actor")
    }

    @Test func aReleasedStoreSavesWhatWaitsWithoutWaitingForItsClock() async {
        let storage = InMemoryStorage()
        let clock = ManualEffectClock()
        weak var released: SharedStore?
        do {
            let reader = KeyReader(PersistenceKeys.plain)
            let store = SharedStore(storage: storage, writeDelay: .seconds(1))
            reader.inject(store)
            reader.inject(EffectClock(clock))
            reader.send(.set(1))
            reader.send(.set(2))
            released = store
        }
        await waitUntil("the store is released") { released == nil }
        await waitUntil("what waited is saved, with the clock never advanced") {
            storage.load("persistedPlain") == Data(#"{"value":2,"version":1}"#.utf8)
        }
    }
}

/// Whether the main actor ran while each `encode(to:)` of the values that hold it ran.
final class EncodingThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var started = 0
    private var ran: [Bool] = []
    /// Signalled by the test on the main actor once an encoding started.
    let mainActorRan = DispatchSemaphore(value: 0)

    func record() {
        lock.withLock { started += 1 }
        let signalled = mainActorRan.wait(timeout: .now() + .seconds(600)) == .success
        lock.withLock { ran.append(signalled) }
    }
    var startedCount: Int { lock.withLock { started } }
    var mainActorRanWhileEncoding: [Bool] { lock.withLock { ran } }
}

/// A value that records the thread of its encoding.
struct EncodedOnThread: Codable, Sendable {
    var number: Int
    var recorder: EncodingThreads?

    init(number: Int, recorder: EncodingThreads?) {
        self.number = number
        self.recorder = recorder
    }

    init(from decoder: any Decoder) throws {
        number = try decoder.singleValueContainer().decode(Int.self)
        recorder = nil
    }

    func encode(to encoder: any Encoder) throws {
        recorder?.record()
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

/// A scope reading an `EncodedOnThread`.
@MainActor
final class EncodingProbe: Scope {
    static let key = SharedKey<EncodedOnThread>.persisted(
        "encodedOnThread", default: EncodedOnThread(number: 0, recorder: nil))
    @Shared(EncodingProbe.key) var value: EncodedOnThread
    enum When: Sendable { case set(EncodedOnThread) }
    func update(_ when: When) throws {
        if case .set(let value) = when { self.value = value }
    }
}
