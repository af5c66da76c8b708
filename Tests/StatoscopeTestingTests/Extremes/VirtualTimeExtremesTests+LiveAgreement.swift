import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// For every key policy with an interval of zero or less, a plan and a live run agree on what is
/// pending.
extension VirtualTimeExtremesTests {
    @Test(arguments: [
        EffectKeyPolicy.debounce(.zero), .debounce(.milliseconds(-1)), .throttle(.zero),
        .throttle(.milliseconds(-1)), .cancelOlder, .keepOlder,
    ])
    @MainActor
    func aPlanAndALiveRunAgreeOnWhatIsPendingForAnIntervalOfZeroOrLess(policy: EffectKeyPolicy) async throws {
        let live = Paced()
        live.send(.run(1, policy))
        live.send(.run(2, policy))
        let pendingLive = live.effectsState.effects.count
        let lapsLive = live.effectsState.effects.map { "\($0)" }
        let failures = try capturingFailures {
            try Paced.GIVEN { Paced() }
                .WHEN(.run(1, policy))
                .WHEN(.run(2, policy))
                .THEN_Enqueued(Lap.self, count: pendingLive)
                .runTest(assertNoPendingEffects: false)
        }
        #expect(failures == [], "live: \(pendingLive) pending \(lapsLive); \(failures)")
        #expect(await live.effectsState.settlesWithinTestPatience())
    }
}
