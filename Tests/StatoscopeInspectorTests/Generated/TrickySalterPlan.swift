// swift-format-ignore-file
// A test plan of a session of TrickySalter, written by TestPlanSource from its recording (2 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func trickySalterPlan() throws {
    try TrickySalter.GIVEN { TrickySalter() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickySalter
        .WHEN(.typed(.typeDigits(0, confirm: "<redacted>")))
        .THEN(\.history, equals: [.typeDigits(0, confirm: "<redacted>")])
        // line 3: TrickySalter
        .WHEN(.derive)
        // TrickySalter.history changed: Array<When> holds a sensitive value, which the plan never writes
        // TrickySalter.digest changed: it is sensitive, so the plan does not write it
        .runTest()
}
