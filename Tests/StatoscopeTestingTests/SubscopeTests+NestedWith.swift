import Statoscope
import StatoscopeTesting
import Testing

/// `WITH` without a body nests three deep, and each `POP` goes back one level.
extension SubscopeTests {
    @Test func withWithoutABodyNestsThreeDeepAndPopsBack() throws {
        let failures = try capturingFailures {
            try Station.GIVEN { Station() }
                .WHEN(.openControl)
                .WHEN(\.control, .userOpensPad)
                .WITH(\.control)
                .WITH(\.pad)
                .WHEN(.userTappedLaunch(from: 2))
                .THEN_Enqueued(Countdown(from: 2))
                .WHEN_StreamYields(Countdown.self, 2)
                .THEN(\.remaining, equals: 2)
                .POP()
                .THEN_NotNil(\.pad)
                .POP()
                .WHEN(.closeControl)
                .THEN_Cancelled(Countdown(from: 2))
                .THEN_Nil(\.control)
                .runTest()
        }
        #expect(failures == [], "\(failures)")
    }
}
