import FlyingFox
import Foundation

extension InspectorSession {
    /// The page's "copy as test plan": the Swift source of a test plan that replays the session.
    ///
    /// The one place the inspector generates a plan's source; until the generator is part of the
    /// inspector, it answers that it is not available.
    func testPlan() -> HTTPResponse {
        InspectorServer.text(
            "generating a test plan from the session is not available in this version of the inspector\n",
            status: .notImplemented)
    }
}
