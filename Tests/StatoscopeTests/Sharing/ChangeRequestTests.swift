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
}
