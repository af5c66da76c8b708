import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// However an isolation ends (returning, throwing, cancelled, a thousand in a row, siblings in either
/// order), what it installed stops, and the outer instruments keep running.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationExitTests {
    @Test func aThrowingIsolationRethrowsAndStopsWhatItInstalled() {
        let scope = IsolatedScope()
        let kept = MainBox<SeenEvents?>(nil)
        let log = KeptLog("inner")
        #expect(throws: IsolatedError(n: 42)) {
            try withIsolatedInstruments {
                kept.value = SeenEvents()
                EventLogging.enable(logger: log.logger(), level: .info)
                ErrorReporting.logger = log.logger()
                scope.send(.ping(1))
                throw IsolatedError(n: 42)
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
        let scope = IsolatedScope()
        let kept = MainBox<SeenEvents?>(nil)
        let sink = NameSink()
        let sinkRegistration = MainBox<InstrumentRegistration?>(nil)
        let log = KeptLog("inner")
        await #expect(throws: IsolatedError(n: 43)) {
            try await withIsolatedInstruments {
                kept.value = SeenEvents()
                sinkRegistration.value = sink.install()
                EventLogging.enable(logger: log.logger(), level: .info)
                ErrorReporting.logger = log.logger()
                scope.send(.load(1))
                await scope.effectsState.waitUntilSettled(timeout: .seconds(240))
                throw IsolatedError(n: 43)
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
        let scope = IsolatedScope()
        let kept = MainBox<SeenEvents?>(nil)
        let task = Task {
            try await withIsolatedInstruments {
                kept.value = SeenEvents()
                scope.send(.ping(1))
                // Far longer than any test run: only the cancellation below ends it, however long
                // other suites hold the main actor before it comes.
                try await Task.sleep(for: .seconds(86_400))
            }
        }
        #expect(await yieldUntil { kept.value != nil })
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        scope.send(.ping(2))
        #expect(kept.value?.whens == ["ping(1)"])
    }

    @Test func anInnerIsolationThatThrowsLeavesTheOutersInstrumentsRunning() {
        let scope = IsolatedScope()
        let log = KeptLog("outer")
        let outer = SeenEvents()
        let reports = SeenReports()
        EventLogging.enable(logger: log.logger(), level: .info)
        ErrorReporting.logger = log.logger()
        for attempt in 0..<3 {
            do {
                try withIsolatedInstruments {
                    let inner = SeenEvents()
                    scope.send(.ping(attempt))
                    withExtendedLifetime(inner) {}
                    throw IsolatedError(n: attempt)
                }
            } catch {}
        }
        scope.send(.ping(10))
        scope.send(.boom(11))
        EventLogging.disable()
        #expect(outer.whens == ["ping(0)", "ping(1)", "ping(2)", "ping(10)", "boom(11)"])
        #expect(reports.errors == ["IsolatedError(11)"])
        #expect(log.contains("<- ping(10)"))
        #expect(log.contains("IsolatedError(11)"))
        #expect(ErrorReporting.logger.label == "outer")
    }

    @Test func siblingIsolationsEndingInEitherOrderKeepTheOthersInstruments() async {
        let scope = IsolatedScope()
        let firstGate = EffectGate()
        let secondGate = EffectGate()
        let firstKept = MainBox<SeenEvents?>(nil)
        let secondKept = MainBox<SeenEvents?>(nil)
        async let first: [String] = withIsolatedInstruments {
            let seen = SeenEvents(only: scope)
            firstKept.value = seen
            scope.send(.ping(1))
            await firstGate.wait()
            return seen.whens
        }
        async let second: [String] = withIsolatedInstruments {
            let seen = SeenEvents(only: scope)
            secondKept.value = seen
            scope.send(.ping(2))
            // The first ends while this one still runs: this one's instruments keep going.
            firstGate.open()
            await secondGate.wait()
            scope.send(.ping(3))
            return seen.whens
        }
        #expect(await yieldUntil { firstKept.value != nil && secondKept.value != nil })
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

    @Test func aThousandIsolationsInARowLeaveNothingRunning() async {
        let scope = IsolatedScope()
        let outer = SeenEvents()
        let kept = MainBox<[InstrumentRegistration]>([])
        let sink = NameSink()
        for index in 0..<1_000 {
            withIsolatedInstruments {
                kept.value.append(Middleware.addAppWide { event, next in try next(event) })
                kept.value.append(ErrorReporting.addHandler { _ in })
                kept.value.append(sink.install())
                EventLogging.enable(logger: KeptLog("row").logger())
                ErrorReporting.logger = KeptLog("row").logger()
                scope.send(.ping(index))
            }
        }
        let counting = SeenEvents()
        scope.send(.ping(-1))
        await Analytics.waitUntilDelivered()
        #expect(outer.count == 1_001)
        #expect(counting.whens == ["ping(-1)"])
        #expect(sink.names.value.count == 1_000)
        #expect(ErrorReporting.logger.label != "row")
        #expect(kept.value.count == 3_000)
    }
}
