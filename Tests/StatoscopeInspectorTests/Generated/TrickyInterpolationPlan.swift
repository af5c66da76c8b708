// swift-format-ignore-file
// A test plan of a session of TrickyDelimiters, written by TestPlanSource from its recording (1 event).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyInterpolationPlan() throws {
    try TrickyDelimiters.GIVEN { TrickyDelimiters() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyDelimiters
        .WHEN(.setTitle(recorded(##"{"title":"\\#(1)"}"##)))
        .THEN(\.title, equals: recorded(##"{"title":"\\#(1)"}"##))
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
