// swift-format-ignore-file
// A test plan of a session of DemoApp, written by TestPlanSource from its recording (17 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

@Test func failingServerReportPlan() throws {
    try DemoApp.GIVEN { DemoApp() }
        .strictEffects(false)
        .strictState(false)
        // line 2: DemoApp
        .WHEN(.userOpensLiveCount)
        .THEN_NotNil(\.liveCount)
        .THEN(\.liveCount?.viewShowsLive, equals: true)
        .THEN_Nil(\.liveCount?.viewDisplaysServerCount)
        .THEN_Nil(\.liveCount?.viewDisplaysError)
        // line 6: DemoApp.liveCount, delivered by LiveCountUpdates
        .WHEN(\.liveCount, .liveUpdatesEnd(.failed(recorded(#"{"message":"GET /counter/live answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.liveCount?.viewShowsLive, equals: false)
        .THEN(\.liveCount?.viewDisplaysError, equals: "GET /counter/live answered 503: failing on purpose (--failing-server)")
        // line 7: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 1)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 13: DemoApp.counter, delivered by PostCount
        .WHEN(\.counter, .networkPostCompleted(.failure(recorded(#"{"message":"POST /counter answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.counter.viewDisplaysError, equals: "POST /counter answered 503: failing on purpose (--failing-server)")
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 14: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 2)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 20: DemoApp.counter, delivered by PostCount
        .WHEN(\.counter, .networkPostCompleted(.failure(recorded(#"{"message":"POST /counter answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 21: DemoApp.counter
        .WHEN(\.counter, .userTappedIncrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 3)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 27: DemoApp.counter, delivered by PostCount
        .WHEN(\.counter, .networkPostCompleted(.failure(recorded(#"{"message":"POST /counter answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 28: DemoApp.counter
        .WHEN(\.counter, .userTappedDecrementButton)
        .THEN(\.counter.viewDisplaysTotalCount, equals: 2)
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: true)
        // line 34: DemoApp.counter, delivered by PostCount
        .WHEN(\.counter, .networkPostCompleted(.failure(recorded(#"{"message":"POST /counter answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.counter.viewShowsLoadingAndDisablesButtons, equals: false)
        // line 35: DemoApp
        .WHEN(.userClosesLiveCount)
        .THEN_Nil(\.liveCount)
        // line 36: DemoApp
        .WHEN(.userSelectsTab(.profile))
        .THEN(\.selectedTab, equals: .profile)
        .THEN(\.profile.viewShowsLoading, equals: true)
        // line 40: DemoApp.profile, delivered by LoadProfile
        .WHEN(\.profile, .networkFinishesLoadingProfile(.failure(recorded(#"{"message":"GET /profile answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.profile.viewShowsLoading, equals: false)
        .THEN(\.profile.viewDisplaysError, equals: "GET /profile answered 503: failing on purpose (--failing-server)")
        // line 41: DemoApp.profile
        .WHEN(\.profile, .userTypesNewEmail(userEmail: recorded(#""<redacted>""#)))
        // DemoApp.profile.email changed: it is sensitive, so the plan does not write it
        // line 42: DemoApp.profile
        .WHEN(\.profile, .userTapsChangeEmailButton)
        .THEN(\.profile.viewShowsSaving, equals: true)
        .THEN_Nil(\.profile.viewDisplaysError)
        // line 46: DemoApp.profile, delivered by SaveProfile
        .WHEN(\.profile, .networkFinishesSavingProfile(.failure(recorded(#"{"message":"PUT /profile answered 503: failing on purpose (--failing-server)"}"#))))
        .THEN(\.profile.viewShowsSaving, equals: false)
        .THEN(\.profile.viewDisplaysError, equals: "PUT /profile answered 503: failing on purpose (--failing-server)")
        // line 47: here DemoApp.profile's update threw InvalidStateError, as it did in the recorded session
        .WITH(\.profile) { try $0.WHEN_Throws(.networkFinishesSavingProfile(.success(recorded(#"{"email":"<redacted>","name":"John Appleseed"}"#)))) }
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
