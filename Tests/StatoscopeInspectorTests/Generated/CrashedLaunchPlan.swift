// swift-format-ignore-file
// A test plan of a session of Launchpad, written by TestPlanSource from its recording (3 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Statoscope
import StatoscopeTesting
import Testing

@Test func crashedLaunch() throws {
    try Launchpad.GIVEN { Launchpad() }
        .strictEffects(false)
        .strictState(false)
        // line 2: Launchpad
        .WHEN(.count(1))
        .THEN(\.count, equals: 1)
        // line 3: Launchpad
        .WHEN(.count(2))
        .THEN(\.count, equals: 2)
        // line 4: Launchpad received the recorded run's last event, and the run ended without stopping its recorder: if it ended in an update, it was this one.
        // Sent here, it could end this test's process too; the exit test below sends it:
        // .WHEN(.abort)
        .runTest()
}

#if os(macOS) || os(Linux) || os(Windows)
/// The recorded run ended after its last event, without stopping its recorder: this
/// test checks that sending it ends the process, in a process of its own.
@Test func crashedLaunchEndsTheProcess() async {
    await #expect(processExitsWith: .failure) {
        try await MainActor.run {
            try Launchpad.GIVEN { Launchpad() }
                .strictEffects(false)
                .strictState(false)
                .WHEN(.count(1))
                .WHEN(.count(2))
                .WHEN(.abort)
                .runTest()
        }
    }
}
#endif
