// swift-format-ignore-file
// A test plan of a session of TrickyEnums, written by TestPlanSource from its recording (3 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyEnumsPlan() throws {
    try TrickyEnums.GIVEN { TrickyEnums() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyEnums
        .WHEN(.set(.loading(progress: 0.5, label: "a \"b\"")))
        .THEN(\.phase, equals: .loading(progress: 0.5, label: "a \"b\""))
        // line 3: TrickyEnums
        .WHEN(.set(.pair(-1, "")))
        .THEN(\.phase, equals: .pair(-1, ""))
        // line 4: TrickyEnums
        .WHEN(.set(.nested(.nested(.idle))))
        .THEN(\.phase, equals: .nested(.nested(.idle)))
        .runTest()
}
