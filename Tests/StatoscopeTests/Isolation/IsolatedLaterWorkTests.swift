import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import Testing

/// Keys of the tests of work the library does later for code run in an isolation.
enum LaterWorkKeys {
    static let saved = SharedKey<Int>.persisted("laterWorkSaved", default: 0)
    static let count = SharedKey<Int>("laterWorkCount", default: 0)
}

/// A scope whose update changes a persisted value, whose effects send or write, and whose analytics
/// events a sink answers.
@MainActor
final class LaterWorker: Scope {
    @Shared(LaterWorkKeys.saved) var saved: Int
    @Shared(LaterWorkKeys.count) var count: Int
    /// Whether the deinit writes the shared value.
    var writesWhenReleased = false

    enum When: Codable, Sendable, TrackedWhen {
        case save(Int)
        case sendFromEffect
        case writeFromEffect
        case told
        case done
    }

    func update(_ when: When) throws {
        switch when {
        case .save(let value): saved = value
        case .sendFromEffect:
            effectsState.enqueue(
                AnyEffect { @MainActor [weak self] in self?.send(.told) }.map { When.done })
        case .writeFromEffect:
            effectsState.enqueue(AnyEffect { @MainActor [weak self] in self?.count = 77 }.map { When.done })
        case .told, .done: break
        }
    }

    deinit {
        // Released by the test's own code, on the main actor: run inline, with the test's task-local
        // values (an `isolated deinit` runs with none).
        MainActor.assumeIsolated {
            if writesWhenReleased { count = 99 }
        }
    }
}

/// A run of `withIsolatedInstruments` kept open while the test runs code in it, with an error handler
/// and an app-wide middleware of its own.
@MainActor
final class OpenIsolation {
    @MainActor
    private final class Received {
        var reports: [ErrorReport] = []
        var events: [(scope: AnyObject, when: String)] = []
    }

    private let commands: AsyncStream<@MainActor @Sendable () -> Void>.Continuation
    private let run: Task<Void, Never>
    private let received = Received()

    init() {
        let (stream, commands) = AsyncStream.makeStream(of: (@MainActor @Sendable () -> Void).self)
        self.commands = commands
        let received = received
        // Detached: a run of its own, not one nested in the isolation the test may run in.
        run = Task.detached { await Self.serve(stream, into: received) }
    }

    /// Runs the commands of `stream` in an isolation of their own, whose handler and middleware keep
    /// what they receive in `received`, until the stream ends.
    private static func serve(
        _ stream: AsyncStream<@MainActor @Sendable () -> Void>, into received: Received
    ) async {
        await withIsolatedInstruments {
            let handler = ErrorReporting.addHandler { received.reports.append($0) }
            let middleware = Middleware.addAppWide { event, next in
                received.events.append((event.scope, "\(event.when)"))
                try next(event)
            }
            for await command in stream { command() }
            withExtendedLifetime((handler, middleware)) {}
        }
    }

    /// Runs `body` inside the isolation, and returns what it returns.
    @discardableResult
    func perform<Result: Sendable>(_ body: @escaping @MainActor @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
            commands.yield { done.resume(returning: body()) }
        }
    }

    /// The reports its handler received about failed saves to `location`.
    func notSaved(at location: String) -> [SharedValueNotSaved] {
        received.reports.compactMap { $0.error as? SharedValueNotSaved }.filter { $0.location == location }
    }

    /// The reports its handler received.
    var reports: [ErrorReport] { received.reports }

    /// The reports its handler received about `scope`.
    func reports(of scope: AnyObject) -> [ErrorReport] {
        received.reports.filter { $0.scopeID == ObjectIdentifier(scope) }
    }

    /// The events its middleware saw sent to `scope`.
    func events(to scope: AnyObject) -> [String] {
        received.events.filter { $0.scope === scope }.map(\.when)
    }

    /// Ends the isolation.
    func close() async {
        commands.finish()
        await run.value
    }
}

/// A storage whose first save succeeds and every later one fails; each one's location is its own,
/// so that a test finds its reports among those of the tests running beside it.
final class FailingAfterFirstSave: SharedStorage, @unchecked Sendable {
    // Sound: every access to `saves` holds `lock`.
    private let lock = NSLock()
    private var saves = 0
    private let id = UUID()

    func load(_ name: String) -> Data? { nil }
    func save(_ data: Data, as name: String) throws {
        let count = lock.withLock {
            saves += 1
            return saves
        }
        if count > 1 { throw FailingStorage.DiskFull() }
    }
    func keepAside(_ name: String) -> String { "nowhere" }
    func location(of name: String) -> String { "after-first-\(id):\(name)" }
    var saveCount: Int { lock.withLock { saves } }
}

/// Collects the reports of an error handler installed outside any isolation, as an app's own is.
@MainActor
final class AppWideReports {
    private(set) var all: [ErrorReport] = []
    private var registration: InstrumentRegistration?

    static func install() async -> AppWideReports {
        await Task.detached { @MainActor in
            let reports = AppWideReports()
            reports.registration = ErrorReporting.addHandler { [weak reports] in reports?.all.append($0) }
            return reports
        }.value
    }

    func notSaved(at location: String) -> [SharedValueNotSaved] {
        all.compactMap { $0.error as? SharedValueNotSaved }.filter { $0.location == location }
    }

    func reports(of scope: AnyObject) -> [ErrorReport] {
        all.filter { $0.scopeID == ObjectIdentifier(scope) }
    }
}

/// Work the library does later, for code that ran in an isolation of instruments, happens in that
/// isolation: a store's save, an effect's task, an analytics sink.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct IsolatedLaterWorkTests {
    @Test func aFailedSaveIsReportedOnceToEachIsolationWhoseChangeItCarries() async {
        let storage = FailingAfterFirstSave()
        // A window long enough that the second and third changes wait for `flush()`, saved together.
        let store = SharedStore(storage: storage, writeDelay: .seconds(3_600))
        let appWide = await AppWideReports.install()
        let first = OpenIsolation()
        let second = OpenIsolation()
        let bystander = OpenIsolation()
        let one = LaterWorker()
        let two = LaterWorker()
        one.inject(store)
        two.inject(store)
        // Saved at once, and the save succeeds.
        await first.perform { one.send(.save(1)) }
        await second.perform { two.send(.save(2)) }
        await first.perform { one.send(.save(3)) }
        await bystander.perform {}
        await store.flush()
        #expect(storage.saveCount == 2)
        let location = storage.location(of: LaterWorkKeys.saved.name)
        #expect(appWide.notSaved(at: location).count == 1, "the failed save was reported more than once")
        #expect(
            first.notSaved(at: location).count == 1,
            "the first test's own handler did not see the failed save")
        #expect(
            second.notSaved(at: location).count == 1,
            "the second test's own handler did not see the failed save")
        #expect(bystander.notSaved(at: location).isEmpty, "a test that changed nothing saw the failed save")
        for isolation in [first, second, bystander] { await isolation.close() }
    }

    @Test func aFailedSaveOfAChangeMadeInAnIsolationThatEndedReachesTheAppWideHandlers() async {
        let storage = FailingAfterFirstSave()
        let store = SharedStore(storage: storage, writeDelay: .seconds(3_600))
        let appWide = await AppWideReports.install()
        let isolation = OpenIsolation()
        let worker = LaterWorker()
        worker.inject(store)
        await isolation.perform {
            worker.send(.save(1))
            worker.send(.save(2))
        }
        await isolation.close()
        await store.flush()
        let location = storage.location(of: LaterWorkKeys.saved.name)
        #expect(appWide.notSaved(at: location).count == 1)
        #expect(isolation.notSaved(at: location).isEmpty, "a handler ran after its isolation ended")
    }

    @Test func anEventAnEffectSendsFromItsTaskIsSeenInTheIsolationThatStartedIt() async {
        let isolation = OpenIsolation()
        let worker = LaterWorker()
        await isolation.perform { worker.send(.sendFromEffect) }
        #expect(await worker.effectsState.settlesWithinTestPatience())
        #expect(isolation.events(to: worker) == ["sendFromEffect", "told", "done"])
        await isolation.close()
    }

    @Test func aWriteAnEffectMakesFromItsTaskIsRefusedInTheIsolationThatStartedIt() async {
        let appWide = await AppWideReports.install()
        let isolation = OpenIsolation()
        let bystander = OpenIsolation()
        let worker = LaterWorker()
        worker.inject(SharedStore(storage: InMemoryStorage()))
        await isolation.perform { worker.send(.writeFromEffect) }
        #expect(await worker.effectsState.settlesWithinTestPatience())
        #expect(worker.count == 0)
        let refused = appWide.reports(of: worker).filter { $0.error is SharedValueWriteRefused }
        #expect(refused.count == 1)
        #expect(isolation.reports(of: worker).filter { $0.error is SharedValueWriteRefused }.count == 1)
        #expect(bystander.reports(of: worker).isEmpty)
        for open in [isolation, bystander] { await open.close() }
    }

    @Test func aWriteFromAnAnalyticsSinkIsRefusedInTheIsolationItsEventWasAcceptedIn() async {
        let appWide = await AppWideReports.install()
        let isolation = OpenIsolation()
        let bystander = OpenIsolation()
        let worker = LaterWorker()
        worker.inject(SharedStore(storage: InMemoryStorage()))
        let tried = CriticalState(false)
        let sink = await isolation.perform {
            Analytics.install { _ in
                Task { @MainActor in
                    worker.count = 99
                    tried.withLock { $0 = true }
                }
            }
        }
        await isolation.perform { worker.send(.told) }
        await Analytics.waitUntilDelivered()
        var patience = TestPatience()
        while !tried.withLock({ $0 }), await patience.pause() {}
        sink.remove()
        #expect(worker.count == 0)
        #expect(appWide.reports(of: worker).filter { $0.error is SharedValueWriteRefused }.count == 1)
        #expect(isolation.reports(of: worker).filter { $0.error is SharedValueWriteRefused }.count == 1)
        #expect(bystander.reports(of: worker).isEmpty)
        for open in [isolation, bystander] { await open.close() }
    }

    @Test func aWriteFromADeinitIsRefusedInTheIsolationThatReleasedTheScope() async {
        let isolation = OpenIsolation()
        let store = SharedStore(storage: InMemoryStorage())
        let witness = LaterWorker()
        witness.inject(store)
        await isolation.perform {
            var released: LaterWorker? = LaterWorker()
            released?.inject(store)
            _ = released?.count
            released?.writesWhenReleased = true
            released = nil
        }
        #expect(witness.count == 0)
        #expect(
            isolation.reports.filter { $0.error is SharedValueWriteRefused }.count == 1,
            "the test's own handler did not see the refusal of its scope's deinit")
        await isolation.close()
    }

}
