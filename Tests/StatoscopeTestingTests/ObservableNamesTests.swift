import Statoscope
import StatoscopeTesting
import Testing

// Properties of `@Observable` scopes, computed once the macro expands, are named as written in
// messages and specifications, whatever the build configuration (`swift test -c release` included).

@Suite struct ObservableNamesTests {
    @Test func aFailedThenNamesTheObservableProperty() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userTapsFollow)
                .THEN(\.followerCount, equals: 2)
                .runTest()
        }
        #expect(
            failures.map(\.message).first?.hasPrefix("THEN(\\ProfileScreen.followerCount, equals: ...)")
                == true)
        #expect(!failures.map(\.message).joined().contains("computed"), "\(failures)")
    }

    @Test func subscopesOptionalAndListChildrenAreNamed() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .THEN(\.avatar.selectedColor, equals: "red")
                .THEN_Nil(\.editor)
                .WHEN(.userTapsEdit)
                .THEN(\.editor?.draft, equals: "x")
                .WHEN(\.editor, .userTypes("Ada"))
                .THEN(\.badges.count, equals: 1)
                .runTest()
        }
        let messages = failures.map(\.message)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("THEN(\\ProfileScreen.avatar.selectedColor, equals: ...)") })
        #expect(messages.contains { $0.hasPrefix("THEN(\\ProfileScreen.editor?.draft, equals: ...)") })
        #expect(
            messages.contains { $0.hasPrefix("THEN(\\ProfileScreen.badges.count, equals: ...)") },
            "\(messages)")
        #expect(!messages.joined().contains("computed"), "\(messages)")
    }

    @Test func aRowReachedThroughAnIndexIsNamedWithItsIndex() throws {
        let plan = try ProfileScreen.GIVEN { ProfileScreen() }
            .strictState()
            .WHEN(.userEarnsBadge("early"))
            .THEN(\.badges.count, equals: 1)
            .WHEN(.userEarnsBadge("streak"))
            .THEN(\.badges.count, equals: 2)
            .WHEN(\.badges[1], .userPins)
            .THEN(\.badges[1].isPinned, equals: true)
            .AND(\.badges[0].isPinned, equals: true)
        let lines = plan.specification.split(separator: "\n").suffix(3).map(String.init)
        #expect(
            lines == [
                "- **When** in profile screen › badges[1]: user pins",
                "- **Then** badges[1] › is pinned is `true`",
                "- **And** badges[0] › is pinned is `true`",
            ])
        let failures = try capturingFailures { try plan.runTest() }
        // Strict state counts the change at `ProfileScreen.badges[1].isPinned` as checked.
        #expect(failures.map(\.kind) == [.wrongValue], "\(failures.map(\.message))")
        #expect(
            failures.first?.message.hasPrefix("THEN(\\ProfileScreen.badges[0].isPinned, equals: ...)")
                == true,
            "\(failures.map(\.message))")
    }

    @Test func anIndexIntoAPlainListIsNamedToo() throws {
        let plan = try Cart.GIVEN { Cart() }
            .WHEN(.userAddsItem("apple"))
            .THEN(\.items[0], equals: "pear")
        #expect(plan.specification.contains("- **Then** items[0] is `\"pear\"`\n"))
        let failures = try capturingFailures { try plan.runTest() }
        #expect(
            failures.first?.message.hasPrefix("THEN(\\Cart.items[0], equals: ...) on Cart failed") == true,
            "\(failures.map(\.message))")
    }

    @Test func theSpecificationOfAnObservableFeatureReadsAsSentences() throws {
        let plan = try ProfileScreen.GIVEN("a profile screen") { ProfileScreen() }
            .WHEN(.userOpensProfile)
            .THEN(\.isLoading, equals: true)
            .WHEN_EffectCompletes(ProfileScreen.LoadProfile.self, with: "Ada")
            .THEN(\.displayName, equals: "Ada")
            .AND(\.isLoading, equals: false)
            .WITH(\.avatar) { avatar in
                try avatar.WHEN(.userPicks("green")).THEN(\.selectedColor, equals: "green")
            }
        let lines = plan.specification.split(separator: "\n").dropFirst(2).map(String.init)
        #expect(
            lines == [
                "- **Given** a profile screen",
                "- **When** user opens profile",
                "- **Then** is loading is `true`",
                "- **When** `LoadProfile` completes with `\"Ada\"`",
                "- **Then** display name is `\"Ada\"`",
                "- **And** is loading is `false`",
                "- **With** profile screen › avatar",
                "  - **When** user picks: `\"green\"`",
                "  - **Then** selected color is `\"green\"`",
            ])
        try plan.runTest()
    }
}
