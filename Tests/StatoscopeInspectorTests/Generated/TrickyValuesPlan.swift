// swift-format-ignore-file
// A test plan of a session of TrickyValues, written by TestPlanSource from its recording (1 event).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyValuesPlan() throws {
    try TrickyValues.GIVEN { TrickyValues() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyValues
        .WHEN(.change(recorded(#"123456789.1234567"#)))
        // TrickyValues.lossy changed: TrickyLossy does not decode from its JSON to the same value (a sensitive value is redacted in it)
        // TrickyValues.point changed: TrickyPoint is not Codable, so it cannot be written as Swift source here
        .THEN(\.date, equals: recorded(#"123456789.1234567"#))
        .THEN(\.decimal, equals: recorded(#"0.1"#))
        .THEN(\.link, equals: recorded(#""https://example.org/a%20b?q=%22x%22#frag""#))
        .THEN(\.dictionary, equals: recorded(##"{"\"#":2,"a":1}"##))
        .THEN(\.smallest, equals: -9223372036854775808)
        .THEN(\.big, equals: 18446744073709551615)
        .THEN(\.tiny, equals: -128)
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
