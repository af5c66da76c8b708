import Statoscope
import StatoscopeTesting
import Testing

/// A negative or huge count asked of a missing optional subscope fails its step only.
extension EffectCountExtremesTests {
    @Test func aNegativeOrHugeCountOnAMissingOptionalSubscopeFailsItsStepOnly() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .WITH(\.pad) { try $0.THEN_Enqueued(Countdown.self, count: Int.min) }
                .WITH(\.pad) { try $0.THEN_Enqueued(Countdown(from: 1), count: Int.max) }
                .WITH(\.pad) { try $0.THEN_Enqueued(Countdown.self, count: -1) }
                .runTest()
        }
        #expect(failures.count == 3, "\(failures)")
    }
}
