import Foundation
import Statoscope
import StatoscopeSharing
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// The background time a store asks for, as the system would grant it: each grant, each time given
/// back, and the expiry the test triggers.
@MainActor
private final class BackgroundTimeLedger {
    private(set) var granted = 0
    private(set) var givenBack = 0
    private var expiry: (@MainActor @Sendable () -> Void)?
    /// Whether the system grants the time asked for.
    var grants = true

    func request(expired: @escaping @MainActor @Sendable () -> Void) -> (@MainActor () -> Void)? {
        guard grants else { return nil }
        granted += 1
        expiry = expired
        return { self.givenBack += 1 }
    }

    /// The time runs out, as the system tells the app shortly before suspending it.
    func expire() { expiry?() }
}

/// A store hears of the app going to the background through its lifecycle's notification, here a
/// center of the test's own: it asks the system for time, saves what is pending, and gives the time
/// back when the save ends, or when the time runs out first; the app ending saves at once.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct BackgroundSaveTests {
    private let center = NotificationCenter()
    private let background = Notification.Name("test.appDidEnterBackground")
    private let termination = Notification.Name("test.appWillTerminate")
    private let ledger = BackgroundTimeLedger()

    private func reader(saving storage: any SharedStorage) -> KeyReader {
        let ledger = self.ledger
        let lifecycle = AppLifecycle(
            moments: [.init(background, appEnds: false), .init(termination, appEnds: true)],
            center: center, queue: nil,
            requestBackgroundTime: { _, expired in ledger.request(expired: expired) })
        let reader = KeyReader(PersistenceKeys.plain)
        reader.inject(SharedStore(storage: storage, writeDelay: .seconds(30), lifecycle: lifecycle))
        reader.inject(EffectClock(ManualEffectClock()))
        return reader
    }

    @Test func enteringTheBackgroundAsksForTimeAndGivesItBackWhenTheSaveEnds() async {
        let storage = HeldStorage()
        let reader = reader(saving: storage)
        reader.send(.set(41))  // saved at once: held by the storage
        reader.send(.set(42))  // waits for the write delay, which the clock never ends
        await waitUntil("the first save is being written") { storage.savesWaiting == 1 }
        center.post(name: background, object: nil)
        #expect(ledger.granted == 1)
        storage.release()
        await waitUntil("the flush's save is being written") {
            storage.saved.count == 1 && storage.savesWaiting == 1
        }
        #expect(ledger.givenBack == 0, "the time was given back before the save ended")
        storage.release()
        await waitUntil("the time is given back") { ledger.givenBack == 1 }
        #expect(storage.saved.last == Data(#"{"value":42,"version":1}"#.utf8))
    }

    @Test func timeThatRunsOutFirstIsGivenBackAtOnceAndOnlyOnce() async {
        let storage = HeldStorage()
        let reader = reader(saving: storage)
        reader.send(.set(42))
        await waitUntil("the save is being written") { storage.savesWaiting == 1 }
        center.post(name: background, object: nil)
        ledger.expire()
        #expect(ledger.givenBack == 1)
        storage.release()
        await waitUntil("the save ends") { storage.saved.count == 1 }
        await mainActorBarrier()
        #expect(ledger.givenBack == 1)
    }

    @Test func withNoTimeGrantedTheSaveStillRuns() async {
        ledger.grants = false
        let storage = InMemoryStorage()
        let reader = reader(saving: storage)
        reader.send(.set(41))
        reader.send(.set(42))
        center.post(name: background, object: nil)
        await waitUntil("the pending change is saved") {
            storage.load("persistedPlain") == Data(#"{"value":42,"version":1}"#.utf8)
        }
        #expect(ledger.granted == 0)
    }

    @Test func theAppEndingSavesAtOnceWithoutAskingForTime() async {
        let storage = InMemoryStorage()
        let reader = reader(saving: storage)
        reader.send(.set(41))
        reader.send(.set(42))
        center.post(name: termination, object: nil)
        #expect(storage.load("persistedPlain") == Data(#"{"value":42,"version":1}"#.utf8))
        #expect(ledger.granted == 0)
    }
}
