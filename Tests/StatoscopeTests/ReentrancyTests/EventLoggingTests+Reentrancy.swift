import Statoscope
import StatoscopeTestSupport
import Testing

/// Logging is app-wide: these run with the other logging tests, one at a time.
extension EventLoggingTests {
    @Test func cancellingFromInsideAPredicateLogsEachCancellationOnce() async {
        let log = CapturedLog()
        EventLogging.enable(logger: log.logger())
        defer { EventLogging.disable() }
        let root = LoggingRoot()
        let downloader = root.downloader
        for value in 1...3 { downloader.send(.start(value)) }
        var calls = 0
        downloader.effectsState.cancelEffect { effect in
            calls += 1
            // Cancels everything, the effect asked about included, from inside the predicate.
            if calls == 1 { downloader.effectsState.cancelAllEffects() }
            return true
        }
        #expect(calls == 3)
        #expect(downloader.effectsState.effects.isEmpty)
        let cancelled = log.lines.filter { $0.hasPrefix("debug LoggingRoot.downloader effect") }
            .filter { $0.hasSuffix(" cancelled") }
            .map {
                $0.replacingOccurrences(
                    of: ", gate: StatoscopeTestSupport.Gate, probe: StatoscopeTests.EffectProbe", with: "")
            }
        #expect(
            cancelled == [
                "debug LoggingRoot.downloader effect GatedEffect(value: 1, fails: false) cancelled",
                "debug LoggingRoot.downloader effect GatedEffect(value: 2, fails: false) cancelled",
                "debug LoggingRoot.downloader effect GatedEffect(value: 3, fails: false) cancelled",
            ])
        await downloader.gate.open()
        #expect(await downloader.effectsState.settlesWithinTestPatience())
        #expect(downloader.received.isEmpty)
    }
}
