import FlyingFox
import Foundation
import Statoscope

extension InspectorSession {
    /// The page's "copy as test plan": the Swift source of a test plan that replays the session into
    /// a fresh tree and checks the state after each step. For an opened recording, the plan plays it
    /// as it was read: an event that ended its run is written as the plan's last step, not sent.
    func testPlan() async -> HTTPResponse {
        do {
            guard recording.testPlan != nil else {
                throw InspectorUnavailable(reason: SessionRecording.noReplay)
            }
            let session: Recording
            if let opened {
                session = opened.recording
            } else {
                session = try await recording.recording()
            }
            // Writing the plan replays the session: the inspector's own instruments skip those
            // events, with no suspension while they do.
            feed.isReplaying = true
            defer { feed.isReplaying = false }
            return InspectorServer.text(try recording.testPlanSource(of: session), status: .ok)
        } catch {
            return InspectorServer.text(
                "cannot write a test plan of this session: \(error)\n", status: .conflict)
        }
    }
}
