import Dispatch
import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A dependency whose live value says so.
struct Cellar: Injectable, Equatable {
    var label: String
    static var defaultValue: Cellar { Cellar(label: "live") }
}

/// A dependency that is a protocol, with no value of its own.
protocol Doorbell: Sendable {
    var tone: String { get }
}

/// A callback kept by one piece of code and called later by another, as a delegate keeps it.
final class StoredCallback: Sendable {
    let call: @Sendable () -> String

    init(_ call: @escaping @Sendable () -> String) {
        self.call = call
    }
}

/// Reads its dependency from every kind of callback an effect's code may hand it to.
struct ReadsFromCallbacks: Effect, Equatable {
    @Injected var cellar: Cellar

    func runEffect() async throws -> String {
        let fromQueue: String = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.cellar.label) }
        }
        let fromDetachedTask = await Task.detached { self.cellar.label }.value
        let fromThread: String = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.cellar.label) }.start()
        }
        let stored = StoredCallback { self.cellar.label }
        let fromStoredCallback: String = await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) {
                continuation.resume(returning: stored.call())
            }
        }
        return [fromQueue, fromDetachedTask, fromThread, fromStoredCallback].joined(separator: " ")
    }
}

/// Reads its dependency only from a dispatch queue's closure.
struct ReadsOnAQueue: Effect, Equatable {
    @Injected var cellar: Cellar

    func runEffect() async throws -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.cellar.label) }
        }
    }
}

/// Reads a protocol dependency that nothing may provide.
struct RingsTheBell: Effect, Equatable {
    @Injected var bell: any Doorbell
    func runEffect() async throws -> String { bell.tone }
}

/// Reads its dependency in its own task.
struct ReadsInItsTask: Effect, Equatable {
    @Injected var cellar: Cellar
    func runEffect() async throws -> String { cellar.label }
}

final class Vintner: Scope {
    var seen = ""

    enum When {
        case readsFromCallbacks
        case readsOnAQueue
        case readsInItsTask
        case ringsTheBell
        case got(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .readsFromCallbacks: effectsState.enqueue(ReadsFromCallbacks().map(When.got))
        case .readsOnAQueue: effectsState.enqueue(ReadsOnAQueue().map(When.got))
        case .readsInItsTask: effectsState.enqueue(ReadsInItsTask().map(When.got))
        case .ringsTheBell: effectsState.enqueue(RingsTheBell().map(When.got))
        case .got(let text): seen = text
        }
    }
}

final class Winery: Scope {
    @Subscope var vintner = Vintner()
    enum When { case opened }
    func update(_ when: When) throws {}
}

/// A failure reported to a live test, and whether the test was known where it was reported.
private final class AttributedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [(failure: PlanFailure, inTest: Bool)] = []

    func append(_ failure: PlanFailure) {
        let inTest = Test.current != nil
        lock.withLock { collected.append((failure, inTest)) }
    }

    var all: [(failure: PlanFailure, inTest: Bool)] { lock.withLock { collected } }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct EffectDependencyCallbackTests {
    @Test func anEffectsCallbacksReadItsScopesDependenciesOnAnyThread() async {
        let winery = Winery()
        winery.inject(Cellar(label: "injected"))
        winery.vintner.send(.readsFromCallbacks)
        await waitUntil("the effect delivers") { !winery.vintner.seen.isEmpty }
        #expect(winery.vintner.seen == "injected injected injected injected")
    }

    @Test func aProtocolNothingProvidesIsReportedNamingTheEffectAndTheScopeWithoutStopping() async {
        let winery = Winery()
        let reports = await withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let registration = ErrorReporting.addHandler { reports.append($0) }
            winery.vintner.send(.ringsTheBell)
            await winery.vintner.effectsState.waitUntilSettled()
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reports.count == 1)
        #expect(reports.first?.scopePath == "Winery.vintner")
        #expect(
            reports.first.map { "\($0.error)" } == """
                the effect RingsTheBell of Winery.vintner read @Injected any Doorbell, which nothing provides: \
                no scope from it up to its root injected one, and any Doorbell declares no value of its own. \
                Inject one at the root: root.inject(value, as: (any Doorbell).self)
                """, "\(reports.first.map { "\($0.error)" } ?? "no report")")
        #expect(winery.vintner.seen == "")
    }

    @Test func underTheTestRulesACallbacksLiveReadFailsTheTestThatStartedTheEffect() async {
        let failures = await failuresOfALiveTest(sending: .readsOnAQueue)
        #expect(failures.all.map(\.failure.kind) == [.missingDependency])
        #expect(failures.all.map(\.inTest) == [true])
        #expect(
            failures.all.first?.failure.message.hasPrefix(
                "an effect of Winery.vintner read @Injected Cellar, which the test does not provide") == true,
            "\(failures.all.first?.failure.message ?? "no failure")")
    }

    @Test func underTheTestRulesAnEffectsLiveReadIsAttributedToTheTestThatStartedIt() async {
        let failures = await failuresOfALiveTest(sending: .readsInItsTask)
        #expect(failures.all.map(\.failure.kind) == [.missingDependency])
        #expect(failures.all.map(\.inTest) == [true])
    }

    /// What a live test under the test rules is told when `event` starts an effect that reads a
    /// live-only dependency, and whether the test was known where each failure was reported.
    private func failuresOfALiveTest(sending event: Vintner.When) async -> AttributedFailures {
        let winery = Winery()
        let failures = AttributedFailures()
        await PlanIssueReporter.$capture.withValue(.init { failures.append($0) }) {
            winery.requireTestDependencies()
            winery.vintner.send(event)
            await waitUntil("the effect delivers") { !winery.vintner.seen.isEmpty }
        }
        return failures
    }
}
