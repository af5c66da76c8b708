// Replays beside a live app whose tree reads every kind of shared value: in memory, persisted to a
// file, held by a sandboxed subtree's store, and the process's own store.

import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTesting
import Testing

struct AdvSettings: Codable, Sendable, Equatable {
    var fontSize = 14
    var name = ""
}

enum ReplayKeys {
    static var settings: SharedKey<AdvSettings> { .persisted("adv-replay-settings", default: AdvSettings()) }
    static var unread: SharedKey<Int> { SharedKey("adv-replay-unread", default: 0) }
    static var processSettings: SharedKey<AdvSettings> {
        .persisted("adv-process-settings", default: AdvSettings())
    }
    static var processUnread: SharedKey<Int> { SharedKey("adv-process-unread", default: 0) }
}

@MainActor
final class ReplayBadge: Scope {
    @Shared(ReplayKeys.unread) var unread: Int
    var told: [Int] = []

    enum When: Codable, Sendable {
        case appeared
        case unreadChanged(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared: receiveChanges(of: ReplayKeys.unread, as: When.unreadChanged)
        case .unreadChanged(let count): told.append(count)
        }
    }
}

@MainActor
final class ReplayApp: Scope {
    @Shared(ReplayKeys.settings) var settings: AdvSettings
    @Shared(ReplayKeys.unread) var unread: Int
    @Subscope var badge = ReplayBadge()

    enum When: Codable, Sendable {
        case bump
        case rename(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .bump:
            settings.fontSize += 1
            unread += 1
        case .rename(let name):
            settings.name = name
        }
    }
}

@MainActor
final class ReplayPanel: Scope {
    @Shared(ReplayKeys.settings) var settings: AdvSettings

    enum When: Codable, Sendable { case bump }

    func update(_ when: When) throws {
        settings.fontSize += 1
    }
}

/// An app whose panel reads a store of its own, injected by the app's initializer.
@MainActor
final class ReplaySandboxApp: Scope {
    @Subscope var panel = ReplayPanel()

    init(panelStore: SharedStore? = nil) {
        if let panelStore { panel.inject(panelStore) }
    }

    enum When: Codable, Sendable { case noop }

    func update(_ when: When) throws {}
}

/// An app on the process's own store (nothing injected).
@MainActor
final class ProcessStoreApp: Scope {
    @Shared(ReplayKeys.processSettings) var settings: AdvSettings
    @Shared(ReplayKeys.processUnread) var unread: Int
    var toldUnread: [Int] = []

    enum When: Codable, Sendable {
        case bump
        case listen
        case unreadChanged(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .bump:
            settings.fontSize += 1
            unread += 1
        case .listen:
            receiveChanges(of: ReplayKeys.processUnread, as: When.unreadChanged)
        case .unreadChanged(let count):
            toldUnread.append(count)
        }
    }
}

/// A scope whose update replays a recording.
@MainActor
final class ReplayFromInsideAnUpdate: Scope {
    var failure: String?
    var replayedUnread: Int?
    let sessionURL: URL

    init(sessionURL: URL) {
        self.sessionURL = sessionURL
    }

    enum When: Sendable { case replayNow }

    func update(_ when: When) throws {
        do {
            let replayed = try Recording(contentsOf: sessionURL).reproduce { ProcessStoreApp() }
            replayedUnread = replayed.unread
        } catch {
            failure = "\(error)"
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct ReplayIsolationTests {
    /// A live app on a file store: five changes before the session, two in it, one after.
    private func liveSession(
        _ label: String
    ) throws -> (
        app: ReplayApp, store: SharedStore, folder: URL, session: URL, observed: MainBox<Int>,
        observation: ScopeObservation
    ) {
        let folder = try makeTemporaryFolder("\(label)-store")
        let session = try makeTemporaryFolder("\(label)-session").appendingPathComponent("session.jsonl")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let live = ReplayApp()
        live.inject(store)
        live.badge.send(.appeared)
        for _ in 0..<5 { live.send(.bump) }
        let observed = MainBox<Int>()
        let observation = live.observe { app in observed.append(app.settings.fontSize) }
        let recorder = try Recorder(recording: live, toFile: session)
        live.send(.bump)
        live.send(.bump)
        live.send(.rename("session"))
        recorder.stop()
        live.send(.rename("after the session"))
        return (live, store, folder, session, observed, observation)
    }

    // Guarantees, "Views, logs and recordings": "A replay shares nothing with the live app: the tree that
    // Recording/reproduce(_:), Replay, a test plan's source or the inspector's page replays into reads its
    // shared values from a store of its own, in memory, starting from each key's default, so the live
    // values, their readers and their saved files are untouched".
    @Test func aReproductionBesideALiveAppLeavesItsValuesReadersObserversAndFileAlone() async throws {
        let live = try liveSession("reproduce")
        await live.store.flush()
        let file = live.folder.appendingPathComponent("adv-replay-settings.json")
        let savedBefore = try Data(contentsOf: file)
        let folderBefore = contentsOfFolder(live.folder)
        let toldBefore = live.app.badge.told
        let reports = ReportBox()

        let replayed = try Recording(contentsOf: live.session).reproduce { ReplayApp() }

        #expect(
            replayed.settings == AdvSettings(fontSize: 16, name: "session"),
            "the session's values, from the default")
        #expect(replayed.unread == 2)
        #expect(live.app.settings == AdvSettings(fontSize: 21, name: "after the session"))
        #expect(live.app.unread == 7)
        #expect(live.store.value(of: ReplayKeys.settings).fontSize == 21)
        #expect(live.app.badge.told == toldBefore, "a live reader was told of a replay's change")
        #expect(
            live.observed.items.allSatisfy { $0 >= 19 },
            "a live observer saw a replay's value: \(live.observed.items)")
        await live.store.flush()
        #expect(try Data(contentsOf: file) == savedBefore)
        #expect(contentsOfFolder(live.folder) == folderBefore)
        #expect(reports.all.isEmpty, "\(reports.descriptions)")
        live.observation.cancel()
    }

    // Inspecting a running app, "What the page shows": "the fresh tree reads them from a store of its
    // own, in memory, whatever store the app or `replayingInto` gives it." Guarantees, "Views, logs and
    // recordings": the tree that Recording/reproduce(_:) replays into "reads its shared values from a
    // store of its own ... so the live values, their readers and their saved files are untouched".
    @Test func aReproductionWhoseBuilderInjectsTheLiveStoreAtTheRootStillLeavesItAlone() async throws {
        let live = try liveSession("root-inject")
        await live.store.flush()
        let file = live.folder.appendingPathComponent("adv-replay-settings.json")
        let savedBefore = try Data(contentsOf: file)
        let toldBefore = live.app.badge.told
        let store = live.store

        let replayed = try Recording(contentsOf: live.session).reproduce {
            let app = ReplayApp()
            app.inject(store)
            return app
        }

        #expect(replayed.settings == AdvSettings(fontSize: 16, name: "session"))
        #expect(live.app.settings == AdvSettings(fontSize: 21, name: "after the session"))
        #expect(store.value(of: ReplayKeys.unread) == 7)
        #expect(live.app.badge.told == toldBefore)
        await store.flush()
        #expect(try Data(contentsOf: file) == savedBefore)
        live.observation.cancel()
    }

    // Inspecting a running app, "What the page shows": "whatever store the app or `replayingInto` gives
    // it"; Guarantees: "so the live values, their readers and their saved files are untouched". Here the
    // app itself gives a subtree its store, below the root, where a root-level override would not reach.
    @Test func aReproductionOfAnAppThatGivesASubtreeItsOwnStoreLeavesThatStoreAlone() async throws {
        let folder = try makeTemporaryFolder("sandbox-store")
        let session = try makeTemporaryFolder("sandbox-session").appendingPathComponent("s.jsonl")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let live = ReplaySandboxApp(panelStore: store)
        for _ in 0..<3 { live.panel.send(.bump) }
        let recorder = try Recorder(recording: live, toFile: session)
        live.panel.send(.bump)
        live.panel.send(.bump)
        recorder.stop()
        live.panel.send(.bump)
        await store.flush()
        let file = folder.appendingPathComponent("adv-replay-settings.json")
        let savedBefore = try Data(contentsOf: file)

        let replayed = try Recording(contentsOf: session).reproduce { ReplaySandboxApp(panelStore: store) }

        #expect(replayed.panel.settings.fontSize == 16, "the session's two bumps from the default")
        #expect(live.panel.settings.fontSize == 20)
        #expect(store.value(of: ReplayKeys.settings).fontSize == 20)
        await store.flush()
        #expect(try Data(contentsOf: file) == savedBefore)
    }

    // Guarantees, "Views, logs and recordings": the tree that "Replay ... replays into reads its shared
    // values from a store of its own". Stepping a replay while the live app keeps changing the same key.
    @Test func aReplaySteppedBetweenLiveChangesAndTheLiveAppNeverSeeEachOthersValues() async throws {
        let folder = try makeTemporaryFolder("step-store")
        let session = try makeTemporaryFolder("step-session").appendingPathComponent("s.jsonl")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let live = ReplaySandboxApp(panelStore: store)
        let recorder = try Recorder(recording: live, toFile: session)
        live.panel.send(.bump)
        live.panel.send(.bump)
        recorder.stop()

        let replay = try Replay(try Recording(contentsOf: session), into: ReplaySandboxApp(panelStore: store))
        try replay.step()
        live.panel.send(.bump)
        #expect(replay.root.panel.settings.fontSize == 15)
        #expect(live.panel.settings.fontSize == 17)
        try replay.step()
        live.panel.send(.bump)
        let afterTheLast = try replay.step()
        #expect(afterTheLast == nil)
        #expect(replay.root.panel.settings.fontSize == 16)
        #expect(live.panel.settings.fontSize == 18)
        #expect(store.value(of: ReplayKeys.settings).fontSize == 18)
    }

    // Guarantees, "Views, logs and recordings": "the tree that ... a test plan's source ... replays into
    // reads its shared values from a store of its own ... so the live values, their readers and their saved
    // files are untouched".
    @Test func writingATestPlanFromARecordingLeavesTheLiveStoreAndItsReadersAlone() async throws {
        let live = try liveSession("plan-source")
        await live.store.flush()
        let file = live.folder.appendingPathComponent("adv-replay-settings.json")
        let savedBefore = try Data(contentsOf: file)
        let toldBefore = live.app.badge.told
        let store = live.store

        let source = try TestPlanSource(recording: try Recording(contentsOf: live.session)) {
            let app = ReplayApp()
            app.inject(store)
            return app
        }
        .swiftSource(testName: "replayedSession", checks: .afterEachStep)

        #expect(source.contains("replayedSession"))
        #expect(live.app.settings == AdvSettings(fontSize: 21, name: "after the session"))
        #expect(store.value(of: ReplayKeys.unread) == 7)
        #expect(live.app.badge.told == toldBefore)
        #expect(live.observed.items.allSatisfy { $0 >= 19 }, "\(live.observed.items)")
        await store.flush()
        #expect(try Data(contentsOf: file) == savedBefore)
        live.observation.cancel()
    }

    // Guarantees, "Views, logs and recordings": a replay reads "from a store of its own ... so the live
    // values, their readers ... are untouched" (`reproducingARecordingBesideALiveTreeLeavesTheProcessStore
    // AndItsReadersAlone`); Sharing and persisting state, "Which store a subtree uses": "in a test process
    // that links StatoscopeTesting, keeps values in memory".
    @Test func aReproductionBesideALiveAppOnTheProcessStoreLeavesThatStoreAndItsReadersAlone() throws {
        let live = ProcessStoreApp()
        live.send(.listen)
        let before = live.unread
        let beforeFont = live.settings.fontSize
        let session = try makeTemporaryFolder("process-session").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: session)
        live.send(.bump)
        live.send(.bump)
        recorder.stop()
        let toldBefore = live.toldUnread

        let replayed = try Recording(contentsOf: session).reproduce { ProcessStoreApp() }

        #expect(replayed.unread == 2, "the replay starts from the key's default")
        #expect(replayed.settings.fontSize == 16)
        #expect(live.unread == before + 2)
        #expect(live.settings.fontSize == beforeFont + 2)
        #expect(live.toldUnread == toldBefore)
        let anotherLiveReader = ProcessStoreApp()
        #expect(anotherLiveReader.unread == before + 2, "the process store still holds the live value")
        let standardFile = JSONFileStorage.standardDirectory.appendingPathComponent(
            "adv-process-settings.json")
        #expect(!FileManager.default.fileExists(atPath: standardFile.path), "a test process touched the disk")
    }

    // Recording and replay, "What a recording keeps"/"Record": a recording's lines are the events "sent to
    // a scope of the tree"; a replay is another tree, so a live recorder and flight recorder see none of it.
    @Test func aReplayBesideALiveRecorderAndFlightRecorderAddsNothingToThem() throws {
        let live = ProcessStoreApp()
        let session = try makeTemporaryFolder("recorders").appendingPathComponent("s.jsonl")
        let first = try Recorder(recording: live, toFile: session)
        live.send(.bump)
        first.stop()
        let liveLines = MainBox<String>()
        let recorder = Recorder(recording: live) { line in liveLines.append(line) }
        let flight = FlightRecorder(recording: live, keepingLast: 100)
        live.send(.bump)
        let recorded = recorder.recordedEventCount
        let kept = flight.keptCount
        let lines = liveLines.items.count

        _ = try Recording(contentsOf: session).reproduce { ProcessStoreApp() }

        #expect(recorder.recordedEventCount == recorded)
        #expect(flight.keptCount == kept)
        #expect(liveLines.items.count == lines)
        recorder.stop()
        flight.stop()
    }

    // Guarantees, "Shared and persisted values": "Plans never share values: not between lines, FORK
    // branches, nor plans running in parallel; and tests touch no disk unless they ask to"; a REPLAY
    // step beside a live app on the process store.
    @Test func aPlansReplayBesideALiveAppOnTheProcessStoreLeavesItAlone() throws {
        let live = ProcessStoreApp()
        live.send(.listen)
        let session = try makeTemporaryFolder("plan-replay").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: session)
        live.send(.bump)
        live.send(.bump)
        live.send(.bump)
        recorder.stop()
        let liveUnread = live.unread
        let toldBefore = live.toldUnread
        let recording = try Recording(contentsOf: session)

        try ProcessStoreApp.GIVEN { ProcessStoreApp() }
            .REPLAY(recording)
            .THEN_Shared(ReplayKeys.processUnread, equals: 3)
            .FORK(.bump) { branch in
                try branch.THEN_Shared(ReplayKeys.processUnread, equals: 4)
            }
            .THEN_Shared(ReplayKeys.processUnread, equals: 3)
            .runTest()

        #expect(live.unread == liveUnread)
        #expect(live.toldUnread == toldBefore)
    }

    // CHANGELOG, 0.1.0: "A recorder's output may send events, and replaying from inside an update is
    // refused with a clear error."
    @Test func reproducingFromInsideAnUpdateIsRefusedWithAClearError() throws {
        let live = ProcessStoreApp()
        let session = try makeTemporaryFolder("inside-update").appendingPathComponent("s.jsonl")
        let recorder = try Recorder(recording: live, toFile: session)
        live.send(.bump)
        recorder.stop()
        let replayer = ReplayFromInsideAnUpdate(sessionURL: session)
        replayer.send(.replayNow)
        #expect(
            replayer.failure != nil,
            "the replay ran inside an update: \(String(describing: replayer.replayedUnread))")
        if let failure = replayer.failure {
            #expect(failure.localizedCaseInsensitiveContains("update"), "not clear: \(failure)")
        }
    }

    // Recording and replay, "Keep a flight recording": "While it still holds every event since it started,
    // it replays into a new tree to the same state"; Guarantees: a replay "reads its shared values from a
    // store of its own ... so the live values, their readers and their saved files are untouched".
    @Test func aFlightRecordingReplaysToTheLiveStateAndLeavesTheLiveStoreAlone() async throws {
        let folder = try makeTemporaryFolder("flight-store")
        let store = SharedStore(storage: JSONFileStorage(directory: folder))
        let live = ReplayApp()
        live.inject(store)
        let flight = FlightRecorder(recording: live, keepingLast: 100)
        live.badge.send(.appeared)
        live.send(.bump)
        live.send(.bump)
        live.send(.rename("flight"))
        await store.flush()
        let file = folder.appendingPathComponent("adv-replay-settings.json")
        let savedBefore = try Data(contentsOf: file)
        let toldBefore = live.badge.told

        let replayed = try Recording(jsonLines: flight.jsonLines()).reproduce {
            let app = ReplayApp()
            app.inject(store)
            return app
        }

        #expect(replayed.settings == AdvSettings(fontSize: 16, name: "flight"))
        #expect(replayed.unread == 2)
        #expect(replayed.badge.told == [1, 2])
        #expect(live.settings == AdvSettings(fontSize: 16, name: "flight"))
        #expect(live.badge.told == toldBefore)
        await store.flush()
        #expect(try Data(contentsOf: file) == savedBefore)
        flight.stop()
    }
}
