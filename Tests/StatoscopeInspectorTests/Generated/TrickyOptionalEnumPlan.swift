// swift-format-ignore-file
// A test plan of a session of TrickyOptionalEnum, written by TestPlanSource from its recording (2 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyOptionalEnumPlan() throws {
    try TrickyOptionalEnum.GIVEN { TrickyOptionalEnum() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyOptionalEnum
        .WHEN(.pickNone)
        .THEN(\.mode, equals: recorded(#"{"none":{}}"#))
        // line 3: TrickyOptionalEnum
        .WHEN(.listNone)
        .THEN(\.modes, equals: recorded(#"[{"none":{}},null,{"some":{}}]"#))
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
