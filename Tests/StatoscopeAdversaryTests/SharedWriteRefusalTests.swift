// Writes to shared values from everywhere that is not an update, and what the refusal says.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

enum WriteKeys {
    static var count: SharedKey<Int> { SharedKey("adv-write-count", default: 0) }
    static var saved: SharedKey<Int> { .persisted("adv-write-saved", default: 0) }
    static var ball: SharedKey<Int> { SharedKey("adv-ball", default: 0) }
}

@MainActor
final class WriteChild: Scope {
    @Shared var draft: String

    init(draft: Shared<String>) {
        _draft = draft
    }

    enum When: Sendable { case typed(String) }

    func update(_ when: When) throws {
        switch when {
        case .typed(let text): draft = text
        }
    }
}

@MainActor
final class WriteTarget: Scope {
    @Shared(WriteKeys.count) var count: Int
    @Shared(WriteKeys.saved) var saved: Int
    @Shared var draft: String
    @Subscope var child: WriteChild
    var delivered: Int?

    init() {
        let draft = Shared(value: "")
        _draft = draft
        child = WriteChild(draft: draft)
    }

    enum When: Codable, Sendable, TrackedWhen {
        case bump
        case fail
        case startSneakyEffect
        case done(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .bump:
            count += 1
        case .fail:
            throw AdvRejected(code: 3)
        case .startSneakyEffect:
            effectsState.enqueue(
                AnyEffect { [weak self] in
                    await MainActor.run { self?.count = 77 }
                    return 1
                }.map(When.done))
        case .done(let value):
            delivered = value
        }
    }
}

@MainActor
final class DeinitWriter: Scope {
    @Shared(WriteKeys.count) var count: Int

    enum When: Sendable { case noop }

    func update(_ when: When) throws {}

    isolated deinit {
        count = 99
    }
}

@MainActor
final class PingPong: Scope {
    @Shared(WriteKeys.ball) var ball: Int
    let limit: Int
    var told = 0

    init(limit: Int) {
        self.limit = limit
    }

    enum When: Sendable {
        case listen
        case serve
        case changed(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .listen: receiveChanges(of: WriteKeys.ball, as: When.changed)
        case .serve: ball += 1
        case .changed(let value):
            told += 1
            if value < limit { ball = value + 1 }
        }
    }
}

@Suite(.isolatedInstruments)
@MainActor
struct SharedWriteRefusalTests {
    private func makeTarget() -> (WriteTarget, InMemoryStorage) {
        let storage = InMemoryStorage()
        let target = WriteTarget()
        target.inject(SharedStore(storage: storage))
        return (target, storage)
    }

    /// The refusals reported, each checked for the key and the writer's path.
    private func expectRefused(
        _ reports: ReportBox, of scope: AnyObject? = nil, key: String, path: String, count: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let refused = (scope.map { reports.reports(of: $0) } ?? reports.all).filter {
            $0.error is SharedValueWriteRefused
        }
        #expect(refused.count == count, "refusals: \(reports.descriptions)", sourceLocation: sourceLocation)
        for report in refused {
            let refusal = report.error as! SharedValueWriteRefused
            #expect(refusal.key == key, sourceLocation: sourceLocation)
            #expect(
                refusal.description.contains(key), "the refusal does not name the key: \(refusal)",
                sourceLocation: sourceLocation)
            #expect(
                report.scopePath == path || refusal.description.contains(path)
                    || report.description.contains(path),
                "the refusal does not name the writer's path \(path): \(report)",
                sourceLocation: sourceLocation)
        }
    }

    // Sharing and persisting state, "Reading and changing a shared value": "A write made anywhere else (a
    // view's closure, an effect's task) is refused, the value is kept, and ErrorReporting receives a
    // SharedValueWriteRefused naming the key and the path of the scope that tried."
    @Test func aWriteFromTheTestItselfIsRefusedNamingKeyAndPathAndNeitherToldNorSaved() async {
        let (target, storage) = makeTarget()
        let reports = ReportBox()
        _ = target.saved
        target.saved = 5
        #expect(target.saved == 0)
        expectRefused(reports, key: "adv-write-saved", path: target.scopePath)
        #expect(storage.writeCount(of: "adv-write-saved") == 0)
    }

    // Sharing and persisting state: "A shared value changes only inside an update, where an event says
    // why ... Because every change is an update's, middleware, event logs and recordings see the event
    // that caused it". A scope's own middleware is not its update.
    @Test(arguments: [true, false])
    func aWriteFromAScopesOwnMiddlewareIsRefused(beforeNext: Bool) {
        let (target, _) = makeTarget()
        let reports = ReportBox()
        let registration = target.addMiddleware { scope, when, next in
            if beforeNext { scope.count = 99 }
            try next(when)
            if !beforeNext { scope.count = 99 }
        }
        target.send(.bump)
        registration.remove()
        #expect(target.count == 1)
        expectRefused(reports, key: "adv-write-count", path: target.scopePath)
    }

    // Sharing and persisting state: "A write made anywhere else ... is refused"; an app-wide middleware.
    @Test func aWriteFromAnAppWideMiddlewareIsRefused() {
        let (target, _) = makeTarget()
        let reports = ReportBox()
        let registration = Middleware.addAppWide { event, next in
            (event.scope as? WriteTarget)?.count = 99
            try next(event)
        }
        target.send(.bump)
        registration.remove()
        #expect(target.count == 1)
        expectRefused(reports, key: "adv-write-count", path: target.scopePath)
    }

    // Sharing and persisting state: "A write made anywhere else ... is refused"; "A refused write made
    // while the error handlers run is logged rather than handed to them, so that a handler never
    // receives its own refusals."
    @Test func aWriteFromAnErrorHandlerIsRefusedAndLoggedNotHandedBack() {
        let (target, _) = makeTarget()
        let lines = LockedBox<String>()
        var handedBack = 0
        withIsolatedInstruments {
            ErrorReporting.logger = capturingLogger(lines)
            let handler = ErrorReporting.addHandler { [weak target] report in
                if report.error is AdvRejected { target?.count = 99 }
                if report.error is SharedValueWriteRefused { handedBack += 1 }
            }
            target.send(.fail)
            handler.remove()
        }
        #expect(target.count == 0)
        #expect(handedBack == 0, "a handler is never handed its own refusal")
        let refusals = lines.items.filter { $0.contains("adv-write-count") && $0.contains("kept its value") }
        #expect(refusals.count == 1, "the refusal is logged: \(lines.items)")
    }

    // Sharing and persisting state: "A write made anywhere else ... is refused"; an analytics sink, which
    // runs off the main actor and hops to it.
    @Test func aWriteFromAnAnalyticsSinkIsRefused() async {
        let (target, _) = makeTarget()
        let reports = await ReportBox.unisolated()
        let tried = MainBox<Int>()
        let analytics = Analytics.install { _ in
            Task { @MainActor in
                target.count = 99
                tried.append(1)
            }
        }
        target.send(.bump)
        await Analytics.waitUntilDelivered()
        _ = await waitUntil("the sink tried its write", within: .seconds(120)) { !tried.items.isEmpty }
        analytics.remove()
        #expect(target.count == 1)
        expectRefused(reports, of: target, key: "adv-write-count", path: target.scopePath)
    }

    // Sharing and persisting state: "A write made anywhere else (a view's closure, ...) is refused"; an
    // `observe` closure is a view's.
    @Test func aWriteFromAnObserveClosureIsRefused() {
        let (target, _) = makeTarget()
        let reports = ReportBox()
        let observation = target.observe { scope in
            if scope.count == 0 { scope.count = 5 }
        }
        #expect(target.count == 0)
        expectRefused(reports, key: "adv-write-count", path: target.scopePath)
        observation.cancel()
    }

    // Sharing and persisting state: "A write made anywhere else (a view's closure, an effect's task) is
    // refused".
    @Test func aWriteFromAnEffectsTaskIsRefusedAndItsResultStillDelivered() async {
        let (target, _) = makeTarget()
        let reports = await ReportBox.unisolated()
        target.send(.startSneakyEffect)
        await target.effectsState.waitUntilSettled()
        #expect(target.delivered == 1)
        #expect(target.count == 0)
        expectRefused(reports, of: target, key: "adv-write-count", path: target.scopePath)
    }

    // Middleware, logging and analytics, "Instruments in tests that run in parallel": "Inside
    // withIsolatedInstruments(_:), the ... error handlers ... it installs see only the events sent from
    // inside, the effects those events started, and the errors reported meanwhile". The refusal of a write
    // made by an effect that an event sent from inside started.
    @Test func anIsolatedHandlerSeesTheRefusalOfAWriteByAnEffectItsEventStarted() async {
        let (target, _) = makeTarget()
        let isolated = ReportBox()
        let everywhere = await ReportBox.unisolated()
        target.send(.startSneakyEffect)
        await target.effectsState.waitUntilSettled()
        let received = everywhere.reports(of: target).filter { $0.error is SharedValueWriteRefused }
        #expect(received.count == 1, "ErrorReporting received \(received.count) refusals")
        #expect(
            isolated.reports(of: target).filter { $0.error is SharedValueWriteRefused }.count
                == received.count,
            "the test's own handler did not see the refusal ErrorReporting received")
    }

    // Sharing and persisting state: "A write made anywhere else ... is refused, the value is kept, and
    // ErrorReporting receives a SharedValueWriteRefused"; Guarantees, "Events": "the deinit of an object
    // of the app's that the library releases (a scope, ...) may send events ..." A scope's deinit writing
    // its shared value must be refused, not crash.
    @Test func aWriteFromAScopesDeinitIsRefusedWithoutCrashing() async {
        let store = SharedStore(storage: InMemoryStorage())
        let witness = WriteTarget()
        witness.inject(store)
        let reports = await ReportBox.unisolated()
        let writer = makeAndDropDeinitWriter(store: store)
        #expect(witness.count == 0)
        let refused = reports.all.filter { $0.scopeID == writer && $0.error is SharedValueWriteRefused }
        #expect(refused.count == 1, "ErrorReporting received \(refused.count) refusals from the deinit")
        #expect((refused.first?.error as? SharedValueWriteRefused)?.key == "adv-write-count")
    }

    private func makeAndDropDeinitWriter(store: SharedStore) -> ObjectIdentifier {
        let writer = DeinitWriter()
        writer.inject(store)
        _ = writer.count
        return ObjectIdentifier(writer)
    }

    // Recording and replay, "Record": "The output receives each line once its event and everything that
    // event caused have run, outside any update"; Sharing: "A write made anywhere else ... is refused".
    @Test func aWriteFromARecordersOutputIsRefused() {
        let (target, _) = makeTarget()
        let reports = ReportBox()
        let recorder = Recorder(recording: target) { [weak target] line in
            if line.contains("bump") { target?.count = 99 }
        }
        target.send(.bump)
        recorder.stop()
        #expect(target.count == 1)
        expectRefused(reports, key: "adv-write-count", path: target.scopePath)
    }

    // Guarantees, "Shared and persisted values": "A shared value changes only in an update. A write
    // anywhere else is refused, the value kept, and the key and the writer's path reported". A value a
    // scope owns with `Shared(value:)` has no key: the refusal must still say what and where.
    @Test func aWriteToAnOwnedValueOutsideAnUpdateIsRefusedAndSaysWhatAndWhere() {
        let (target, _) = makeTarget()
        let reports = ReportBox()
        target.child.send(.typed("by an event"))
        #expect(target.draft == "by an event")
        target.child.draft = "by hand"
        #expect(target.child.draft == "by an event")
        #expect(target.draft == "by an event")
        let refused = reports.all.filter { $0.error is SharedValueWriteRefused }
        #expect(refused.count == 1, "\(reports.descriptions)")
        if let report = refused.first {
            #expect(!report.description.isEmpty)
            #expect(
                report.scopePath == target.child.scopePath
                    || report.description.contains(target.child.scopePath), "\(report)")
        }
    }

    // Sharing and persisting state, "Being told of changes": "The event arrives after the update that made
    // the change returns, before its send does. A scope is not told of its own writes"; Guarantees,
    // "Events": "No update interleaves with another" and "Every event is handled, once, in the order
    // sent". Two readers that answer each other's change 20,000 times in one send.
    @Test func twoReadersAnsweringEachOthersChangesTwentyThousandTimesNeitherOverflowNorLoseAChange() {
        let store = SharedStore(storage: InMemoryStorage())
        let first = PingPong(limit: 20_000)
        let second = PingPong(limit: 20_000)
        first.inject(store)
        second.inject(store)
        first.send(.listen)
        second.send(.listen)
        first.send(.serve)
        #expect(first.ball == 20_000)
        #expect(second.ball == 20_000)
        #expect(first.told + second.told == 20_000)
    }
}
