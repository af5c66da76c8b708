// swift-format-ignore-file
// A test plan of a session of TrickyVault, written by TestPlanSource from its recording (5 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func trickyVaultPlan() throws {
    try TrickyVault.GIVEN { TrickyVault() }
        .strictEffects(false)
        .strictState(false)
        // line 2: TrickyVault
        .WHEN(.store(recorded(#"{"hints":["<redacted>"],"pin":0,"recovery":"<redacted>","user":"ada"}"#)))
        .THEN(\.credentials, equals: recorded(#"{"hints":["<redacted>"],"pin":0,"recovery":"<redacted>","user":"ada"}"#))
        // line 3: TrickyVault
        .WHEN(.keep(token: recorded(#""<redacted>""#)))
        // TrickyVault.token changed: it is sensitive, so the plan does not write it
        // line 4: TrickyVault
        .WHEN(.remember("k", recorded(#""<redacted>""#)))
        .THEN(\.secrets, equals: recorded(#"{"k":"<redacted>"}"#))
        // line 5: here TrickyVault's update threw TrickyLeakyError, as it did in the recorded session
        .WHEN_Throws(.refuse(recorded(#""<redacted>""#)))
        // line 6: TrickyVault.keypad
        .WHEN(\.keypad, .typeDigits(0, confirm: "<redacted>"))
        .THEN(\.keypad.presses, equals: 1)
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
