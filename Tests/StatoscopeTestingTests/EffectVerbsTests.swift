import Statoscope
import StatoscopeTesting
import Testing

@Suite struct EffectVerbsTests {
    @Test func effectsAreRecordedInOrderAndNeverRun() throws {
        let runsBefore = EffectRuns.total
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("apple"))
                .THEN_Enqueued(SaveCart(items: ["apple"]))
                .THEN_Enqueued(TrackEvent(name: "cart_changed"))
                .THEN_Enqueued(parameter: \SaveCart.items, equals: ["apple"])
                .WHEN_OlderEffectCompletes(with: 1)
                .THEN(\.savedCount, equals: 1)
                .THEN_NotEnqueued(SaveCart.self)
                .WHEN_OlderEffectCompletes(with: true)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [])
        #expect(EffectRuns.total == runsBefore)
    }

    @Test func completingByTypeGoesThroughTheMapChainAndRemovesTheEffect() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("apple"))
                .THEN(\.isSaving, equals: true)
                .WHEN_EffectCompletes(SaveCart.self, with: 3)
                .THEN(\.isSaving, equals: false)
                .THEN(\.savedCount, equals: 3)
                .THEN_NotEnqueued(SaveCart.self)
                .THEN_Enqueued(TrackEvent(name: "cart_changed"))
                .WHEN_EffectFails(SaveCart.self, with: CheckoutRefused())
                .runTest()
        }
        // The second completion finds no SaveCart: the first removed it.
        #expect(failures.map(\.kind) == [.missingEffect])
        #expect(failures.first?.message.contains("no SaveCart is pending") == true)
        #expect(
            failures.first?.message.contains(
                #"actual: SaveCart completed; pending effects: [TrackEvent(name: "cart_changed")]"#) == true,
            "\(failures)")
    }

    @Test func aFailureReachesAMappedResultAsAWhen() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsItem("apple"))
                .WHEN_EffectFails(SaveCart.self, with: CheckoutRefused())
                .THEN(\.saveError, equals: "CheckoutRefused()")
                .THEN_Nil(\.savedCount)
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func anUnmappedFailureDeliversNothing() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userOpensPromotions)
                .WHEN_EffectFails(LoadPromotion.self, with: CheckoutRefused())
                .THEN_Nil(\.promotion)
                .THEN_NoEffects()
                .WHEN(.userOpensPromotions)
                .WHEN_EffectCompletes(LoadPromotion.self, with: "spring sale")
                .THEN_NotNil(\.promotion)
                .THEN(\.promotion, equals: "spring sale")
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func completingByTypeFailsWhenSeveralOfThatTypeArePending() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsTwoItemsQuickly("a", "b"))
        let ambiguousLine: UInt = #line + 1
        _ = try plan.WHEN_EffectCompletes(SaveCart.self, with: 1)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.ambiguousEffect])
        #expect(failures.map(\.location.line) == [ambiguousLine])
        #expect(failures.first?.message.contains("2 effects of type SaveCart are pending") == true)
        #expect(failures.first?.message.contains("WHEN_OlderEffectCompletes") == true)
    }

    @Test func olderCompletionsGoInEnqueueOrderAndCheckTheResultType() throws {
        let passing = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN(.userAddsTwoItemsQuickly("a", "b"))
                .THEN_Enqueued(parameter: \SaveCart.items, equals: ["a"])
                .THEN_Enqueued(parameter: \SaveCart.items, equals: ["a", "b"])
                .WHEN_OlderEffectCompletes(with: 1)
                .THEN(\.savedCount, equals: 1)
                .WHEN_OlderEffectCompletes(with: true)
                .WHEN_OlderEffectCompletes(with: 2)
                .THEN(\.savedCount, equals: 2)
                .runTest()
        }
        #expect(passing == [])

        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let mismatchLine: UInt = #line + 1
        _ = try plan.WHEN_OlderEffectCompletes(with: "not an Int")
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.mismatchedResult])
        #expect(failures.map(\.location.line) == [mismatchLine])
        #expect(failures.first?.message.contains("expected: a result of type Int") == true)
        #expect(failures.first?.message.contains("actual: a String") == true)
    }

    @Test func enqueuedEffectParameterShowsEveryPendingValueWhenNoneMatches() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let line: UInt = #line + 1
        _ = try plan.THEN_Enqueued(parameter: \SaveCart.items.count, equals: 5)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.wrongValue])
        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.message.contains("expected: 5\nactual: 1") == true)
    }

    @Test func noEnqueuedEffectNamesTheUnexpectedOnes() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let line: UInt = #line + 1
        _ = try plan.THEN_NotEnqueued(TrackEvent.self)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.unexpectedEffect])
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.contains(#"actual: pending: [TrackEvent(name: "cart_changed")]"#) == true)
    }

    @Test func anEffectEnqueuedAsAStructureShowsADiffAgainstTheClosestOne() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsTwoItemsQuickly("a", "b"))
        _ = try plan.THEN_Enqueued(SaveCart(items: ["a", "c"]))
        let failures = try capturingFailures { try plan.runTest() }
        let message = try #require(failures.first?.message)
        #expect(message.contains("newest pending SaveCart, difference (− expected, + actual):"))
        #expect(message.contains(#"-     [1]: "c""#))
        #expect(message.contains(#"+     [1]: "b""#))
    }

    @Test func aWhenThatShouldThrowIsCheckedAndItsSiblingFailuresReported() throws {
        let passing = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .WHEN_Throws(.userChecksOutEmptyCart)
                .WHEN_Throws(.userChecksOutEmptyCart, CheckoutRefused.self)
                .WHEN_Throws(.userChecksOutEmptyCart, equals: CheckoutRefused())
                .runTest()
        }
        #expect(passing == [])

        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let notThrowingLine: UInt = #line + 1
        _ = try plan.WHEN_Throws(.userChecksOutEmptyCart)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.missingThrow])
        #expect(failures.map(\.location.line) == [notThrowingLine])
        #expect(failures.first?.message.contains("expected: an error\nactual: no error") == true)
    }

    @Test func anErrorThrownByAQueuedEventFailsTheStepThatSentIt() throws {
        let plan = try Cart.GIVEN { Cart() }.WHEN(.userAddsItem("a"))
        let line: UInt = #line + 1
        _ = try plan.WHEN(.userEmptiesCartAndChecksOut)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.unexpectedThrow])
        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.message.contains("an update threw unexpectedly") == true)
        #expect(failures.first?.message.contains("CheckoutRefused()") == true)
    }
}

@Suite struct PendingEffectsClearingTests {
    @Test func noneKeepsEveryEffect() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .clearingPendingEffects(onWhen: .none)
                .WHEN(.userAddsItem("a"))
                .WHEN(.userAddsItem("b"))
                .THEN_Enqueued(SaveCart(items: ["a"]))
                .THEN_Enqueued(SaveCart(items: ["a", "b"]))
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func thisScopeCancelsTheAddressedScopesEffectsBeforeEachEvent() throws {
        let failures = try capturingFailures {
            try Shop.GIVEN { Shop() }
                .clearingPendingEffects(onWhen: .thisScope)
                .WHEN(\.cart, .userAddsItem("a"))
                .WHEN(.userOpensShop)
                // The event went to the shop: the cart's effects stay.
                .WITH(\.cart) { try $0.THEN_Enqueued(SaveCart(items: ["a"])) }
                .WHEN(\.cart, .userAddsItem("b"))
                .WITH(\.cart) { try $0.THEN_NotEnqueued(TrackEvent.self) }
                .runTest()
        }
        // The second event to the cart cleared its first effects, then enqueued two new ones.
        #expect(failures.map(\.kind) == [.unexpectedEffect])
    }

    @Test func allScopesCancelsEveryReachedScopesEffects() throws {
        let failures = try capturingFailures {
            try Shop.GIVEN { Shop() }
                .clearingPendingEffects(onWhen: .allScopes)
                .WHEN(\.cart, .userAddsItem("a"))
                .WHEN(.userOpensShop)
                .WITH(\.cart) { try $0.THEN_NoEffects() }
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func matchingCancelsOnlyTheEffectsThePredicateAccepts() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .clearingPendingEffects(onWhen: .matching { $0 is TrackEvent })
                .WHEN(.userAddsItem("a"))
                .WHEN(.userAddsItem("b"))
                .THEN_Enqueued(SaveCart(items: ["a"]))
                .THEN_Enqueued(SaveCart(items: ["a", "b"]))
                .WHEN_EffectCompletes(TrackEvent.self, with: true)
                .runTest()
        }
        #expect(failures == [])
    }

    @Test func completionsNeverClear() throws {
        let failures = try capturingFailures {
            try Cart.GIVEN { Cart() }
                .clearingPendingEffects(onWhen: .allScopes)
                .WHEN(.userAddsItem("a"))
                .WHEN_EffectCompletes(SaveCart.self, with: 1)
                .WHEN_EffectCompletes(TrackEvent.self, with: true)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures == [])
    }
}
