// swift-format-ignore-file
// A test plan of a session of AttackDoubleOptional, written by TestPlanSource from its recording (2 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func attackDoubleOptionalPlan() throws {
    try AttackDoubleOptional.GIVEN { AttackDoubleOptional() }
        .strictEffects(false)
        .strictState(false)
        // line 2: AttackDoubleOptional
        .WHEN(.clearInside)
        .THEN(\.label, equals: nil)
        // line 3: AttackDoubleOptional
        .WHEN(.clearOutside)
        .THEN_Nil(\.label)
        .runTest()
}
