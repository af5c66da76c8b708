import Statoscope
import StatoscopeTesting
import XCTest

// The earlier Statoscope's spellings of events, checks and settings, as its users' tests wrote them.
// Each warns that it is deprecated and names its replacement (CI checks the warnings), and each
// still does what it did.

@MainActor
final class Register: Scope {
    @Subscope var drawer = Drawer()
    @Subscope var receipt: Drawer? = Drawer()
    var rung = 0

    enum When {
        case ring
        case refuse
    }

    struct Refused: Error {}

    struct Print: Effect, Equatable {
        func runEffect() async throws -> Int { 1 }
    }

    func update(_ when: When) throws {
        switch when {
        case .ring:
            rung += 1
            effectsState.enqueue(Print().map { _ in When.ring })
        case .refuse:
            throw Refused()
        }
    }
}

@MainActor
final class Drawer: Scope {
    var opened = 0

    enum When { case open }

    func update(_ when: When) throws {
        opened += 1
    }
}

final class EarlierEventSpellingsTests: XCTestCase {
    func testTheEarlierSpellingsDoWhatTheyDid() throws {
        try Register.GIVEN { Register() }
            .configure(clearEffectsOnEveryWhenOrEnd: true)
            .WHEN(.ring)
            .WHEN(.ring)
            .THEN { register in
                XCTAssertEqual(register.rung, 2)
                XCTAssertEqual(register.effects.count, 1, "the first Print was cleared by the second ring")
            }
            .AND(\.drawer, .open)
            .AND(\.receipt, .open)
            .THEN(\.drawer.opened, equals: 1)
            .THEN(\.receipt?.opened, equals: 1)
            .throwsWHEN(.refuse)
            .runTest()
    }

    func testTheEarlierSpellingsFailWhereTheirReplacementsFail() throws {
        let failures = try capturingFailures {
            try Register.GIVEN { Register() }
                .WHEN(.ring)
                .THEN { register in
                    if register.rung != 5 { throw CheckFailure("five rings, got \(register.rung)") }
                }
                .throwsWHEN(.ring)
                .runTest()
        }
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(
            failures.first?.message.contains("five rings, got 1") == true,
            failures.first?.message ?? "no failure")
        XCTAssertTrue(
            failures.last?.message.hasPrefix("WHEN_Throws(.ring) on Register: update did not throw") == true,
            failures.last?.message ?? "no failure")
    }

    // Where a deprecation cannot offer a fix-it that compiles, its message spells the replacement
    // out: here each is written exactly as its message says, and does what the earlier spelling did.
    func testTheReplacementsTheMessagesSpellOutCompileAndDoTheSame() throws {
        try Register.GIVEN { Register() }
            .clearingPendingEffects(onWhen: .thisScope)
            .WHEN(.ring)
            .WHEN(.ring)
            .THEN(\.self) { register in
                XCTAssertEqual(register.rung, 2)
                XCTAssertEqual(
                    register.effectsState.effects.count, 1, "the first Print was cleared by the second ring")
            }
            .WHEN(\.drawer, .open)
            .WHEN(\.receipt, .open)
            .THEN(\.drawer.opened, equals: 1)
            .WHEN_Throws(.refuse)
            .runTest()
        try Register.GIVEN { Register() }
            .clearingPendingEffects(onWhen: .none)
            .WHEN(.ring)
            .WHEN(.ring)
            .THEN(\.self) { register in
                XCTAssertEqual(register.effectsState.effects.count, 2, "nothing was cleared")
            }
            .runTest(assertRelease: true, assertNoPendingEffects: false)
    }
}
