import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// Event logging and the error logger set inside an isolation: nested, restored at each level, the
/// logger of its tasks and effects, and never the outer's or a sibling's.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationLoggingTests {
    @Test func eventLoggingEnabledInsideLeavesTheOutersOn() {
        let outerLog = KeptLog("outer")
        let innerLog = KeptLog("inner")
        let scope = IsolatedScope()
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
        let outerLog = KeptLog("outer")
        let scope = IsolatedScope()
        EventLogging.enable(logger: outerLog.logger(), level: .info)
        withIsolatedInstruments { EventLogging.disable() }
        #expect(EventLogging.isEnabled)
        scope.send(.ping(2))
        EventLogging.disable()
        #expect(outerLog.contains("<- ping(2)"))
    }

    @Test func eventLoggingEnabledInsideTwiceOrDisabledTwiceIsHarmless() {
        let log = KeptLog("inner")
        let second = KeptLog("second")
        let scope = IsolatedScope()
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
        let log = KeptLog("inner")
        let outsideScope = IsolatedScope()
        outsideScope.send(.gated(9))
        await withIsolatedInstruments {
            EventLogging.enable(logger: log.logger(), level: .info, stateDiffs: true)
            let scope = IsolatedScope()
            scope.send(.gatedFailure(5))
            scope.gate.open()
            outsideScope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await outsideScope.effectsState.waitUntilSettled(timeout: .seconds(240))
        }
        #expect(log.contains("<- gatedFailure(5)"))
        #expect(log.contains("GatedFailure"))
        #expect(log.contains("IsolatedError(5)"))
        #expect(log.contains("changed"))
        #expect(!log.contains("Gated(n: 9"))
        #expect(!log.contains("loaded(9)"))
    }

    @Test func aSiblingsEventLoggingIsNotTheOthers() async {
        let log = KeptLog("logging")
        let scope = IsolatedScope()
        let gate = EffectGate()
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

    @Test func theErrorLoggerNestsAndIsRestoredAtEachLevel() {
        let outerLog = KeptLog("outer")
        let innerLog = KeptLog("inner")
        let scope = IsolatedScope()
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
        #expect(outerLog.contains("IsolatedError(1)"))
        #expect(!outerLog.contains("IsolatedError(2)"))
        #expect(outerLog.contains("IsolatedError(3)"))
        #expect(outerLog.contains("IsolatedError(4)"))
        #expect(innerLog.lines.count == 1)
        #expect(innerLog.contains("IsolatedError(2)"))
    }

    @Test func theErrorLoggerSetInsideIsTheLoggerOfItsTasksAndEffects() async {
        let log = KeptLog("inner")
        let scope = IsolatedScope()
        await withIsolatedInstruments {
            ErrorReporting.logger = log.logger()
            await Task { scope.send(.boom(1)) }.value
            scope.send(.gatedFailure(2))
            scope.gate.open()
            await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
            await Task.detached { await IsolatedScope().send(.boom(3)) }.value
        }
        #expect(log.contains("IsolatedError(1)"))
        #expect(log.contains("IsolatedError(2)"))
        #expect(!log.contains("IsolatedError(3)"))
    }
}

/// The promise of `EventLogging.disable()` inside an isolation, once clarified: it turns off the
/// logging that isolation turned on, and logging turned on outside still logs what happens inside.
@MainActor
@Suite(.isolatedInstruments)
struct IsolationLoggingDisableTests {
    @Test func eventLoggingDisabledInsideLeavesTheOutersLoggingOfWhatHappensThere() {
        let outerLog = KeptLog("outer")
        let scope = IsolatedScope()
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
