// swift-format-ignore-file
// A test plan of a session of DemoApp, written by TestPlanSource from its recording (21 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

@Test func demoSessionPlan() throws {
    try DemoApp.GIVEN { DemoApp() }
        .strictEffects(false)
        .strictState(false)
        // line 2: DemoApp
        .WHEN(.userOpensLiveCount)
        .THEN_NotNil(\.liveCount)
        .THEN(\.liveCount?.viewShowsLive, equals: true)
        .THEN_Nil(\.liveCount?.viewDisplaysServerCount)
        .THEN_Nil(\.liveCount?.viewDisplaysError)
        // line 3: DemoApp.liveCount
        .WHEN(\.liveCount, .serverPushesCount(recorded(#"{"count":0}"#)))
        .THEN(\.liveCount?.viewDisplaysServerCount, equals: 0)
        // line 4: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 1)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 5: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":1}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 6: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 2)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 7: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":2}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 8: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 3)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 9: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":3}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 10: DemoApp.counter
        .WHEN(\.counter, .userTappedDecrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 2)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 11: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":2}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 12: DemoApp.liveCount
        .WHEN(\.liveCount, .serverPushesCount(recorded(#"{"count":10}"#)))
        .THEN(\.counter.viewDisplaysTotalCount, equals: 10)
        .THEN(\.liveCount?.viewDisplaysServerCount, equals: 10)
        // line 13: DemoApp
        .WHEN(.userClosesLiveCount)
        .THEN_Nil(\.liveCount)
        // line 14: DemoApp
        .WHEN(.userSelectsTab(.profile))
        .THEN(\.selectedTab, equals: .profile)
        .THEN(\.profile.viewShowsLoading, equals: true)
        // line 15: DemoApp.profile
        .WHEN(\.profile, .networkFinishesLoadingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#))))
        .THEN(\.profile.name, equals: "John Appleseed")
        // DemoApp.profile.email changed: it is sensitive, so the plan does not write it
        .THEN(\.profile.viewShowsLoading, equals: false)
        // line 16: DemoApp.profile
        .WHEN(\.profile, .userTypesNewEmail(userEmail: recorded(#""<redacted>""#)))
        // line 17: DemoApp.profile
        .WHEN(\.profile, .userTapsChangeEmailButton)
        .THEN(\.profile.viewShowsSaving, equals: true)
        // line 18: DemoApp.profile
        .WHEN(\.profile, .networkFinishesSavingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#))))
        .THEN(\.profile.viewShowsSaving, equals: false)
        // line 19: here DemoApp.profile's update threw InvalidStateError, as it did in the recorded session
        .WITH(\.profile) { try $0.WHEN_Throws(.networkFinishesSavingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#)))) }
        // line 20: DemoApp
        .WHEN(.userSelectsTab(.counter))
        .THEN(\.selectedTab, equals: .counter)
        // line 21: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 11)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 22: DemoApp.counter
        .WHEN(\.counter, .networkPostCompleted(.success(recorded(#"{"count":11}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
