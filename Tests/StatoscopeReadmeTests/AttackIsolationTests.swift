// Adversarial tests of the documented promises of `withIsolatedInstruments` and the
// `.isolatedInstruments` trait. Only the public API, through `import Statoscope` and
// `StatoscopeTesting`.
//
// The app's own logging may be turned on by other suites meanwhile, and it logs every event, so
// no test here expects `EventLogging.isEnabled` to be false: they read their loggers instead.
//
// Most attacks run inside the trait: the test's own isolation then stands in for "the whole app",
// and the isolations the tests open are nested in it ("the instruments of an outer one see what
// happens in an inner one"). The few that need the real app-wide instruments filter by scope.
import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

// MARK: - Fixtures

/// A gate an effect waits at until the test opens it.
final class AIGate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func open() { continuation.finish() }

    func wait() async {
        for await _ in stream {}
    }
}

struct AIError: Error, Equatable, CustomStringConvertible {
    let n: Int
    var description: String { "AIError(\(n))" }
}

/// A scope whose events start effects (immediate, gated, failing, streamed, long-lived), and whose
/// update can throw.
@MainActor
final class AIScope: Scope {
    var received: [String] = []
    var gate = AIGate()
    var live: AsyncStream<When>?

    enum When: Codable, Sendable, TrackedWhen {
        case ping(Int)
        case load(Int)
        case loaded(Int)
        case gated(Int)
        case gatedFailure(Int)
        case ticks(Int)
        case tick(Int)
        case listen
        case boom(Int)
    }

    struct Load: Effect {
        let n: Int
        func runEffect() async throws -> When { .loaded(n) }
    }

    struct Gated: Effect {
        let n: Int
        let gate: AIGate
        func runEffect() async throws -> When {
            await gate.wait()
            return .loaded(n)
        }
    }

    struct GatedFailure: Effect {
        let n: Int
        let gate: AIGate
        func runEffect() async throws -> When {
            await gate.wait()
            throw AIError(n: n)
        }
    }

    struct Ticks: StreamEffect {
        let count: Int
        func makeElements() -> AsyncStream<When> {
            AsyncStream { continuation in
                for tick in 1...count { continuation.yield(.tick(tick)) }
                continuation.finish()
            }
        }
    }

    struct Live: StreamEffect {
        let elements: AsyncStream<When>
        func makeElements() -> AsyncStream<When> { elements }
    }

    func update(_ when: When) throws {
        received.append("\(when)")
        switch when {
        case .load(let n): effectsState.enqueue(Load(n: n))
        case .gated(let n): effectsState.enqueue(Gated(n: n, gate: gate))
        case .gatedFailure(let n): effectsState.enqueue(GatedFailure(n: n, gate: gate))
        case .ticks(let count): effectsState.enqueue(Ticks(count: count))
        case .listen:
            if let live { effectsState.enqueue(Live(elements: live)) }
        case .boom(let n): throw AIError(n: n)
        case .ping, .loaded, .tick: break
        }
    }
}

/// Records the events an app-wide middleware sees, optionally of one scope only.
@MainActor
final class AISeen {
    private(set) var whens: [String] = []
    var registration: MiddlewareRegistration?

    init(only scope: AIScope? = nil) {
        registration = Middleware.addAppWide { [weak self] event, next in
            if let scope, event.scope !== scope {
                try next(event)
                return
            }
            self?.whens.append("\(event.when)")
            try next(event)
        }
    }

    var count: Int { whens.count }
}

/// Records the reports an error handler receives.
@MainActor
final class AIReports {
    private(set) var reports: [ErrorReport] = []
    var registration: MiddlewareRegistration?

    init(only scope: AIScope? = nil) {
        let scopeID = scope.map { ObjectIdentifier($0) }
        registration = ErrorReporting.addHandler { [weak self] report in
            if let scopeID, report.scopeID != scopeID { return }
            self?.reports.append(report)
        }
    }

    var errors: [String] { reports.map { "\($0.error)" } }
}

/// Records the names of the analytics events a sink receives.
final class AISink: Sendable {
    let names = LockedValue<[String]>([])
    @MainActor func install() -> MiddlewareRegistration {
        Analytics.install { [names] event in names.mutate { $0.append(event.name) } }
    }
}

/// A swift-log handler that keeps every message.
final class AILog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    let label: String

    init(_ label: String) { self.label = label }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    func logger() -> Logger {
        Logger(label: label) { _ in Handler(log: self) }
    }

    fileprivate func append(_ message: String) {
        lock.lock()
        entries.append(message)
        lock.unlock()
    }

    private struct Handler: LogHandler {
        let log: AILog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            log.append("\(event.message)")
        }
    }
}

@MainActor final class AIBox<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

final class AITracker: Sendable {}

/// Waits, a bounded number of yields, until `condition` holds.
@MainActor func aiEventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

// MARK: - Attacks inside the trait: the test's isolation stands in for the app

@MainActor
@Suite(.timeLimit(.minutes(5)), .isolatedInstruments)
struct AttackIsolationTests {

    // MARK: Effects that outlive the isolation

    // "the effects its events start (their completions ...)" are the isolation's; once it ends,
    // "what it installed stops" — yet the scope must still get its completion, and the outer
    // isolation (which sees what happens in an inner one) must still see it.
    @Test func anEffectCompletingAfterTheIsolationEndedStillReachesItsScopeAndTheOuter() async {
        let outer = AISeen()
        let scope = AIScope()
        let inner = withIsolatedInstruments {
            let inner = AISeen()
            scope.send(.gated(1))
            return inner
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        #expect(scope.received == ["gated(1)", "loaded(1)"])
        #expect(inner.whens == ["gated(1)"])
        #expect(inner.registration != nil)
        #expect(outer.whens == ["gated(1)", "loaded(1)"])
    }

    @Test func anEffectFailingAfterTheIsolationEndedIsReportedToTheOuterHandlerOnly() async {
        let scope = AIScope()
        let outer = AIReports(only: scope)
        let inner = withIsolatedInstruments {
            let inner = AIReports()
            scope.send(.gatedFailure(3))
            return inner
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        #expect(inner.reports.isEmpty)
        #expect(outer.errors == ["AIError(3)"])
    }

    @Test func streamElementsArrivingAfterTheIsolationEndedReachTheScopeAndTheOuterOnly() async {
        let outer = AISeen()
        let scope = AIScope()
        let (elements, continuation) = AsyncStream.makeStream(of: AIScope.When.self)
        scope.live = elements
        let inner = withIsolatedInstruments {
            let inner = AISeen()
            scope.send(.listen)
            return inner
        }
        for tick in 1...5 { continuation.yield(.tick(tick)) }
        continuation.finish()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        let ticks = (1...5).map { "tick(\($0))" }
        #expect(scope.received == ["listen"] + ticks)
        #expect(inner.whens == ["listen"])
        #expect(outer.whens == ["listen"] + ticks)
    }

    @Test func streamElementsDeliveredWhileTheIsolationRunsAreSeenInside() async {
        let scope = AIScope()
        let seen = await withIsolatedInstruments {
            let seen = AISeen()
            scope.send(.ticks(200))
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return seen.whens
        }
        #expect(seen == ["ticks(200)"] + (1...200).map { "tick(\($0))" })
    }

    @Test func anEffectStartedOutsideDeliveringWhileAnIsolationRunsIsNotSeenInside() async {
        let outer = AISeen()
        let scope = AIScope()
        scope.send(.gated(2))
        let inside = await withIsolatedInstruments {
            let inside = AISeen()
            scope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return inside.whens
        }
        #expect(scope.received == ["gated(2)", "loaded(2)"])
        #expect(inside.isEmpty)
        #expect(outer.whens == ["gated(2)", "loaded(2)"])
    }

    @Test func anEffectOfOneIsolationDeliveringDuringASiblingIsNotSeenByTheSibling() async {
        let outer = AISeen()
        let scope = AIScope()
        let first = withIsolatedInstruments {
            let first = AISeen()
            scope.send(.gated(4))
            return first
        }
        let second = await withIsolatedInstruments {
            let second = AISeen()
            scope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return second.whens
        }
        #expect(first.whens == ["gated(4)"])
        #expect(second.isEmpty)
        #expect(outer.whens == ["gated(4)", "loaded(4)"])
    }

    @Test func aScopeCreatedOutsideGetsItsEffectsSeenInsideWhenItsEventIsSentInside() async {
        let scope = AIScope()
        // The scope runs an effect outside first: whatever runs its effects exists already.
        scope.send(.load(1))
        await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
        let seen = await withIsolatedInstruments {
            let seen = AISeen()
            scope.send(.load(2))
            scope.send(.ticks(2))
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            return seen.whens
        }
        #expect(seen.prefix(2) == ["load(2)", "ticks(2)"])
        #expect(seen.dropFirst(2).sorted() == ["loaded(2)", "tick(1)", "tick(2)"])
    }

    // MARK: Registrations

    @Test func removingAnOuterRegistrationInsideAnInnerIsolationSticks() {
        let scope = AIScope()
        let outer = AISeen()
        withIsolatedInstruments {
            outer.registration?.remove()
            scope.send(.ping(1))
        }
        scope.send(.ping(2))
        withIsolatedInstruments { scope.send(.ping(3)) }
        #expect(outer.whens.isEmpty)
    }

    @Test func droppingAnOuterRegistrationInsideAnInnerIsolationSticks() {
        let scope = AIScope()
        let outer = AISeen()
        withIsolatedInstruments {
            outer.registration = nil
            scope.send(.ping(1))
        }
        scope.send(.ping(2))
        #expect(outer.whens.isEmpty)
    }

    @Test func removingAStaleRegistrationInsideAnotherIsolationLeavesItsInstrumentsAlone() {
        let scope = AIScope()
        let outer = AISeen()
        let stale = withIsolatedInstruments { AISeen() }
        let inside = withIsolatedInstruments {
            let inside = AISeen()
            let reports = AIReports()
            stale.registration?.remove()
            stale.registration?.remove()
            stale.registration = nil
            scope.send(.ping(1))
            scope.send(.boom(1))
            return (inside.whens, reports.errors)
        }
        #expect(inside.0 == ["ping(1)", "boom(1)"])
        #expect(inside.1 == ["AIError(1)"])
        #expect(stale.whens.isEmpty)
        #expect(outer.whens == ["ping(1)", "boom(1)"])
    }

    @Test func removingTwiceInsideAndAgainAfterTheEndIsHarmless() {
        let scope = AIScope()
        let outer = AISeen()
        let kept = withIsolatedInstruments {
            let seen = AISeen()
            scope.send(.ping(1))
            seen.registration?.remove()
            seen.registration?.remove()
            scope.send(.ping(2))
            return seen
        }
        kept.registration?.remove()
        kept.registration = nil
        scope.send(.ping(3))
        #expect(kept.whens == ["ping(1)"])
        #expect(outer.whens == ["ping(1)", "ping(2)", "ping(3)"])
    }

    @Test func aRegistrationDroppedInsideStopsAtOnce() {
        let scope = AIScope()
        let count = AIBox(0)
        withIsolatedInstruments {
            _ = Middleware.addAppWide { event, next in
                count.value += 1
                try next(event)
            }
            scope.send(.ping(1))
        }
        #expect(count.value == 0)
        #expect(scope.received == ["ping(1)"])
    }

    @Test func aKeptRegistrationOfAnEndedIsolationRunsInNoLaterIsolation() async {
        let scope = AIScope()
        let kept = withIsolatedInstruments { AISeen() }
        await withIsolatedInstruments {
            scope.send(.ping(1))
            await Task { scope.send(.ping(2)) }.value
        }
        scope.send(.ping(3))
        #expect(kept.whens.isEmpty)
    }

    @Test(arguments: ["middleware", "handler", "sink"])
    func whatAnIsolationInstalledReleasesWhatItCapturedOnceDropped(kind: String) async {
        weak var weakTracker: AITracker?
        withIsolatedInstruments {
            let tracker = AITracker()
            weakTracker = tracker
            let registration: MiddlewareRegistration
            switch kind {
            case "middleware":
                registration = Middleware.addAppWide { event, next in
                    withExtendedLifetime(tracker) {}
                    try next(event)
                }
            case "handler":
                registration = ErrorReporting.addHandler { _ in withExtendedLifetime(tracker) {} }
            default:
                registration = Analytics.install { _ in withExtendedLifetime(tracker) {} }
            }
            AIScope().send(.ping(1))
            withExtendedLifetime(registration) {}
        }
        await Analytics.waitUntilDelivered()
        #expect(await aiEventually { weakTracker == nil })
    }

    @Test(arguments: ["middleware", "handler", "sink"])
    func whatAnIsolationInstalledAndKeptIsReleasedOnceRemovedAfterTheEnd(kind: String) async {
        weak var weakTracker: AITracker?
        let registration = withIsolatedInstruments {
            let tracker = AITracker()
            weakTracker = tracker
            switch kind {
            case "middleware":
                return Middleware.addAppWide { event, next in
                    withExtendedLifetime(tracker) {}
                    try next(event)
                }
            case "handler":
                return ErrorReporting.addHandler { _ in withExtendedLifetime(tracker) {} }
            default:
                return Analytics.install { _ in withExtendedLifetime(tracker) {} }
            }
        }
        registration.remove()
        await Analytics.waitUntilDelivered()
        #expect(await aiEventually { weakTracker == nil })
    }

    @Test func aScopeDroppedInsideWithAnEffectInFlightIsReleased() async {
        weak var weakScope: AIScope?
        let gate = withIsolatedInstruments {
            let seen = AISeen()
            let scope = AIScope()
            weakScope = scope
            scope.send(.gated(1))
            withExtendedLifetime(seen) {}
            return scope.gate
        }
        gate.open()
        #expect(await aiEventually { weakScope == nil })
    }

    // MARK: Throwing and cancellation

    @Test func aThrowingIsolationRethrowsAndStopsWhatItInstalled() {
        let scope = AIScope()
        let kept = AIBox<AISeen?>(nil)
        let log = AILog("inner")
        #expect(throws: AIError(n: 42)) {
            try withIsolatedInstruments {
                kept.value = AISeen()
                EventLogging.enable(logger: log.logger(), level: .info)
                ErrorReporting.logger = log.logger()
                scope.send(.ping(1))
                throw AIError(n: 42)
            }
        }
        let linesBefore = log.lines.count
        scope.send(.ping(2))
        scope.send(.boom(2))
        #expect(kept.value?.whens == ["ping(1)"])
        #expect(ErrorReporting.logger.label != "inner")
        #expect(log.lines.count == linesBefore)
    }

    @Test func aThrowingAsyncIsolationRethrowsAndStopsWhatItInstalled() async {
        let scope = AIScope()
        let kept = AIBox<AISeen?>(nil)
        let sink = AISink()
        let sinkRegistration = AIBox<MiddlewareRegistration?>(nil)
        let log = AILog("inner")
        await #expect(throws: AIError(n: 43)) {
            try await withIsolatedInstruments {
                kept.value = AISeen()
                sinkRegistration.value = sink.install()
                EventLogging.enable(logger: log.logger(), level: .info)
                ErrorReporting.logger = log.logger()
                scope.send(.load(1))
                await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
                throw AIError(n: 43)
            }
        }
        await Analytics.waitUntilDelivered()
        let linesBefore = log.lines.count
        scope.send(.load(2))
        await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
        scope.send(.boom(2))
        await Analytics.waitUntilDelivered()
        #expect(kept.value?.whens == ["load(1)", "loaded(1)"])
        #expect(sink.names.value == ["load", "loaded"])
        #expect(ErrorReporting.logger.label != "inner")
        #expect(log.lines.count == linesBefore)
    }

    @Test func aCancelledIsolationStopsWhatItInstalled() async {
        let scope = AIScope()
        let kept = AIBox<AISeen?>(nil)
        let task = Task {
            try await withIsolatedInstruments {
                kept.value = AISeen()
                scope.send(.ping(1))
                // Far longer than any test run: only the cancellation below ends it, however long
                // other suites hold the main actor before it comes.
                try await Task.sleep(for: .seconds(86_400))
            }
        }
        #expect(await aiEventually { kept.value != nil })
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        scope.send(.ping(2))
        #expect(kept.value?.whens == ["ping(1)"])
    }

    // MARK: Nesting

    @Test func aThousandNestedIsolationsEachSeeTheirOwnAndTheDeeperOnes() {
        let depth = 1_000
        let scope = AIScope()
        let outer = AISeen()
        var levels: [AISeen] = []
        func nest(_ level: Int) {
            guard level < depth else { return }
            withIsolatedInstruments {
                levels.append(AISeen())
                scope.send(.ping(level))
                nest(level + 1)
            }
        }
        nest(0)
        scope.send(.ping(depth))
        #expect(levels.count == depth)
        let counts = levels.map(\.count)
        #expect(counts == (0..<depth).map { depth - $0 })
        #expect(outer.count == depth + 1)
    }

    @Test func anInnerIsolationOpenedFromATaskThatOutlivedItsParentStillWorks() async {
        let outer = AISeen()
        let scope = AIScope()
        let task = withIsolatedInstruments {
            Task {
                await withIsolatedInstruments {
                    let seen = AISeen()
                    scope.send(.ping(1))
                    await Task { scope.send(.ping(2)) }.value
                    return seen.whens
                }
            }
        }
        #expect(await task.value == ["ping(1)", "ping(2)"])
        #expect(outer.whens == ["ping(1)", "ping(2)"])
    }

    @Test func aTaskMadeInAnEndedInnerIsolationIsSeenByTheOuterNotByTheInner() async {
        let outer = AISeen()
        let scope = AIScope()
        let (kept, task) = withIsolatedInstruments {
            (AISeen(), Task { scope.send(.ping(1)) })
        }
        await task.value
        #expect(kept.whens.isEmpty)
        #expect(outer.whens == ["ping(1)"])
    }

    @Test func aDetachedTaskInsideIsSeenByNeitherTheInnerNorTheOuter() async {
        let outer = AISeen()
        let scope = AIScope()
        let inner = await withIsolatedInstruments {
            let inner = AISeen()
            await Task.detached { await scope.send(.ping(1)) }.value
            scope.send(.ping(2))
            return inner.whens
        }
        #expect(inner == ["ping(2)"])
        #expect(outer.whens == ["ping(2)"])
        #expect(scope.received == ["ping(1)", "ping(2)"])
    }

    // MARK: Re-entrancy

    @Test func aMiddlewareThatOpensAnIsolationAndSendsFromItKeepsTheEventInsideTheOuter() {
        let outer = AISeen()
        let a = AIScope()
        let b = AIScope()
        let seen = withIsolatedInstruments {
            let seen = AISeen()
            let opener = Middleware.addAppWide { event, next in
                if event.scope === a {
                    withIsolatedInstruments {
                        let nested = AISeen()
                        b.send(.ping(2))
                        withExtendedLifetime(nested) {}
                    }
                }
                try next(event)
            }
            a.send(.ping(1))
            withExtendedLifetime(opener) {}
            return seen.whens
        }
        #expect(b.received == ["ping(2)"])
        #expect(seen.sorted() == ["ping(1)", "ping(2)"])
        #expect(outer.whens.sorted() == ["ping(1)", "ping(2)"])
    }

    @Test func anEventForwardedByAnOuterMiddlewareIsSeenByTheIsolationThatSentTheFirst() {
        let a = AIScope()
        let b = AIScope()
        let forwarding = Middleware.addAppWide { event, next in
            if event.scope === a, case .ping(let n) = event.when as? AIScope.When {
                b.send(.ping(n + 100))
            }
            try next(event)
        }
        let seen = withIsolatedInstruments {
            let seen = AISeen()
            a.send(.ping(1))
            return seen.whens
        }
        a.send(.ping(2))
        withExtendedLifetime(forwarding) {}
        #expect(seen == ["ping(1)", "ping(101)"])
        #expect(b.received == ["ping(101)", "ping(102)"])
    }

    @Test func aMiddlewareInstalledByAMiddlewareInsideStopsWithTheIsolation() {
        let scope = AIScope()
        let late = AIBox<AISeen?>(nil)
        withIsolatedInstruments {
            let installer = Middleware.addAppWide { event, next in
                if late.value == nil { late.value = AISeen() }
                try next(event)
            }
            scope.send(.ping(1))
            scope.send(.ping(2))
            withExtendedLifetime(installer) {}
        }
        scope.send(.ping(3))
        #expect(late.value?.whens == ["ping(2)"])
    }

    @Test func aHandlerThatReportsInsideReceivesItsOwnReportAndSoDoesTheOuter() {
        let scope = AIScope()
        let outer = AIReports(only: scope)
        let inside = withIsolatedInstruments {
            let received = AIBox<[String]>([])
            let handler = ErrorReporting.addHandler { report in
                received.value.append("\(report.error)")
                if received.value.count == 1 {
                    ErrorReporting.report(
                        ErrorReport(error: AIError(n: 2), source: .observation, scope: scope))
                }
            }
            scope.send(.boom(1))
            withExtendedLifetime(handler) {}
            return received.value
        }
        #expect(inside == ["AIError(1)", "AIError(2)"])
        #expect(outer.errors.sorted() == ["AIError(1)", "AIError(2)"])
    }

    // MARK: Event logging

    @Test func eventLoggingEnabledInsideLeavesTheOutersOn() {
        let outerLog = AILog("outer")
        let innerLog = AILog("inner")
        let scope = AIScope()
        EventLogging.enable(logger: outerLog.logger(), level: .info)
        withIsolatedInstruments {
            EventLogging.enable(logger: innerLog.logger(), level: .info)
            scope.send(.ping(1))
        }
        #expect(EventLogging.isEnabled)
        scope.send(.ping(2))
        EventLogging.disable()
        scope.send(.ping(3))
        #expect(innerLog.contains("<- ping(1)"))
        #expect(!innerLog.contains("<- ping(2)"))
        #expect(outerLog.contains("<- ping(2)"))
        #expect(!outerLog.contains("<- ping(3)"))
    }

    @Test func eventLoggingDisabledInsideLeavesTheOutersOn() {
        let outerLog = AILog("outer")
        let scope = AIScope()
        EventLogging.enable(logger: outerLog.logger(), level: .info)
        withIsolatedInstruments { EventLogging.disable() }
        #expect(EventLogging.isEnabled)
        scope.send(.ping(2))
        EventLogging.disable()
        #expect(outerLog.contains("<- ping(2)"))
    }

    @Test func eventLoggingEnabledInsideTwiceOrDisabledTwiceIsHarmless() {
        let log = AILog("inner")
        let second = AILog("second")
        let scope = AIScope()
        withIsolatedInstruments {
            EventLogging.disable()
            EventLogging.enable(logger: log.logger(), level: .info)
            EventLogging.enable(logger: second.logger(), level: .info)
            scope.send(.ping(1))
            EventLogging.disable()
            EventLogging.disable()
            scope.send(.ping(2))
        }
        #expect(!log.contains("<- ping(1)"))
        #expect(second.contains("<- ping(1)"))
        #expect(!second.contains("<- ping(2)"))
    }

    @Test func eventLoggingInsideLogsEffectStepsAndStateDiffsOfItsEventsOnly() async {
        let log = AILog("inner")
        let outsideScope = AIScope()
        outsideScope.send(.gated(9))
        await withIsolatedInstruments {
            EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
            let scope = AIScope()
            scope.send(.gatedFailure(5))
            scope.gate.open()
            outsideScope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await outsideScope.effectsState.waitUntilSettled(timeout: .seconds(240))
        }
        #expect(log.contains("<- gatedFailure(5)"))
        #expect(log.contains("GatedFailure"))
        #expect(log.contains("AIError(5)"))
        #expect(log.contains("changed"))
        #expect(!log.contains("Gated(n: 9"))
        #expect(!log.contains("loaded(9)"))
    }

    // MARK: The error logger

    @Test func theErrorLoggerNestsAndIsRestoredAtEachLevel() {
        let outerLog = AILog("outer")
        let innerLog = AILog("inner")
        let scope = AIScope()
        ErrorReporting.logger = outerLog.logger()
        let labels = withIsolatedInstruments {
            let inherited = ErrorReporting.logger.label
            scope.send(.boom(1))
            let nested = withIsolatedInstruments {
                ErrorReporting.logger = innerLog.logger()
                scope.send(.boom(2))
                return ErrorReporting.logger.label
            }
            scope.send(.boom(3))
            return [inherited, nested, ErrorReporting.logger.label]
        }
        scope.send(.boom(4))
        #expect(labels == ["outer", "inner", "outer"])
        #expect(ErrorReporting.logger.label == "outer")
        #expect(outerLog.contains("AIError(1)"))
        #expect(!outerLog.contains("AIError(2)"))
        #expect(outerLog.contains("AIError(3)"))
        #expect(outerLog.contains("AIError(4)"))
        #expect(innerLog.lines.count == 1)
        #expect(innerLog.contains("AIError(2)"))
    }

    @Test func theErrorLoggerSetInsideIsTheLoggerOfItsTasksAndEffects() async {
        let log = AILog("inner")
        let scope = AIScope()
        await withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            await Task { scope.send(.boom(1)) }.value
            scope.send(.gatedFailure(2))
            scope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await Task.detached { await AIScope().send(.boom(3)) }.value
        }
        #expect(log.contains("AIError(1)"))
        #expect(log.contains("AIError(2)"))
        #expect(!log.contains("AIError(3)"))
    }

    // MARK: Analytics

    @Test func eventsAcceptedInsideStillReachTheSinkAfterTheIsolationEnds() async {
        let sink = AISink()
        let scope = AIScope()
        withIsolatedInstruments {
            let registration = sink.install()
            for index in 0..<1_000 { scope.send(.ping(index)) }
            withExtendedLifetime(registration) {}
        }
        scope.send(.ping(-1))
        await Analytics.waitUntilDelivered()
        #expect(sink.names.value.count == 1_000)
    }

    @Test func anOuterSinkReceivesTheEventsAcceptedInsideAndTheInnerNotTheOuters() async {
        let outer = AISink()
        let inner = AISink()
        let scope = AIScope()
        let outerRegistration = outer.install()
        scope.send(.ping(0))
        await withIsolatedInstruments {
            let registration = inner.install()
            scope.send(.load(1))
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
        }
        scope.send(.ping(2))
        await Analytics.waitUntilDelivered()
        withExtendedLifetime(outerRegistration) {}
        #expect(inner.names.value == ["load", "loaded"])
        #expect(outer.names.value == ["ping", "load", "loaded", "ping"])
    }

    @Test func tenThousandEventsInsideAreCountedExactlyWhileADetachedTaskSendsNoise() async {
        let scope = AIScope()
        let noise = AIScope()
        let sink = AISink()
        let noiseTask = Task.detached {
            for index in 0..<2_000 {
                await noise.send(.ping(index))
            }
        }
        let seen = await withIsolatedInstruments {
            let seen = AISeen()
            let registration = sink.install()
            for index in 0..<10_000 {
                scope.send(.ping(index))
                if index % 50 == 0 { await Task.yield() }
            }
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
            return seen.count
        }
        await noiseTask.value
        #expect(seen == 10_000)
        #expect(sink.names.value.count == 10_000)
        #expect(noise.received.count == 2_000)
    }

    // MARK: Flight recorders

    @Test func anOuterFlightRecorderGoesIntoTheReportsMadeInAnInnerIsolation() {
        let scope = AIScope()
        let recorder = FlightRecorder(recording: scope)
        scope.send(.ping(31_337))
        let reports = withIsolatedInstruments {
            let reports = AIReports()
            scope.send(.boom(1))
            return reports.reports
        }
        withExtendedLifetime(recorder) {}
        #expect(reports.count == 1)
        #expect(reports.first?.flightRecording?.contains("31337") == true)
    }

    @Test func anInnerFlightRecorderKeptAfterItsIsolationGoesIntoNoLaterReport() {
        let scope = AIScope()
        let other = AIScope()
        let outerRecorder = FlightRecorder(recording: scope)
        scope.send(.ping(11_111))
        let innerRecorder = withIsolatedInstruments {
            let recorder = FlightRecorder(recording: other)
            other.send(.ping(42_424))
            return recorder
        }
        let reports = AIReports(only: scope)
        scope.send(.boom(1))
        withExtendedLifetime((outerRecorder, innerRecorder)) {}
        #expect(reports.reports.count == 1)
        let recording = reports.reports.first?.flightRecording ?? ""
        #expect(recording.contains("11111"))
        #expect(!recording.contains("42424"))
    }

    @Test func concurrentIsolationsEachGiveTheirOwnFlightRecordToTheirReports() async {
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for run in 0..<4 {
                group.addTask { await Self.recordedRun(run) }
            }
            var results: [(Int, [String])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 4)
        for (run, recordings) in results {
            #expect(recordings.count == 1)
            for other in 0..<4 {
                #expect(recordings.first?.contains("\(90_000 + other)") == (other == run))
            }
        }
    }

    // MARK: Isolations running at once

    @Test func eightIsolationsRunningAtOnceEachCountExactlyTheirOwn() async {
        let results = await withTaskGroup(of: [Int].self) { group in
            for run in 0..<8 {
                group.addTask { await Self.countedEverythingRun(run) }
            }
            var results: [[Int]] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results == Array(repeating: [0, 0, 0, 0, 0], count: 8))
    }

    @Test func asyncLetIsolationsEachSeeOnlyTheirOwnWhileSharingOneScope() async {
        let scope = AIScope()
        async let first = countedRun(scope: scope, sending: 300, offset: 0)
        async let second = countedRun(scope: scope, sending: 200, offset: 1_000)
        let (a, b) = await (first, second)
        #expect(a == (0..<300).map { "ping(\($0))" })
        #expect(b == (1_000..<1_200).map { "ping(\($0))" })
        #expect(scope.received.count == 500)
    }

    private func countedRun(scope: AIScope, sending count: Int, offset: Int) async -> [String] {
        await withIsolatedInstruments {
            let seen = AISeen(only: scope)
            for index in 0..<count {
                scope.send(.ping(offset + index))
                await Task.yield()
            }
            return seen.whens
        }
    }

    private static func recordedRun(_ run: Int) async -> (Int, [String]) {
        await withIsolatedInstruments {
            let scope = AIScope()
            let recorder = FlightRecorder(recording: scope)
            let reports = AIReports()
            scope.send(.ping(90_000 + run))
            for _ in 0..<20 { await Task.yield() }
            scope.send(.boom(run))
            withExtendedLifetime(recorder) {}
            return (run, reports.reports.map { $0.flightRecording ?? "" })
        }
    }

    private static func countedEverythingRun(_ run: Int) async -> [Int] {
        await withIsolatedInstruments {
            let count = 50 + run * 10
            let seen = AISeen()
            let reports = AIReports()
            let sink = AISink()
            let log = AILog("run\(run)")
            let registration = sink.install()
            EventLogging.enable(logger: log.logger(), level: .info)
            let errorLog = AILog("errors\(run)")
            ErrorReporting.logger = errorLog.logger()
            let scope = AIScope()
            for index in 0..<count {
                scope.send(index % 5 == 0 ? .boom(index) : .load(index))
                await Task.yield()
            }
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
            let booms = (count + 4) / 5
            let loads = count - booms
            let events = log.lines.filter { $0.contains("<- ") }.count
            let errors = errorLog.lines.filter { $0.contains("threw") }.count
            return [
                errors - booms,
                seen.count - (count + loads), reports.reports.count - booms,
                // The sink gets the accepted events only: a `boom` is refused by its update.
                sink.names.value.count - 2 * loads, events - (count + loads),
            ]
        }
    }

    // MARK: What is not an app-wide instrument is not narrowed

    @Test func aScopesOwnMiddlewareAddedInsideSeesItsScopesEventsFromEverywhere() async {
        let scope = AIScope()
        let seen = await withIsolatedInstruments {
            let seen = AIBox<[String]>([])
            let own = scope.addMiddleware { _, when, next in
                seen.value.append("\(when)")
                try next(when)
            }
            scope.send(.ping(1))
            await Task.detached { await scope.send(.ping(2)) }.value
            withExtendedLifetime(own) {}
            return seen.value
        }
        #expect(seen == ["ping(1)", "ping(2)"])
    }

    @Test func recordersStartedInsideRecordTheirTreesEventsFromEverywhere() async {
        let scope = AIScope()
        let (lines, flight) = await withIsolatedInstruments {
            let lines = AIBox<[String]>([])
            let recorder = Recorder(recording: scope) { line in lines.value.append(line) }
            let flight = FlightRecorder(recording: scope)
            scope.send(.ping(55_501))
            await Task.detached { await scope.send(.ping(55_502)) }.value
            withExtendedLifetime(recorder) {}
            return (lines.value.joined(separator: "\n"), flight.jsonLines())
        }
        #expect(lines.contains("55501"))
        #expect(lines.contains("55502"))
        #expect(flight.contains("55501"))
        #expect(flight.contains("55502"))
    }

    @Test func aFlightRecorderStoppedInsideGivesTheOutersRecordToTheReportsMadeThere() {
        let scope = AIScope()
        let other = AIScope()
        let outerRecorder = FlightRecorder(recording: scope)
        scope.send(.ping(61_001))
        let recordings = withIsolatedInstruments {
            let stopped = FlightRecorder(recording: other)
            other.send(.ping(61_002))
            stopped.stop()
            let reports = AIReports()
            scope.send(.boom(1))
            return reports.reports.map { $0.flightRecording ?? "" }
        }
        withExtendedLifetime(outerRecorder) {}
        #expect(recordings.count == 1)
        #expect(recordings.first?.contains("61001") == true)
        #expect(recordings.first?.contains("61002") == false)
    }

    @Test func aThousandIsolationsInARowLeaveNothingRunning() async {
        let scope = AIScope()
        let outer = AISeen()
        let kept = AIBox<[MiddlewareRegistration]>([])
        let sink = AISink()
        for index in 0..<1_000 {
            withIsolatedInstruments {
                kept.value.append(Middleware.addAppWide { event, next in try next(event) })
                kept.value.append(ErrorReporting.addHandler { _ in })
                kept.value.append(sink.install())
                EventLogging.enable(logger: AILog("row").logger())
                ErrorReporting.logger = AILog("row").logger()
                scope.send(.ping(index))
            }
        }
        let counting = AISeen()
        scope.send(.ping(-1))
        await Analytics.waitUntilDelivered()
        #expect(outer.count == 1_001)
        #expect(counting.whens == ["ping(-1)"])
        #expect(sink.names.value.count == 1_000)
        #expect(ErrorReporting.logger.label != "row")
        #expect(kept.value.count == 3_000)
    }

    // MARK: More nesting, ordering and exits

    @Test func anInnerIsolationThatThrowsLeavesTheOutersInstrumentsRunning() {
        let scope = AIScope()
        let log = AILog("outer")
        let outer = AISeen()
        let reports = AIReports()
        EventLogging.enable(logger: log.logger(), level: .info)
        ErrorReporting.logger = log.logger()
        for attempt in 0..<3 {
            do {
                try withIsolatedInstruments {
                    let inner = AISeen()
                    scope.send(.ping(attempt))
                    withExtendedLifetime(inner) {}
                    throw AIError(n: attempt)
                }
            } catch {}
        }
        scope.send(.ping(10))
        scope.send(.boom(11))
        EventLogging.disable()
        #expect(outer.whens == ["ping(0)", "ping(1)", "ping(2)", "ping(10)", "boom(11)"])
        #expect(reports.errors == ["AIError(11)"])
        #expect(log.contains("<- ping(10)"))
        #expect(log.contains("AIError(11)"))
        #expect(ErrorReporting.logger.label == "outer")
    }

    @Test func siblingIsolationsEndingInEitherOrderKeepTheOthersInstruments() async {
        let scope = AIScope()
        let firstGate = AIGate()
        let secondGate = AIGate()
        let firstKept = AIBox<AISeen?>(nil)
        let secondKept = AIBox<AISeen?>(nil)
        async let first: [String] = withIsolatedInstruments {
            let seen = AISeen(only: scope)
            firstKept.value = seen
            scope.send(.ping(1))
            await firstGate.wait()
            return seen.whens
        }
        async let second: [String] = withIsolatedInstruments {
            let seen = AISeen(only: scope)
            secondKept.value = seen
            scope.send(.ping(2))
            // The first ends while this one still runs: this one's instruments keep going.
            firstGate.open()
            await secondGate.wait()
            scope.send(.ping(3))
            return seen.whens
        }
        #expect(await aiEventually { firstKept.value != nil && secondKept.value != nil })
        let firstSeen = await first
        scope.send(.ping(4))
        secondGate.open()
        let secondSeen = await second
        scope.send(.ping(5))
        #expect(firstSeen == ["ping(1)"])
        #expect(secondSeen == ["ping(2)", "ping(3)"])
        #expect(firstKept.value?.whens == ["ping(1)"])
        #expect(secondKept.value?.whens == ["ping(2)", "ping(3)"])
    }

    @Test func aSiblingsEventLoggingIsNotTheOthers() async {
        let log = AILog("logging")
        let scope = AIScope()
        let gate = AIGate()
        async let logging: Void = withIsolatedInstruments {
            EventLogging.enable(logger: log.logger(), level: .info)
            await gate.wait()
        }
        async let quiet: Void = withIsolatedInstruments {
            for _ in 0..<50 { await Task.yield() }
            scope.send(.ping(1))
            gate.open()
        }
        _ = await (logging, quiet)
        #expect(!log.contains("<- ping(1)"))
    }

    @Test func instrumentsInstalledByATaskMadeInsideBelongToTheIsolation() async {
        let scope = AIScope()
        let outside = AIScope()
        let seen = await withIsolatedInstruments {
            let seen = await Task { AISeen() }.value
            scope.send(.ping(1))
            await Task.detached { await outside.send(.ping(2)) }.value
            return seen.whens
        }
        #expect(seen == ["ping(1)"])
    }

    @Test func anOuterSinkReceivesInnerAndOuterEventsInTheOrderAccepted() async {
        let received = LockedValue<[String]>([])
        let registration = Analytics.install { event in received.mutate { $0.append(event.name) } }
        let scope = AIScope()
        for _ in 0..<50 {
            scope.send(.ping(0))
            withIsolatedInstruments { scope.send(.loaded(0)) }
        }
        await Analytics.waitUntilDelivered()
        withExtendedLifetime(registration) {}
        #expect(received.value == Array(repeating: ["ping", "loaded"], count: 50).flatMap { $0 })
    }

    @Test func anInnerSinkGetsNoCompletionAfterItsIsolationEndedButTheOuterDoes() async {
        let outer = AISink()
        let inner = AISink()
        let outerRegistration = outer.install()
        let scope = AIScope()
        let innerRegistration = withIsolatedInstruments {
            let registration = inner.install()
            scope.send(.gated(1))
            return registration
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        await Analytics.waitUntilDelivered()
        withExtendedLifetime((outerRegistration, innerRegistration)) {}
        #expect(inner.names.value == ["gated"])
        #expect(outer.names.value == ["gated", "loaded"])
    }

    @Test func aHandlerThatOpensAnIsolationAndReportsFromItReceivesThatReport() {
        let scope = AIScope()
        let received = withIsolatedInstruments {
            let received = AIBox<[String]>([])
            let handler = ErrorReporting.addHandler { report in
                received.value.append("\(report.error)")
                guard received.value.count == 1 else { return }
                withIsolatedInstruments {
                    let nested = AIReports()
                    scope.send(.boom(2))
                    withExtendedLifetime(nested) {}
                }
            }
            scope.send(.boom(1))
            withExtendedLifetime(handler) {}
            return received.value
        }
        #expect(received == ["AIError(1)", "AIError(2)"])
    }

    @Test func aRegistrationRemovedByASiblingWhileItsIsolationRunsStops() async {
        let scope = AIScope()
        let gate = AIGate()
        let firstKept = AIBox<AISeen?>(nil)
        async let first: [String] = withIsolatedInstruments {
            let seen = AISeen()
            firstKept.value = seen
            scope.send(.ping(1))
            await gate.wait()
            scope.send(.ping(3))
            return seen.whens
        }
        async let second: [String] = withIsolatedInstruments {
            let seen = AISeen()
            _ = await aiEventually { firstKept.value != nil }
            firstKept.value?.registration?.remove()
            scope.send(.ping(2))
            gate.open()
            return seen.whens
        }
        let (a, b) = await (first, second)
        #expect(a == ["ping(1)"])
        #expect(b == ["ping(2)"])
    }

    @Test func aMiddlewareThrowingInsideIsReportedInsideAndTheUpdateIsSkipped() {
        let scope = AIScope()
        let outer = AIReports(only: scope)
        let inside = withIsolatedInstruments {
            let reports = AIReports()
            let throwing = Middleware.addAppWide { _, _ in throw AIError(n: 8) }
            scope.send(.ping(1))
            withExtendedLifetime(throwing) {}
            return reports.errors
        }
        scope.send(.ping(2))
        #expect(inside == ["AIError(8)"])
        #expect(outer.errors == ["AIError(8)"])
        #expect(scope.received == ["ping(2)"])
    }

    @Test func twoHundredIsolationsAtOnceEachCountTheirOwnTen() async {
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { await Self.tenEventsRun() }
            }
            var counts: [Int] = []
            for await count in group { counts.append(count) }
            return counts
        }
        #expect(counts == Array(repeating: 10, count: 200))
    }

    private static func tenEventsRun() async -> Int {
        await withIsolatedInstruments {
            let seen = AISeen()
            let scope = AIScope()
            for index in 0..<10 {
                scope.send(.ping(index))
                await Task.yield()
            }
            return seen.count
        }
    }

    // MARK: The documented sample

    @Test func theDocumentedSampleCountsOne() {
        let count = withIsolatedInstruments {
            let count = AIBox(0)
            let counting = Middleware.addAppWide { event, next in
                count.value += 1
                try next(event)
            }
            AIScope().send(.ping(1))
            counting.remove()
            return count.value
        }
        #expect(count == 1)
    }
}

// MARK: - Against the real app-wide instruments

/// No trait: what is installed here is installed for the whole process, so each instrument filters
/// by its scope, and nothing here turns logging on or replaces the error logger.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(5)))
struct AttackIsolationAppWideTests {
    @Test func appWideInstrumentsSeeEffectsStartedInsideThatCompleteAfterTheEnd() async {
        let scope = AIScope()
        let appWide = AISeen(only: scope)
        let reports = AIReports(only: scope)
        let other = AIScope()
        other.gate = scope.gate
        withIsolatedInstruments {
            scope.send(.gated(1))
            other.send(.gatedFailure(2))
        }
        scope.gate.open()
        #expect(await scope.effectsState.waitUntilSettled(timeout: .seconds(240)))
        #expect(await other.effectsState.waitUntilSettled(timeout: .seconds(240)))
        #expect(appWide.whens == ["gated(1)", "loaded(1)"])
        #expect(scope.received == ["gated(1)", "loaded(1)"])
        #expect(reports.reports.isEmpty)
        withExtendedLifetime(appWide) {}
    }

    @Test func appWideInstrumentsSeeWhatADetachedTaskAndAnIsolationSend() async {
        let scope = AIScope()
        let appWide = AISeen(only: scope)
        await withIsolatedInstruments {
            scope.send(.ping(1))
            await Task.detached { await scope.send(.ping(2)) }.value
            withIsolatedInstruments { scope.send(.ping(3)) }
        }
        #expect(appWide.whens == ["ping(1)", "ping(2)", "ping(3)"])
    }

    // Other suites may turn the app's logging on and off meanwhile: this reads only what is ours.
    @Test func theAppsErrorLoggerAndLoggingAreUntouchedByAnIsolation() {
        let label = "isolated-\(UUID())"
        let log = AILog(label)
        let scope = AIScope()
        withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            EventLogging.enable(logger: log.logger(), level: .info)
            EventLogging.disable()
            EventLogging.enable(logger: log.logger(), level: .info)
            scope.send(.ping(1))
        }
        let linesInside = log.lines.count
        scope.send(.ping(2))
        scope.send(.boom(3))
        #expect(ErrorReporting.logger.label != label)
        #expect(linesInside > 0)
        #expect(log.lines.count == linesInside)
    }

    @Test func anAppWideRegistrationRemovedInsideIsRemovedForTheApp() {
        let scope = AIScope()
        let appWide = AISeen(only: scope)
        withIsolatedInstruments { appWide.registration?.remove() }
        scope.send(.ping(1))
        #expect(appWide.whens.isEmpty)
    }
}

// MARK: - The trait

/// Tests run in parallel, each counting its own events while the others send theirs.
@MainActor
@Suite(.timeLimit(.minutes(5)), .isolatedInstruments)
struct AttackIsolationTraitTests {
    private func countOwn(_ count: Int) async -> (seen: Int, detached: Bool, sunk: Int) {
        let seen = AISeen()
        let sink = AISink()
        let registration = sink.install()
        let scope = AIScope()
        for index in 0..<count {
            scope.send(.ping(index))
            await Task.yield()
        }
        await Task.detached { await scope.send(.ping(-1)) }.value
        await Analytics.waitUntilDelivered()
        withExtendedLifetime(registration) {}
        return (seen.count, seen.whens.contains("ping(-1)"), sink.names.value.count)
    }

    @Test func first() async {
        let result = await countOwn(300)
        #expect(result.seen == 300)
        #expect(!result.detached)
        #expect(result.sunk == 300)
    }

    @Test func second() async {
        let result = await countOwn(250)
        #expect(result.seen == 250)
        #expect(!result.detached)
        #expect(result.sunk == 250)
    }

    @Test func third() async {
        let result = await countOwn(200)
        #expect(result.seen == 200)
        #expect(!result.detached)
        #expect(result.sunk == 200)
    }

    @Test(arguments: 1...6)
    func parameterized(count: Int) async {
        let result = await countOwn(count * 25)
        #expect(result.seen == count * 25)
        #expect(!result.detached)
        #expect(result.sunk == count * 25)
    }

    @Test func eventLoggingAndTheErrorLoggerOfATestAreItsOwn() async {
        let log = AILog("trait")
        EventLogging.enable(logger: log.logger(), level: .info)
        ErrorReporting.logger = log.logger()
        let scope = AIScope()
        scope.send(.ping(777_001))
        for _ in 0..<50 { await Task.yield() }
        scope.send(.boom(777_002))
        await Task.detached { await AIScope().send(.boom(777_003)) }.value
        #expect(log.contains("ping(777001)"))
        #expect(log.contains("AIError(777002)"))
        #expect(!log.contains("AIError(777003)"))
        #expect(log.lines.allSatisfy { $0.contains("7770") || $0.contains("AIScope") })
    }

    @Test(.isolatedInstruments) func theTraitTwiceNestsTheTestsIsolation() async {
        let seen = AISeen()
        let scope = AIScope()
        scope.send(.ping(1))
        await Task.detached { await scope.send(.ping(2)) }.value
        let inner = withIsolatedInstruments {
            let inner = AISeen()
            scope.send(.ping(3))
            return inner.whens
        }
        #expect(seen.whens == ["ping(1)", "ping(3)"])
        #expect(inner == ["ping(3)"])
    }

    /// A nested suite inherits the trait.
    @MainActor @Suite struct Nested {
        @Test func aTestOfANestedSuiteIsIsolatedToo() async {
            let seen = AISeen()
            let scope = AIScope()
            scope.send(.ping(1))
            await Task.detached { await scope.send(.ping(2)) }.value
            #expect(seen.whens == ["ping(1)"])
        }
    }
}

/// The trait on one test, in a suite without it, and on a test that is not on the main actor.
@Suite(.timeLimit(.minutes(5)))
struct AttackIsolationOneTestTraitTests {
    @Test(.isolatedInstruments) @MainActor func oneTestWithTheTrait() async {
        let seen = AISeen()
        let scope = AIScope()
        scope.send(.ping(1))
        await Task.detached { await scope.send(.ping(2)) }.value
        #expect(seen.whens == ["ping(1)"])
    }

    @Test(.isolatedInstruments) func aTestOffTheMainActor() async {
        let seen = await MainActor.run { AISeen() }
        let scope = await MainActor.run { AIScope() }
        await MainActor.run { scope.send(.ping(1)) }
        await Task.detached { await scope.send(.ping(2)) }.value
        await scope.send(.ping(3))
        let whens = await MainActor.run { seen.whens }
        #expect(whens == ["ping(1)", "ping(3)"])
    }

    @Test(.isolatedInstruments) func aSynchronousTest() async {
        let count = await MainActor.run {
            let seen = AISeen()
            AIScope().send(.ping(1))
            return seen.count
        }
        #expect(count == 1)
    }
}

/// The promise of `EventLogging.disable()` inside an isolation, once clarified: it turns off the
/// logging that isolation turned on, and logging turned on outside still logs what happens inside.
@MainActor
@Suite(.isolatedInstruments)
struct AttackIsolationDisableTests {
    @Test func eventLoggingDisabledInsideLeavesTheOutersLoggingOfWhatHappensThere() {
        let outerLog = AILog("outer")
        let scope = AIScope()
        EventLogging.enable(logger: outerLog.logger(), level: .info)
        let insideState = withIsolatedInstruments {
            EventLogging.disable()
            scope.send(.ping(1))
            return EventLogging.isEnabled
        }
        scope.send(.ping(2))
        EventLogging.disable()
        #expect(insideState)
        #expect(outerLog.contains("<- ping(1)"))
        #expect(outerLog.contains("<- ping(2)"))
    }
}
