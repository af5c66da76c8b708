import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// No trait: what is installed here is installed for the whole process, so each instrument filters
/// by its scope, and nothing here turns logging on or replaces the error logger.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(20)))
struct IsolationAppWideTests {
    @Test func appWideInstrumentsSeeEffectsStartedInsideThatCompleteAfterTheEnd() async {
        let scope = IsolatedScope()
        let appWide = SeenEvents(only: scope)
        let reports = SeenReports(only: scope)
        let other = IsolatedScope()
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
        let scope = IsolatedScope()
        let appWide = SeenEvents(only: scope)
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
        let log = KeptLog(label)
        let scope = IsolatedScope()
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
        let scope = IsolatedScope()
        let appWide = SeenEvents(only: scope)
        withIsolatedInstruments { appWide.registration?.remove() }
        scope.send(.ping(1))
        #expect(appWide.whens.isEmpty)
    }
}
