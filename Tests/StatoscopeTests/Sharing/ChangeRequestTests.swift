import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// A key only these tests read.
private let watchedCount = SharedKey<Int>("changeRequestCount", default: 0)

/// A scope that asks for the changes of `watchedCount` when it appears.
@MainActor
private final class Watcher: Scope {
    var told: [Int] = []
    enum When: Sendable {
        case appeared
        case changed(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .appeared: receiveChanges(of: watchedCount, as: When.changed)
        case .changed(let value): told.append(value)
        }
    }
}

/// A parent presenting a watcher, changing the value, and dismissing the watcher, alone or in one update.
@MainActor
private final class WatcherHost: Scope {
    @Shared(watchedCount) var count: Int
    @Subscope var sheet: Watcher? = nil
    enum When: Sendable {
        case present
        case bump
        case dismiss
        case bumpAndDismiss
        case link(Watcher)
    }
    func update(_ when: When) throws {
        switch when {
        case .present: sheet = Watcher()
        case .bump: count += 1
        case .dismiss: sheet = nil
        case .bumpAndDismiss:
            sheet = nil
            count += 1
        case .link(let watcher): sheet = watcher
        }
    }
}

/// A scope that writes back each value it is told of, as a view syncing a field would; it stops after
/// ten, so that telling it of its own write cannot go on without end.
@MainActor
private final class EchoingWatcher: Scope {
    @Shared(watchedCount) var count: Int
    var told: [Int] = []
    enum When: Sendable {
        case appeared
        case set(Int)
        case changed(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .appeared: receiveChanges(of: watchedCount, as: When.changed)
        case .set(let value): count = value
        case .changed(let value):
            told.append(value)
            if told.count < 10 { count = value }
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct ChangeRequestTests {
    private func presentedWatcher() -> (WatcherHost, Watcher) {
        let host = WatcherHost()
        host.inject(SharedStore(storage: InMemoryStorage()))
        host.send(.present)
        let watcher = host.sheet!
        watcher.send(.appeared)
        host.send(.bump)
        return (host, watcher)
    }

    @Test func aScopeDismissedByTheUpdateThatChangesTheValueIsNotToldAndNothingIsReported() {
        let (host, watcher) = presentedWatcher()
        let reports = ErrorReportCollector(for: watcher)
        host.send(.bumpAndDismiss)
        host.send(.bump)
        #expect(watcher.told == [1])
        #expect(reports.reports.isEmpty, "\(reports.reports.map(\.description))")
    }

    @Test func aDismissedScopeLinkedAgainIsToldOfTheChangesThatFollow() {
        let (host, watcher) = presentedWatcher()
        host.send(.dismiss)
        host.send(.bump)
        host.send(.link(watcher))
        host.send(.bump)
        #expect(watcher.told == [1, 3])
    }

    @Test func aScopeReleasedWithoutBeingDismissedIsNotHeldNorToldAndNothingIsReported() {
        let store = SharedStore(storage: InMemoryStorage())
        weak var released: Watcher?
        let reports = ErrorReportCollector(matching: { $0.scopeType == Watcher.self })
        do {
            let watcher = Watcher()
            watcher.inject(store)
            watcher.send(.appeared)
            released = watcher
        }
        #expect(released == nil, "the request holds the scope")
        let host = WatcherHost()
        host.inject(store)
        host.send(.bump)
        host.send(.bump)
        #expect(host.count == 2)
        #expect(reports.reports.isEmpty, "\(reports.reports.map(\.description))")
    }

    @Test func aScopeIsNotToldOfItsOwnWrites() {
        let store = SharedStore(storage: InMemoryStorage())
        let host = WatcherHost()
        host.inject(store)
        let watcher = EchoingWatcher()
        watcher.inject(store)
        watcher.send(.appeared)
        host.send(.bump)
        watcher.send(.set(0))
        #expect(host.count == 0)
        #expect(watcher.told == [1], "told of its own write")
    }

    @Test func writingBackAnEqualValueIsNoChangeSoAReaderIsNotToldAgain() async {
        let storage = InMemoryStorage()
        let store = SharedStore(storage: storage)
        let host = WatcherHost()
        host.inject(store)
        let first = EchoingWatcher()
        let second = EchoingWatcher()
        for watcher in [first, second] {
            watcher.inject(store)
            watcher.send(.appeared)
        }
        host.send(.bump)
        #expect(first.told == [1])
        #expect(second.told == [1])
        let reader = KeyReader(PersistenceKeys.plain)
        reader.inject(store)
        reader.send(.set(5))
        await store.flush()
        reader.send(.set(5))
        await store.flush()
        #expect(storage.writeCount(of: "persistedPlain") == 1, "an equal value was saved again")
    }

    @Test func dismissedReadersStillHeldAreLeftOutOfTheChangesThatFollow() {
        let store = SharedStore(storage: InMemoryStorage())
        var hosts: [WatcherHost] = []
        var watchers: [Watcher] = []
        for _ in 0..<1_000 {
            let host = WatcherHost()
            host.inject(store)
            host.send(.present)
            host.sheet!.send(.appeared)
            watchers.append(host.sheet!)
            hosts.append(host)
        }
        for host in hosts { host.send(.dismiss) }
        let key = SharedKey<Int>("changeRequestCount", default: 0)
        #expect(store.readersToldOfChanges(to: key) == 1_000)
        hosts[0].send(.bump)
        #expect(store.readersToldOfChanges(to: key) == 0, "dismissed readers are walked at every change")
        for _ in 0..<100 { hosts[0].send(.bump) }
        #expect(watchers.allSatisfy { $0.told == [] })
        hosts[1].send(.link(watchers[1]))
        hosts[0].send(.bump)
        #expect(store.readersToldOfChanges(to: key) == 1)
        #expect(watchers[1].told == [102], "a reader linked again is told again")
    }
}
