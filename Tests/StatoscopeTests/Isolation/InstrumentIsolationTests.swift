import Foundation
import Logging
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTesting
import Testing

/// A scope whose events start an effect, a failing effect and a stream, and whose update can throw.
@MainActor
final class Isolated: Scope {
    var received: [String] = []

    enum When: Codable, Sendable, TrackedWhen {
        case load
        case loaded(Int)
        case failToLoad
        case ticks(Int)
        case tick(Int)
        case boom
    }

    struct Load: Effect {
        func runEffect() async throws -> When { .loaded(7) }
    }

    struct FailedLoad: Error, CustomStringConvertible {
        var description: String { "FailedLoad" }
    }

    struct LoadThatFails: Effect {
        func runEffect() async throws -> When { throw FailedLoad() }
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

    struct Refused: Error, CustomStringConvertible {
        var description: String { "Refused" }
    }

    func update(_ when: When) throws {
        received.append("\(when)")
        switch when {
        case .load: effectsState.enqueue(Load())
        case .failToLoad: effectsState.enqueue(LoadThatFails())
        case .ticks(let count): effectsState.enqueue(Ticks(count: count))
        case .boom: throw Refused()
        case .loaded, .tick: break
        }
    }
}

/// Counts the events an app-wide middleware sees, by scope.
@MainActor
final class SeenEvents {
    private(set) var whens: [String] = []
    private var registration: InstrumentRegistration?

    init() {
        registration = Middleware.addAppWide { [weak self] event, next in
            self?.whens.append("\(event.when)")
            try next(event)
        }
    }

    var isInstalled: Bool { registration != nil }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct InstrumentIsolationTests {
    @Test func middlewareInsideSeesOnlyTheEventsSentInside() {
        let outside = Isolated()
        let seen = withIsolatedInstruments {
            let seen = SeenEvents()
            let inside = Isolated()
            inside.send(.loaded(1))
            withIsolatedInstruments { inside.send(.loaded(2)) }
            return seen
        }
        // Sent after the isolation ended, and from outside it: neither is seen.
        outside.send(.loaded(3))
        #expect(seen.whens == ["loaded(1)", "loaded(2)"])
    }

    @Test func anInnerIsolationsInstrumentsDoNotSeeTheOuterOnesEvents() {
        var inner: [String] = []
        withIsolatedInstruments {
            let scope = Isolated()
            withIsolatedInstruments {
                let registration = Middleware.addAppWide { event, next in
                    inner.append("\(event.when)")
                    try next(event)
                }
                scope.send(.loaded(1))
                withExtendedLifetime(registration) {}
            }
            scope.send(.loaded(2))
        }
        #expect(inner == ["loaded(1)"])
    }

    @Test func instrumentsInstalledOutsideSeeEventsSentInside() {
        let scope = Isolated()
        var outside: [String] = []
        let registration = Middleware.addAppWide { event, next in
            if event.scope === scope { outside.append("\(event.when)") }
            try next(event)
        }
        defer { registration.remove() }
        withIsolatedInstruments { scope.send(.loaded(1)) }
        #expect(outside == ["loaded(1)"])
    }

    @Test func whatWasInstalledInsideStopsWhenTheIsolationEnds() {
        var count = 0
        var kept: InstrumentRegistration?
        let scope = Isolated()
        withIsolatedInstruments {
            kept = Middleware.addAppWide { event, next in
                count += 1
                try next(event)
            }
        }
        // Kept, yet stopped: an isolation's instruments never outlive it.
        scope.send(.loaded(1))
        withIsolatedInstruments { scope.send(.loaded(2)) }
        #expect(kept != nil)
        #expect(count == 0)
    }

    @Test func effectsStartedInsideDeliverInside() async {
        await withIsolatedInstruments {
            let seen = SeenEvents()
            let scope = Isolated()
            scope.send(.load)
            scope.send(.ticks(3))
            await scope.effectsState.waitUntilSettled()
            // The two effects run at once: their deliveries may come in either order.
            #expect(seen.whens.prefix(2) == ["load", "ticks(3)"])
            #expect(seen.whens.dropFirst(2).sorted() == ["loaded(7)", "tick(1)", "tick(2)", "tick(3)"])
        }
    }

    @Test func errorHandlersInsideReceiveOnlyTheReportsMadeInside() async {
        let outsideScope = Isolated()
        let reports = await withIsolatedInstruments {
            var reports: [String] = []
            let registration = ErrorReporting.addHandler { report in reports.append("\(report.error)") }
            let scope = Isolated()
            scope.send(.boom)
            scope.send(.failToLoad)
            await scope.effectsState.waitUntilSettled()
            // Reported from a detached task's hop to the main actor: not inside.
            await Task.detached { await outsideScope.send(.boom) }.value
            withExtendedLifetime(registration) {}
            return reports
        }
        #expect(reports == ["Refused", "FailedLoad"])
    }

    @Test func tasksMadeInsideInheritTheIsolationDetachedOnesDoNot() async {
        await withIsolatedInstruments {
            let seen = SeenEvents()
            let scope = Isolated()
            await Task { scope.send(.loaded(1)) }.value
            await Task.detached { await scope.send(.loaded(2)) }.value
            #expect(seen.whens == ["loaded(1)"])
        }
    }

    @Test func testsRunningAtOnceEachSeeTheirOwn() async {
        // Two runs interleave on the main actor, each sending 50 events a yield apart.
        async let first = countingRun(sending: 50)
        async let second = countingRun(sending: 50)
        let (a, b) = await (first, second)
        #expect(a == 50)
        #expect(b == 50)
    }

    private func countingRun(sending count: Int) async -> Int {
        await withIsolatedInstruments {
            let seen = SeenEvents()
            let scope = Isolated()
            for index in 0..<count {
                scope.send(.loaded(index))
                await Task.yield()
            }
            return seen.whens.count
        }
    }

    @Test func analyticsSinksInsideReceiveOnlyTheEventsAcceptedInside() async {
        let received = CriticalState<[String]>([])
        let outsideScope = Isolated()
        await withIsolatedInstruments {
            let registration = Analytics.install { event in received.withLock { $0.append(event.name) } }
            Isolated().send(.loaded(1))
            await Task.detached { await outsideScope.send(.loaded(2)) }.value
            await Analytics.waitUntilDelivered()
            withExtendedLifetime(registration) {}
        }
        #expect(received.withLock { $0 } == ["loaded"])
    }

    @Test func theErrorLoggerSetInsideIsTheLoggerOfWhatHappensInside() {
        let log = CapturedLog()
        let outsideScope = Isolated()
        withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            #expect(ErrorReporting.logger.label == "test")
            Isolated().send(.boom)
        }
        outsideScope.send(.boom)
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.contains("Isolated.update(boom) threw Refused") == true)
    }

    @Test func eventLoggingEnabledInsideLogsWhatHappensInsideOnly() async {
        let log = CapturedLog()
        let outsideScope = Isolated()
        await withIsolatedInstruments {
            EventLogging.enable(logger: log.logger(), level: .info)
            #expect(EventLogging.isEnabled)
            let scope = Isolated()
            scope.send(.load)
            await scope.effectsState.waitUntilSettled()
            await Task.detached { await outsideScope.send(.loaded(2)) }.value
        }
        let expected = [
            "info Isolated <- load",
            "info Isolated effect Load() enqueued",
            "info Isolated effect Load() started",
            "info Isolated effect Load() completed",
            "info Isolated <- loaded(7)",
        ]
        #expect(log.lines == expected)
        outsideScope.send(.loaded(3))
        #expect(log.lines == expected)
    }

    @Test func aTestsOwnFlightRecorderComesBeforeOneTheAppStartedLater() async {
        let elsewhere = Isolated()
        let inside = await withIsolatedInstruments {
            var inside: [ErrorReport] = []
            let scope = Isolated()
            let own = FlightRecorder(recording: scope)
            // Started later, for the whole app: from a detached task, as another test would.
            let appWide = await Task.detached { @MainActor in FlightRecorder(recording: elsewhere) }.value
            let registration = ErrorReporting.addHandler { inside.append($0) }
            scope.send(.loaded(1))
            scope.send(.boom)
            withExtendedLifetime((own, appWide, registration)) {}
            return inside
        }
        #expect(inside.count == 1)
        #expect(inside.first?.flightRecording?.contains("loaded") == true)
    }

    @Test func aFlightRecorderStartedInsideGoesIntoTheReportsMadeInsideOnly() async {
        let outsideScope = Isolated()
        var outside: [ErrorReport] = []
        // Installed for the whole app: it sees the report made outside the isolation.
        let everywhere = ErrorReporting.addHandler { report in
            if report.scopeID == ObjectIdentifier(outsideScope) { outside.append(report) }
        }
        defer { everywhere.remove() }
        let inside = await withIsolatedInstruments {
            var inside: [ErrorReport] = []
            let scope = Isolated()
            let recorder = FlightRecorder(recording: scope)
            let registration = ErrorReporting.addHandler { inside.append($0) }
            scope.send(.boom)
            await Task.detached { await outsideScope.send(.boom) }.value
            withExtendedLifetime((recorder, registration)) {}
            return inside
        }
        #expect(inside.count == 1)
        #expect(inside.first?.flightRecording?.contains("boom") == true)
        #expect(outside.count == 1)
        #expect(outside.first?.flightRecording?.contains("boom") != true)
    }
}

/// With the trait, a middleware a test installs sees none of the events sent from outside it.
@MainActor
@Suite(.isolatedInstruments)
struct IsolatedInstrumentsTraitTests {
    @Test func aTestWithTheTraitSeesOnlyItsOwnEvents() async {
        let seen = SeenEvents()
        let scope = Isolated()
        scope.send(.loaded(1))
        await Task.detached { await scope.send(.loaded(2)) }.value
        #expect(seen.whens == ["loaded(1)"])
    }

    @Test(arguments: [1, 2, 3])
    func eachCaseOfAParameterizedTestHasItsOwn(count: Int) async {
        let seen = SeenEvents()
        let scope = Isolated()
        for index in 0..<count {
            scope.send(.loaded(index))
            await Task.yield()
        }
        #expect(seen.whens.count == count)
    }
}
