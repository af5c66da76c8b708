// swift-format-ignore-file
// A test plan of a session of TrickyKeywords, written by TestPlanSource from its recording (2 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyKeywordsPlan() throws {
    try TrickyKeywords.GIVEN { TrickyKeywords() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyKeywords
        .WHEN(.move(for: 3, default: "x"))
        .THEN(\.default, equals: 3)
        .THEN(\.class, equals: "x")
        // line 3: TrickyKeywords
        .WHEN(recorded(#"{"default":{}}"#))
        .THEN(\.in, equals: true)
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
