import Statoscope
import StatoscopeTesting

/// A plan that fails in one known way, with where and how it must be reported.
///
/// The same scenarios run under XCTest and under Swift Testing, through the library's capture hook
/// and end to end through each test library, so every failure kind is checked the same way on both.
struct FailureScenario: Sendable, CustomStringConvertible {
    let kind: PlanFailure.Kind
    let run: @Sendable () throws -> Void
    /// The line the failure must point at, in this file.
    let line: UInt
    /// Text the message must contain, expected and actual values included.
    let fragments: [String]

    static let filePath = #filePath

    var description: String { "\(kind.rawValue) at line \(line)" }

    /// Whether a reported failure is this scenario's: kind (when known), file, line and message.
    func matches(message: String, filePath: String, line: UInt) -> Bool {
        filePath == Self.filePath && line == self.line && fragments.allSatisfy { message.contains($0) }
    }

    static let all: [FailureScenario] =
        [
            wrongThenValue, unexpectedEffect, missingEffect, pendingEffectsInStrictMode, retainCycle,
            planNeverRun, whenThrowsUnexpectedly,
        ] + observable

    /// The same kinds, and those that name a property or a path, on `@Observable` scopes: every
    /// property reads as written, never as `<computed 0x…>`.
    static let observable: [FailureScenario] = [
        observableWrongValue, observableCheckerThrew, observableNil, observableUnreachable,
        observableUncheckedState, observablePendingEffects, observableWrongScope, observableNotEnqueued,
    ]

    static let observableWrongValue: FailureScenario = {
        let line: UInt = #line + 5
        return FailureScenario(
            kind: .wrongValue,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .THEN(\.followerCount, equals: 2)
                    .runTest()
            }, line: line,
            fragments: [
                "THEN(\\ProfileScreen.followerCount, equals: ...) on ProfileScreen failed", "expected: 2",
            ])
    }()

    static let observableCheckerThrew: FailureScenario = {
        let line: UInt = #line + 5
        return FailureScenario(
            kind: .wrongValue,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .THEN(\.avatar.selectedColor) { _ in throw CheckFailure("not red") }
                    .runTest()
            }, line: line,
            fragments: [
                "THEN(\\ProfileScreen.avatar.selectedColor) { ... } on ProfileScreen: the check threw not red",
                #"actual: "blue""#,
            ])
    }()

    static let observableNil: FailureScenario = {
        let line: UInt = #line + 6
        return FailureScenario(
            kind: .wrongValue,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .WHEN(.userTapsEdit)
                    .THEN_Nil(\.editor)
                    .runTest()
            }, line: line,
            fragments: ["THEN_Nil(\\ProfileScreen.editor) on ProfileScreen failed", "expected: nil"])
    }()

    static let observableUnreachable: FailureScenario = {
        let line: UInt = #line + 5
        return FailureScenario(
            kind: .unreachableScope,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .WHEN(\.editor, .userTypes("Ada"))
                    .runTest()
            }, line: line,
            fragments: [
                "ProfileScreen.editor is nil, so this step has no NameEditor to address",
                "expected: a NameEditor",
            ])
    }()

    static let observableUncheckedState: FailureScenario = {
        let line: UInt = #line + 6
        return FailureScenario(
            kind: .uncheckedState,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .strictState()
                    .WHEN(.userTapsFollow)
                    .runTest()
            }, line: line,
            fragments: ["expected: every change checked", "ProfileScreen.followerCount: 0 → 1"])
    }()

    static let observablePendingEffects: FailureScenario = {
        let line: UInt = #line + 8
        return FailureScenario(
            kind: .pendingEffects,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .strictEffects()
                    .WHEN(.userTapsEdit)
                    .WHEN(\.editor, .userSaves)
                    .runTest()
            }, line: line,
            fragments: [
                "1 effect is still pending at the end of a strict plan",
                #"actual: ProfileScreen.editor: [NameEditor.SaveName(name: "")]"#,
            ])
    }()

    static let observableWrongScope: FailureScenario = {
        let line: UInt = #line + 7
        return FailureScenario(
            kind: .missingEffect,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .WHEN(.userTapsEdit)
                    .WHEN(\.editor, .userSaves)
                    .WHEN_EffectFails(NameEditor.SaveName.self, with: CheckoutRefused())
                    .runTest()
            }, line: line,
            fragments: ["a SaveName is pending on ProfileScreen.editor: address that scope"])
    }()

    static let observableNotEnqueued: FailureScenario = {
        let line: UInt = #line + 6
        return FailureScenario(
            kind: .unexpectedEffect,
            run: {
                try ProfileScreen.GIVEN { ProfileScreen() }
                    .WHEN(.userOpensProfile)
                    .THEN_NotEnqueued(ProfileScreen.LoadProfile.self)
                    .runTest()
            }, line: line,
            fragments: ["THEN_NotEnqueued(LoadProfile.self) on ProfileScreen failed"])
    }()

    static let wrongThenValue: FailureScenario = {
        let line: UInt = #line + 5
        return FailureScenario(
            kind: .wrongValue,
            run: {
                try Cart.GIVEN { Cart() }
                    .THEN(\.savedCount, equals: 2)
                    .runTest()
            }, line: line,
            fragments: ["THEN(\\Cart.savedCount, equals: ...) on Cart failed", "expected: 2", "actual: nil"])
    }()

    static let unexpectedEffect: FailureScenario = {
        let line: UInt = #line + 6
        return FailureScenario(
            kind: .unexpectedEffect,
            run: {
                try Cart.GIVEN { Cart() }
                    .WHEN(.userAddsItem("apple"))
                    .THEN_NoEffects()
                    .runTest()
            }, line: line,
            fragments: [
                "THEN_NoEffects on Cart failed", "expected: no pending effect",
                #"actual: pending effects: [SaveCart(items: ["apple"]), TrackEvent(name: "cart_changed")]"#,
            ])
    }()

    static let missingEffect: FailureScenario = {
        let line: UInt = #line + 6
        return FailureScenario(
            kind: .missingEffect,
            run: {
                try Cart.GIVEN { Cart() }
                    .WHEN(.userAddsItem("apple"))
                    .THEN_Enqueued(SaveCart(items: ["pear"]))
                    .runTest()
            }, line: line,
            fragments: [
                "THEN_Enqueued on Cart: no pending effect equals the expected one",
                #"expected: SaveCart(items: ["pear"]) pending"#,
                #"actual: pending effects: [SaveCart(items: ["apple"]), TrackEvent(name: "cart_changed")]"#,
            ])
    }()

    static let pendingEffectsInStrictMode: FailureScenario = {
        let line: UInt = #line + 7
        return FailureScenario(
            kind: .pendingEffects,
            run: {
                try Cart.GIVEN { Cart() }
                    .strictEffects()
                    .WHEN(.userAddsItem("apple"))
                    .runTest()
            }, line: line,
            fragments: [
                "2 effects are still pending at the end of a strict plan", "expected: no pending effect",
                #"actual: Cart: [SaveCart(items: ["apple"]), TrackEvent(name: "cart_changed")]"#,
            ])
    }()

    static let retainCycle: FailureScenario = {
        let line: UInt = #line + 4
        return FailureScenario(
            kind: .retainCycle,
            run: {
                try SelfRetaining.GIVEN { SelfRetaining() }
                    .WHEN(.userChangesSomething)
                    .runTest()
            }, line: line,
            fragments: [
                "SelfRetaining (built by GIVEN) is still alive after the plan ran",
                "expected: SelfRetaining released", "actual: SelfRetaining alive",
            ])
    }()

    static let planNeverRun: FailureScenario = {
        let line: UInt = #line + 4
        return FailureScenario(
            kind: .neverRun,
            run: {
                let plan = try Cart.GIVEN { Cart() }
                    .WHEN(.userAddsItem("apple"))
                // Released here without runTest().
                _ = plan
            }, line: line,
            fragments: [
                "The plan GIVEN Cart was built but never run", "expected: runTest() called",
                "actual: the plan was released without running",
            ])
    }()

    static let whenThrowsUnexpectedly: FailureScenario = {
        let line: UInt = #line + 6
        return FailureScenario(
            kind: .unexpectedThrow,
            run: {
                try Cart.GIVEN { Cart() }
                    .THEN(\.items, equals: [])
                    .WHEN(.userChecksOutEmptyCart)
                    .runTest()
            }, line: line,
            fragments: [
                "WHEN(.userChecksOutEmptyCart) on Cart: update threw unexpectedly", "expected: no error",
                "actual: CheckoutRefused()",
            ])
    }()
}
