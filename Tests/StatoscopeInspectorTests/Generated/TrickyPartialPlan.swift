// swift-format-ignore-file
// A test plan of a session of TrickyPartial, written by TestPlanSource from its recording (2 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyPartialPlan() throws {
    try TrickyPartial.GIVEN { TrickyPartial() }
        .strictEffects(false)
        .strictState(false)
        // line 2: here TrickyPartial's update threw Refused, as it did in the recorded session
        .WHEN_Throws(.tryWrite("partial"))
        .THEN(\.text, equals: "partial")
        .THEN(\.attempts, equals: 1)
        // line 3: here TrickyPartial's update threw Refused, as it did in the recorded session
        .WHEN_Throws(.tryWrite("again"))
        .THEN(\.text, equals: "again")
        .THEN(\.attempts, equals: 2)
        .runTest()
}
