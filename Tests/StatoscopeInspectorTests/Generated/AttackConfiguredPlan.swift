// swift-format-ignore-file
// A test plan of a session of AttackConfigured, written by TestPlanSource from its recording (1 event).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func attackConfiguredPlan() throws {
    try AttackConfigured.GIVEN { AttackConfigured() }
        .strictEffects(false)
        .strictState(false)
        // line 2: AttackConfigured
        .WHEN(.increment)
        .THEN(\.count, equals: 10)
        .runTest()
}
