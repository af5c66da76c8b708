// swift-format-ignore-file
// A test plan of a session of DemoApp, written by TestPlanSource from its recording (21 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

@Test func demoSessionAtTheEnd() throws {
    try DemoApp.GIVEN { DemoApp() }
        .strictEffects(false)
        .strictState(false)
        // line 2: DemoApp
        .WHEN(.userOpensLiveCount)
        // line 3: DemoApp.liveCount
        .WHEN(\.liveCount, .serverPushesCount(recorded(#"{"count":0}"#)))
        // line 4: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        // line 5: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":1}"#))))
        // line 6: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        // line 7: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":2}"#))))
        // line 8: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        // line 9: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":3}"#))))
        // line 10: DemoApp.counter
        .WHEN(\.counter, .userTappedDecrementButton)
        // line 11: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":2}"#))))
        // line 12: DemoApp.liveCount
        .WHEN(\.liveCount, .serverPushesCount(recorded(#"{"count":10}"#)))
        // line 13: DemoApp
        .WHEN(.userClosesLiveCount)
        // line 14: DemoApp
        .WHEN(.userSelectsTab(.profile))
        // line 15: DemoApp.profile
        .WHEN(\.profile, .networkFinishesLoadingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#))))
        // line 16: DemoApp.profile
        .WHEN(\.profile, .userTypesNewEmail(userEmail: recorded(#""<redacted>""#)))
        // line 17: DemoApp.profile
        .WHEN(\.profile, .userTapsChangeEmailButton)
        // line 18: DemoApp.profile
        .WHEN(\.profile, .networkFinishesSavingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#))))
        // line 19: here DemoApp.profile's update threw InvalidStateError, as it did in the recorded session
        .WITH(\.profile) { try $0.WHEN_Throws(.networkFinishesSavingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#)))) }
        // line 20: DemoApp
        .WHEN(.userSelectsTab(.counter))
        // line 21: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        // line 22: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":11}"#))))
        .THEN(\.counter.viewDisplaysTotalCount, equals: 11)
        .THEN(\.profile.name, equals: "John Appleseed")
        // DemoApp.profile.email changed: it is sensitive, so the plan does not write it
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
