import Statoscope
import StatoscopeTesting
import Testing

// The earlier Statoscope's test-facing API: runTest's two assertions, WITH without a body and POP,
// clearing pending effects from a step on, and a scope's debugDescription.

@Suite struct EarlierTestAPITests {
    @Test func runTestCanLeaveAScopeAliveAndEffectsPending() throws {
        nonisolated(unsafe) var kept: ProfileScreen?
        let relaxed = try capturingFailures {
            try ProfileScreen.GIVEN {
                let screen = ProfileScreen()
                kept = screen
                return screen
            }
            .WHEN(.userOpensProfile)
            .runTest(assertRelease: false, assertNoPendingEffects: false)
        }
        #expect(relaxed.isEmpty, "\(relaxed)")
        let strict = try capturingFailures {
            try ProfileScreen.GIVEN { kept ?? ProfileScreen() }
                .WHEN(.userOpensProfile)
                .runTest(assertRelease: true, assertNoPendingEffects: true)
        }
        #expect(Set(strict.map(\.kind)) == [.pendingEffects, .retainCycle], "\(strict)")
        let pendingOnly = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }.WHEN(.userOpensProfile).runTest(
                assertNoPendingEffects: true)
        }
        #expect(pendingOnly.map(\.kind) == [.pendingEffects])
        kept = nil
    }

    @Test func withWithoutABodyAddressesTheChildUntilPop() throws {
        let plan = try ProfileScreen.GIVEN { ProfileScreen() }
            .WHEN(.userTapsEdit)
            .WITH(\.editor)
            .WHEN(.userTypes("Ada"))
            .THEN(\.draft, equals: "Ada")
            .POP()
            .WITH(\.avatar)
            .THEN(\.selectedColor, equals: "blue")
            .POP()
            .THEN(\.followerCount, equals: 0)
        #expect(
            plan.specification.contains(
                """
                - **With** profile screen › editor
                  - **When** user types: `"Ada"`
                  - **Then** draft is `"Ada"`
                - **With** profile screen › avatar
                  - **Then** selected color is `"blue"`
                - **Then** follower count is `0`
                """), "\(plan.specification)")
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func aStepChangesTheClearingForTheRestOfTheLine() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userOpensProfile)
                .WHEN(.userTapsFollow)
                .THEN_Enqueued(ProfileScreen.LoadProfile.self, count: 1)
                .clearingPendingEffectsFromHere(onWhen: .thisScope)
                .FORK(.userTapsFollow) { branch in
                    try branch.THEN_NoEffects()
                }
                .WHEN(.userTapsFollow)
                .THEN_NoEffects()
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @MainActor
    @Test func aScopesDebugDescriptionShowsItsStateByName() throws {
        let screen = ProfileScreen()
        screen.send(.userTapsFollow)
        _ = screen.avatar
        #expect(
            screen.debugDescription == """
                ProfileScreen
                  displayName = ""
                  isLoading = false
                  followerCount = 1
                  avatar: AvatarPicker
                  editor: nil
                  badges: []
                """)
        #expect(screen.avatar.debugDescription.hasPrefix("AvatarPicker at ProfileScreen.avatar\n"))
    }
}

@Suite struct NestedWithTests {
    @Test func nestedWithsPopOneLevelEach() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userEarnsBadge("early"))
                .WITH(\.badges[0])
                .WHEN(.userPins)
                .THEN(\.isPinned, equals: true)
                .POP()
                .WITH(\.avatar)
                .WITH(\.palette)
                .WHEN(.userAddsShade("teal"))
                .THEN(\.shades, equals: ["teal"])
                .POP()
                .THEN(\.selectedColor, equals: "red")
                .POP()
                .THEN(\.badges.count, equals: 1)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 5], "\(failures)")
        #expect(
            failures.first?.message.hasPrefix(
                "THEN(\\AvatarPicker.selectedColor, equals: ...) on ProfileScreen.avatar") == true)
    }

    @Test func nestedWithsWithoutPopAddressTheGrandchildToTheEnd() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WITH(\.avatar)
                .WITH(\.palette)
                .WHEN(.userAddsShade("teal"))
                .THEN(\.shades, equals: ["teal"])
                .THEN(\.shades.count, equals: 2)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 3], "\(failures)")
        #expect(
            failures.first?.message.hasPrefix(
                "THEN(\\Palette.shades.count, equals: ...) on ProfileScreen.avatar.palette") == true,
            "\(failures)")
    }

    @Test func aNestedWithOnTheOptionalFormToo() throws {
        let plan = try ProfileScreen.GIVEN { ProfileScreen() }
            .WHEN(.userTapsEdit)
            .WITH(\.avatar)
            .WITH(\.palette)
        let popped: NestedTestPlan<AvatarPicker, TestPlan<ProfileScreen>> = plan.POP()
        try popped.POP().WITH(\.editor).THEN(\.draft, equals: "").runTest()
    }
}
