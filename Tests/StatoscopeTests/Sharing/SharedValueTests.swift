import Foundation
import Observation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// Shared values read by many scopes, changed only in updates.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct SharedValueTests {
    /// A parent and its children, sharing values of a store of their own.
    private func sharingTree() -> SharingParent {
        let parent = SharingParent()
        parent.inject(SharedStore(storage: InMemoryStorage()))
        return parent
    }

    @Test func everyReaderSeesAChangeWhenTheSendThatMadeItReturns() {
        let parent = sharingTree()
        parent.send(.received)
        #expect(parent.unread == 1)
        #expect(parent.left.unread == 1)
        #expect(parent.right.unread == 1)
        parent.right.send(.opened)
        #expect(parent.unread == 0)
        #expect(parent.left.unread == 0)
    }

    @Test func aWriteOutsideAnUpdateIsRefusedAndReportedWithTheKey() {
        let parent = sharingTree()
        let reports = ErrorReportCollector(for: parent.left)
        parent.left.unread = 5
        #expect(parent.left.unread == 0)
        #expect(parent.unread == 0)
        #expect(reports.reports.count == 1)
        #expect(
            reports.reports.first?.description
                == "SharingParent.left: the shared value \"unread\" in SharedStore(InMemoryStorage) was written "
                + "outside an update and kept its value: change it in update(_:), in answer to an event")
        #expect(reports.reports.first?.error is SharedValueWriteRefused)
    }

    @Test func aScopeThatAsksIsToldOfEachChangeAsItsOwnEvent() {
        let parent = sharingTree()
        parent.left.send(.wantsChanges)
        parent.send(.received)
        #expect(parent.left.toldUnread == [1], "told before the send that made the change returned")
        parent.right.send(.opened)
        parent.send(.received)
        #expect(parent.left.toldUnread == [1, 0, 1])
        #expect(parent.right.toldUnread == [], "a scope that did not ask is not told")
        parent.left.send(.wantsChanges)
        parent.send(.received)
        #expect(parent.left.toldUnread == [1, 0, 1, 2], "asking again replaces the request")
    }

    @Test func aValueOwnedByAScopeIsHandedToItsChildren() {
        let parent = sharingTree()
        parent.send(.drafted("Hello"))
        #expect(parent.left.draft == "Hello")
        parent.right.send(.appendToDraft(", world"))
        #expect(parent.draft == "Hello, world")
        #expect(parent.left.draft == "Hello, world")
        parent.send(.openLate)
        #expect(parent.late?.draft == "Hello, world", "a child linked later gets it through $draft")
    }

    @Test func aSandboxedSubtreeWithAStoreOfItsOwnSharesApart() {
        let parent = sharingTree()
        parent.right.inject(SharedStore(storage: InMemoryStorage()))
        parent.send(.received)
        #expect(parent.left.unread == 1)
        #expect(parent.right.unread == 0)
    }

    @Test func reproducingARecordingBesideALiveTreeLeavesTheProcessStoreAndItsReadersAlone() async throws {
        let store = SharedStore.defaultValue
        let storage = try #require(store.storage as? InMemoryStorage)
        let live = LiveNotebook()
        live.send(.watch)
        var text = ""
        let recorder = Recorder(recording: live) { text += $0 }
        live.send(.turnTo(7))
        recorder.stop()
        live.send(.turnTo(9))
        await store.flush()
        let writes = storage.writeCount(of: LiveNotebook.pageKey.name)
        let saved = storage.load(LiveNotebook.pageKey.name)

        let replayed = try Recording(jsonLines: text).reproduce { LiveNotebook() }
        #expect(replayed.page == 7, "the replay shows the session's value")
        #expect(live.page == 9)
        #expect(store.value(of: LiveNotebook.pageKey) == 9)
        // A scope is not told of its own writes: only the replay's, had it reached the live store.
        #expect(live.told.isEmpty, "the replay told the live notebook of its change")
        await store.flush()
        #expect(storage.writeCount(of: LiveNotebook.pageKey.name) == writes, "the replay saved its value")
        #expect(storage.load(LiveNotebook.pageKey.name) == saved)
    }

    @Test func aViewReadingASharedValueRefreshesOncePerChange() {
        let parent = sharingTree()
        var refreshes = 0
        func track() {
            withObservationTracking {
                _ = parent.left.unread
            } onChange: {
                MainActor.assumeIsolated { refreshes += 1 }
            }
        }
        track()
        parent.send(.themeChosen("dark"))
        #expect(refreshes == 0, "another key's change leaves the view alone")
        parent.send(.received)
        #expect(refreshes == 1)
        track()
        parent.right.send(.opened)
        #expect(refreshes == 2)
    }

    @Test func anObservableScopesSharedValueRefreshesItsViewOncePerChange() {
        let badge = ObservableUnreadBadge()
        badge.inject(SharedStore(storage: InMemoryStorage()))
        var refreshes = 0
        withObservationTracking {
            _ = badge.unread
        } onChange: {
            MainActor.assumeIsolated { refreshes += 1 }
        }
        badge.send(.received)
        #expect(refreshes == 1)
        #expect(badge.unread == 1)
    }

    @Test func aChildNotReadYetIsDescribedWithTheValueItWillRead() {
        let parent = sharingTree()
        parent.send(.received)
        // `left` and `right`, made with the parent and never read, read the parent's store once linked.
        let lines = parent.subtreeDescription.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(lines.filter { $0 == "unread = 1" }.count == 3, "\(parent.subtreeDescription)")
    }

    @Test(.isolatedInstruments) func stateDiffsAndDescriptionsShowTheValueLikeAStoredProperty() {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
        defer { EventLogging.disable() }
        let parent = sharingTree()
        parent.send(.received)
        parent.send(.themeChosen("dark"))
        let changes = log.lines.filter { $0.hasPrefix("info SharingParent changed") }
        #expect(
            changes == [
                "info SharingParent changed unread: 0 -> 1",
                "info SharingParent changed theme: \"light\" -> \"dark\"",
            ])
        #expect(parent.subtreeDescription.contains("unread = 1"), "\(parent.subtreeDescription)")
        #expect(parent.subtreeDescription.contains("injects SharedStore = SharedStore(InMemoryStorage)"))
    }
}
