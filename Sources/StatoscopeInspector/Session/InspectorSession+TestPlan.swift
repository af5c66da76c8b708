import FlyingFox
import Foundation

extension InspectorSession {
    /// The page's "copy as test plan": the Swift source of a test plan that replays the session into
    /// a fresh tree and checks the state after each step.
    func testPlan() -> HTTPResponse {
        // Writing the plan replays the session: the inspector's own instruments skip those events.
        feed.isReplaying = true
        defer { feed.isReplaying = false }
        do {
            return InspectorServer.text(try recording.testPlanSource(), status: .ok)
        } catch {
            return InspectorServer.text(
                "cannot write a test plan of this session: \(error)\n", status: .conflict)
        }
    }
}
