import Statoscope
import StatoscopeTesting
import Testing

// Strict state: every change an event or a completion makes is read by a check before the next one.

@Suite struct StrictStateTests {
    @Test func anUncheckedChangeFailsAtTheStepThatMadeItWithBeforeAndAfter() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .strictState()
                .WHEN(.userOpensProfile)
                .THEN(\.isLoading, equals: true)
                .WHEN_EffectCompletes(ProfileScreen.LoadProfile.self, with: "Ada")
                .THEN(\.displayName, equals: "Ada")
                .WHEN(.userTapsFollow)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.uncheckedState, .uncheckedState], "\(failures)")
        #expect(failures.map(\.location.line) == [#line - 6, #line - 4])
        #expect(
            failures.first?.message == """
                This step changed 1 property that no THEN checked before the next step (strict state)
                expected: every change checked with THEN, AND, THEN_Nil or THEN_NotNil
                actual: unchecked:
                  ProfileScreen.isLoading: true → false
                """)
        #expect(failures.last?.message.hasSuffix("  ProfileScreen.followerCount: 0 → 1") == true)
    }

    @Test func checkedChangesPass() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .strictState()
                .WHEN(.userOpensProfile)
                .THEN(\.isLoading, equals: true)
                .WHEN_EffectCompletes(ProfileScreen.LoadProfile.self, with: "Ada")
                .THEN(\.displayName, equals: "Ada")
                .AND(\.isLoading, equals: false)
                .WHEN(.userTapsEdit)
                .THEN_NotNil(\.editor)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func changesInNestedScopesAreNamedByTheirPathAndCheckedThroughThem() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .strictState()
                .WHEN(.userTapsEdit)
                .THEN_NotNil(\.editor)
                .WHEN(\.editor, .userTypes("Ada"))
                .WITH(\.avatar) { avatar in
                    try avatar.WHEN(.userPicks("green")).THEN(\.selectedColor, equals: "green")
                }
                .WHEN(.userEarnsBadge("early"))
                .THEN(\.badges.count, equals: 1)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 8], "\(failures)")
        #expect(failures.first?.message.hasSuffix(#"  ProfileScreen.editor.draft: "" → "Ada""#) == true)
    }

    @Test func aReplacedChildIsAChangeToCheck() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .strictState()
                .WHEN(.userTapsEdit)
                .WHEN(.userTapsEdit)
                .runTest()
        }
        #expect(
            failures.map(\.message.lastLine) == [
                "  ProfileScreen.editor: nil → [NameEditor]",
                "  ProfileScreen.editor: [NameEditor] → [NameEditor] (replaced)",
            ], "\(failures)")
    }

    @Test func aBranchChecksItsOwnStepsFromItsForkPoint() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .strictState()
                .WHEN(.userOpensProfile)
                .THEN(\.isLoading, equals: true)
                .FORK(.userClosesProfile) { closed in
                    try closed.THEN(\.displayName, equals: "")
                }
                .WHEN_EffectCompletes(ProfileScreen.LoadProfile.self, with: "Ada")
                .THEN(\.displayName, equals: "Ada")
                .AND(\.isLoading, equals: false)
                .runTest()
        }
        try #require(failures.count == 1, "\(failures)")
        #expect(failures[0].location.line == #line - 9)
        #expect(failures[0].message.hasSuffix("  ProfileScreen.isLoading: true → false"))
    }

    @Test func showingSkippedNotesWhatALenientPlanLetsPassWithoutFailing() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .showingSkipped()
                .WHEN(.userOpensProfile)
                .WHEN(.userTapsFollow)
                .THEN(\.followerCount, equals: 1)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.skippedCheck, .skippedCheck], "\(failures)")
        #expect(failures.allSatisfy { !$0.failsTheTest })
        #expect(
            failures.first?.message == """
                This step changed 1 property that no THEN checked, which strictState() would fail:
                  ProfileScreen.isLoading: false → true
                """)
        #expect(
            failures.last?.message
                == "1 effect is still pending at the end of the plan, which strictEffects() would fail: "
                + "ProfileScreen: [ProfileScreen.LoadProfile(userID: 7)]")
    }

    @Test func lenientByDefaultAndStrictThroughTheTaskDefault() throws {
        func plan() throws {
            try ProfileScreen.GIVEN { ProfileScreen() }.WHEN(.userTapsFollow).runTest()
        }
        #expect(try capturingFailures(plan).isEmpty)
        let strict = try TestPlanDefaults.$strictState.withValue(true) { try capturingFailures(plan) }
        #expect(strict.map(\.kind) == [.uncheckedState])
    }

    @Test func aChangeToAChildNotReadYetIsReportedAtTheStepThatMadeIt() throws {
        let signIn: UInt = #line + 4
        let failures = try capturingFailures {
            try ReadingSession.GIVEN { ReadingSession() }
                .strictState()
                .WHEN(.signIn("Ada"))
                .THEN(\.user, equals: "Ada")
                .WHEN(\.list, .appeared)
                .THEN(\.list.appeared, equals: true)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [signIn], "\(failures.map(\.message))")
        #expect(failures.first?.message.lastLine == #"  ReadingSession.list.user: nil → "Ada""#)
    }

    @Test func aChangeToAChildNotReadYetIsCheckedThroughIt() throws {
        let failures = try capturingFailures {
            try ReadingSession.GIVEN { ReadingSession() }
                .strictState()
                .WHEN(.signIn("Ada"))
                .THEN(\.user, equals: "Ada")
                .AND(\.list.user, equals: "Ada")
                .WHEN(\.list, .appeared)
                .THEN(\.list.appeared, equals: true)
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test(.strictState) func theTraitMakesTheTestsPlansStrict() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }.WHEN(.userTapsFollow).runTest()
        }
        #expect(failures.map(\.kind) == [.uncheckedState])
    }
}

extension String {
    fileprivate var lastLine: String {
        split(separator: "\n").last.map(String.init) ?? ""
    }
}

/// Who is signed in: the session writes it, and the list it shows reads it.
enum ReadingKeys {
    static let user = SharedKey<String?>("readingSessionUser", default: nil)
}

/// A session whose list is created with it and first read when the list appears.
@MainActor
final class ReadingSession: Scope {
    @Shared(ReadingKeys.user) var user: String?
    @Subscope var list = ReadingList()

    enum When { case signIn(String) }

    func update(_ when: When) throws {
        if case .signIn(let name) = when { user = name }
    }
}

@MainActor
final class ReadingList: Scope {
    @Shared(ReadingKeys.user) var user: String?
    var appeared = false

    enum When { case appeared }

    func update(_ when: When) throws {
        appeared = true
    }
}
