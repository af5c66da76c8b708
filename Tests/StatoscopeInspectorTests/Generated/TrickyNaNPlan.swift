// swift-format-ignore-file
// A test plan of a session of TrickyNaN, written by TestPlanSource from its recording (2 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyNaNPlan() throws {
    try TrickyNaN.GIVEN { TrickyNaN() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyNaN
        .WHEN(.setRatio(.nan))
        // TrickyNaN.ratio changed to NaN, which equals nothing, not even itself: not checked
        // line 3: TrickyNaN
        .WHEN(.setSingle(Float(bitPattern: 0xffc00000)))
        // TrickyNaN.single changed to NaN, which equals nothing, not even itself: not checked
        .runTest()
}
