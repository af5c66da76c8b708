import Statoscope
import StatoscopeTesting
import Testing

/// A negative or huge count asked of a missing optional subscope fails its step only.
extension EffectCountExtremesTests {
    @Test func aNegativeOrHugeCountOnAMissingOptionalSubscopeFailsItsStepOnly() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .THEN_Enqueued(\.pad, Countdown.self, count: Int.min)
                .THEN_Enqueued(\.pad, Countdown(from: 1), count: Int.max)
                .THEN_Enqueued(\.pad, Countdown.self, count: -1)
                .runTest()
        }
        #expect(failures.count == 3, "\(failures)")
    }
}
