import Statoscope
import StatoscopeTesting
import Testing

@Suite struct SubscopeTests {
    @Test func withAddressesASubscopeForEventsChecksAndEffects() throws {
        let failures = try capturingFailures {
            try Shop.GIVEN { Shop() }
                .WITH(\.cart) { cart in
                    try cart
                        .WHEN(.userAddsItem("apple"))
                        .THEN(\.items, equals: ["apple"])
                        .THEN_Enqueued(SaveCart(items: ["apple"]))
                        .WHEN_EffectCompletes(SaveCart.self, with: 1)
                        .THEN(\.savedCount, equals: 1)
                }
                .THEN(\.cart.items, equals: ["apple"])
                .THEN(\.visits, equals: 0)
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func whenWithAKeyPathSendsToTheSubscope() throws {
        let failures = try capturingFailures {
            try Shop.GIVEN { Shop() }
                .WHEN(\.cart, .userAddsItem("pear"))
                .THEN(\.cart.items, equals: ["pear"])
                .WITH(\.cart) { try $0.THEN_Enqueued(parameter: \SaveCart.items, equals: ["pear"]) }
                .WITH(\.cart) { try $0.WHEN_EffectCompletes(SaveCart.self, with: 1) }
                .WITH(\.cart) { try $0.WHEN_EffectFails(TrackEvent.self, with: CheckoutRefused()) }
                .WITH(\.cart) { try $0.THEN_NoEffects() }
                .WITH(\.cart) { try $0.THEN_NotEnqueued(SaveCart.self) }
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func anOptionalSubscopeIsFollowedAsItComesAndGoes() throws {
        let failures = try capturingFailures {
            try Shop.GIVEN { Shop() }
                .WHEN(.userOpensPromotionsCart)
                .WITH(\.promotions) { promotions in
                    try promotions
                        .WHEN(.userAddsItem("coupon"))
                        .THEN(\.items, equals: ["coupon"])
                }
                .WHEN(\.promotions, .userAddsItem("gift"))
                .THEN(\.promotions?.items, equals: ["coupon", "gift"])
                .WITH(\.promotions) { try $0.THEN_Enqueued(SaveCart(items: ["coupon", "gift"])) }
                .WITH(\.promotions) { try $0.WHEN_OlderEffectCompletes(with: 1) }
                .WHEN(.userClosesPromotionsCart)
                .THEN_Nil(\.promotions)
                .WHEN(.userOpensPromotionsCart)
                // A new cart: the one reached before was released and replaced.
                .WITH(\.promotions) { try $0.THEN(\.items, equals: []).THEN_NoEffects() }
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aStepAddressingANilSubscopeFailsAtItsLine() throws {
        let plan = try Shop.GIVEN { Shop() }
        let checkLine: UInt = #line + 1
        _ = try plan.WITH(\.promotions) { try $0.THEN(\.items, equals: []) }
        let eventLine: UInt = #line + 1
        _ = try plan.WHEN(\.promotions, .userAddsItem("a"))
        _ = try plan.THEN(\.visits, equals: 1)
        let failures = try capturingFailures { try plan.runTest() }
        // The check fails and the line goes on; the event fails and ends it.
        #expect(failures.map(\.kind) == [.unreachableScope, .unreachableScope])
        #expect(failures.map(\.location.line) == [checkLine, eventLine])
        #expect(failures.first?.message.contains("Shop.promotions is nil") == true)
        #expect(failures.first?.message.contains("expected: a Cart\nactual: nil") == true)
    }

    @Test func aBranchForkedInsideWithKeepsAddressingTheSubscope() throws {
        let failures = try capturingFailures {
            try Shop.GIVEN { Shop() }
                .WITH(\.cart) { cart in
                    try cart
                        .WHEN(.userAddsItem("a"))
                        .FORK(.userAddsItem("b")) { try $0.THEN(\.items, equals: ["a", "b"]) }
                        .THEN(\.items, equals: ["a"])
                }
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func aSubscopeInARetainCycleIsReportedWithItsTypeWhereItWasReached() throws {
        let plan = try Parent.GIVEN { Parent() }
        _ = try plan.WHEN(.userOpensChild)
        let reachedLine: UInt = #line + 1
        _ = try plan.WHEN(\.child, .userTaps)
        _ = try plan.THEN(\.child?.taps, equals: 1)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.retainCycle, .retainCycle])
        #expect(failures.map(\.location.line) == [plan.givenLine, reachedLine])
        #expect(failures.first?.message.contains("Parent (built by GIVEN) is still alive") == true)
        #expect(
            failures.last?.message.contains("Child (reached through Parent.child) is still alive") == true)
    }
}

extension TestPlan {
    /// The line of the plan's `GIVEN`, for checks of failures reported there.
    fileprivate var givenLine: UInt { core.given.line }
}
