// swift-format-ignore-file
// A test plan of a session of TrickyDelimiters, written by TestPlanSource from its recording (8 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyDelimitersPlan() throws {
    try TrickyDelimiters.GIVEN { TrickyDelimiters() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyDelimiters
        .WHEN(.setTitle(recorded(###"{"title":"\"##"}"###)))
        .THEN(\.title, equals: recorded(###"{"title":"\"##"}"###))
        // line 3: TrickyDelimiters
        .WHEN(.write("\"##\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m"))
        .THEN(\.text, equals: "\"##\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m")
        // line 4: TrickyDelimiters
        .WHEN(.setTitle(recorded(#####"{"title":"\"###\"####"}"#####)))
        .THEN(\.title, equals: recorded(#####"{"title":"\"###\"####"}"#####))
        // line 5: TrickyDelimiters
        .WHEN(.write("\"###\"####\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m"))
        .THEN(\.text, equals: "\"###\"####\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m")
        // line 6: TrickyDelimiters
        .WHEN(.setTitle(recorded(##"{"title":"#\""}"##)))
        .THEN(\.title, equals: recorded(##"{"title":"#\""}"##))
        // line 7: TrickyDelimiters
        .WHEN(.write("#\"\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m"))
        .THEN(\.text, equals: "#\"\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m")
        // line 8: TrickyDelimiters
        .WHEN(.setTitle(recorded(#"{"title":"\\"}"#)))
        .THEN(\.title, equals: recorded(#"{"title":"\\"}"#))
        // line 9: TrickyDelimiters
        .WHEN(.write("\\\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m"))
        .THEN(\.text, equals: "\\\r\n\u{85}\u{2028}\u{FEFF}\u{7F}\u{1B}[31m")
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
