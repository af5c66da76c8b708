// swift-format-ignore-file
// A test plan of a session of TrickyInitCase, written by TestPlanSource from its recording (1 event).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyInitCasePlan() throws {
    try TrickyInitCase.GIVEN { TrickyInitCase() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyInitCase
        .WHEN(recorded(#"{"init":{}}"#))
        .THEN(\.count, equals: 1)
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
