// swift-format-ignore-file
// A test plan of a session of Notes, written by TestPlanSource from its recording (15 events).
// Each completion is sent as the event its effect delivered, as the recording holds it; the
// effects stay pending, since a plan runs none, so the plan is not strict about effects.

import Foundation
import Statoscope
import StatoscopeTesting
import Testing

@Test func edgeCasesPlan() throws {
    try Notes.GIVEN { Notes() }
        .strictEffects(false)
        .strictState(false)
        // Leaf reads the dependency `greeting` (@Injected): inject it with .injecting(_:) if an update reads it
        // line 2: Notes
        .WHEN(.write("say \"hi\"\\ \n\tnew line, é, 日本, e\u{301}, \u{202E}rtl, \0, 🎉"))
        .THEN(\.text, equals: "say \"hi\"\\ \n\tnew line, é, 日本, e\u{301}, \u{202E}rtl, \0, 🎉")
        // line 3: Notes
        .WHEN(.tag("a", at: 0))
        .THEN(\.tags, equals: ["a"])
        // line 4: Notes
        .WHEN(.setRatio(-0.0))
        .THEN(\.ratio, equals: -0.0)
        // line 5: Notes
        .WHEN(.setRatio(.infinity))
        .THEN(\.ratio, equals: .infinity)
        // line 6: Notes
        .WHEN(.setOpaque(payload: 3))
        // Notes.opaque changed: Opaque is not Equatable; check it with THEN(\.opaque) { ... }
        // line 7: Notes
        .WHEN(.keep(secret: recorded(#""<redacted>""#)))
        // Notes.secret changed: it is sensitive, so the plan does not write it
        // line 8: Notes
        .WHEN(.setNote(recorded(##"{"stars":-9223372036854775808,"title":"\u2028\"#"}"##)))
        .THEN(\.note, equals: recorded(##"{"stars":-9223372036854775808,"title":"\u2028\"#"}"##))
        // line 9: here Notes's update threw Refused, as it did in the recorded session
        .WHEN_Throws(.fail)
        // line 10: Notes
        .WHEN(.openDrawer(rows: 2))
        .THEN_NotNil(\.drawer)
        .THEN(\.drawer?.rows.count, equals: 2)
        .THEN(\.drawer?.rows[0].leaf.count, equals: 0)
        .THEN_Nil(\.drawer?.rows[0].leaf.label)
        .THEN(\.drawer?.rows[1].leaf.count, equals: 0)
        .THEN_Nil(\.drawer?.rows[1].leaf.label)
        // line 11: Notes.drawer.rows[1].leaf
        .WHEN(\.drawer?.rows[1].leaf, .tap)
        .THEN(\.drawer?.rows[1].leaf.count, equals: 1)
        // line 12: Notes.drawer.rows[1].leaf
        .WHEN(\.drawer?.rows[1].leaf, .name(nil))
        // line 13: Notes.drawer.rows[1].leaf
        .WHEN(\.drawer?.rows[1].leaf, .name("x"))
        .THEN(\.drawer?.rows[1].leaf.label, equals: "x")
        // line 14: here Notes.drawer.rows[1].leaf's update threw Refused, as it did in the recorded session
        .WITH(\.drawer?.rows[1].leaf) { try $0.WHEN_Throws(.refuse) }
        // line 15: Notes.drawer.rows[0]
        .WHEN(\.drawer?.rows[0], recorded(#"{"none":{}}"#))
        // line 16: Notes.drawer
        .WHEN(\.drawer, .addRow)
        .THEN(\.drawer?.rows.count, equals: 3)
        .THEN(\.drawer?.rows[2].leaf.count, equals: 0)
        .THEN_Nil(\.drawer?.rows[2].leaf.label)
        .runTest()
}

/// A value as the recording holds it, decoded as the type the plan expects there.
private func recorded<Value: Decodable>(_ json: String) throws -> Value {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return try decoder.decode(Value.self, from: Data(json.utf8))
}
