import Statoscope
import StatoscopeTesting
import Testing

/// Counts how often a plan's builder ran.
@MainActor
private final class Tally {
    var builds = 0
}

@Suite struct ForkTests {
    @Test func aBranchSeesTheStateUpToItsForkAndTheMainLineNeverSeesTheBranch() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("apple"))
                .WHEN(.userAddsItem("pear"))
                .FORK(.userAddsItem("kiwi")) { branch in
                    try branch
                        .THEN(\.items, equals: ["apple", "pear", "kiwi"])
                        .WHEN(.userAddsItem("fig"))
                        .THEN(\.items, equals: ["apple", "pear", "kiwi", "fig"])
                }
                .THEN(\.items, equals: ["apple", "pear"])
                .WHEN(.userAddsItem("plum"))
                .THEN(\.items, equals: ["apple", "pear", "plum"])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aBranchFailureIsReportedAtTheBranchStepAndTheOtherLinesStillPass() throws {
        let plan = try Cart.GIVEN { Cart() }
            .WHEN(.userAddsItem("apple"))
        let branchLine: UInt = #line + 2
        _ = try plan.FORK(.userAddsItem("kiwi")) { branch in
            try branch.THEN(\.items, equals: ["kiwi"])
        }
        _ = try plan.THEN(\.items, equals: ["apple"])
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(failures.map(\.location.line) == [branchLine])
        #expect(failures.first?.message.contains(#"actual: ["apple", "kiwi"]"#) == true)
    }

    @Test func nestedForksEachSeeTheirAncestorsUpToTheirOwnForkPoint() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("a"))
                .FORK(.userAddsItem("b")) { outer in
                    try outer
                        .WHEN(.userAddsItem("c"))
                        .FORK(.userAddsItem("d")) { inner in
                            try inner
                                .THEN(\.items, equals: ["a", "b", "c", "d"])
                                .FORK(.userAddsItem("e")) { innermost in
                                    try innermost.THEN(\.items, equals: ["a", "b", "c", "d", "e"])
                                }
                                .THEN(\.items, equals: ["a", "b", "c", "d"])
                        }
                        .WHEN(.userAddsItem("x"))
                        .THEN(\.items, equals: ["a", "b", "c", "x"])
                }
                .THEN(\.items, equals: ["a"])
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func everyLineBuildsItsOwnScope() throws {
        let tally = MainQueue.sync { Tally() }
        try Cart.GIVEN {
            tally.builds += 1
            return Cart()
        }
        .FORK(.userAddsItem("a")) { try $0.FORK(.userAddsItem("b")) { $0 } }
        .FORK(.userAddsItem("c")) { $0 }
        .runTest()
        #expect(MainQueue.sync { tally.builds } == 4)
    }

    @Test func checksBeforeAForkAreNotRepeatedInItsBranch() throws {
        let plan = try Cart.GIVEN { Cart() }
        let wrongLine: UInt = #line + 1
        _ = try plan.THEN(\.items, equals: ["never"])
        _ = try plan.FORK(.userAddsItem("a")) { $0 }.FORK(.userAddsItem("b")) { $0 }
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.location.line) == [wrongLine])
    }

    @Test func aBranchCanStartByCompletingAnEffectPendingAtItsForkPoint() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("apple"))
                .FORK_EffectCompletes(SaveCart.self, with: 7) { branch in
                    try branch
                        .THEN(\.savedCount, equals: 7)
                        .THEN_NotEnqueued(SaveCart.self)
                }
                .FORK_EffectFails(SaveCart.self, with: CheckoutRefused()) { branch in
                    try branch.THEN(\.saveError, equals: "CheckoutRefused()")
                }
                .THEN_Nil(\.savedCount)
                .THEN_Enqueued(SaveCart(items: ["apple"]))
                .WHEN_EffectCompletes(SaveCart.self, with: 1)
                .THEN(\.savedCount, equals: 1)
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aFailedActionEndsItsLineWithoutRunningTheForksAfterIt() throws {
        let plan = try Cart.GIVEN { Cart() }
        let throwingLine: UInt = #line + 1
        _ = try plan.WHEN(.userChecksOutEmptyCart)
        _ = try plan.FORK(.userAddsItem("a")) { try $0.THEN(\.items, equals: ["never"]) }
        _ = try plan.THEN(\.items, equals: ["never"])
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.unexpectedThrow])
        #expect(failures.map(\.location.line) == [throwingLine])
    }
}
