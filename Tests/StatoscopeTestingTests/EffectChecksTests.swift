import Statoscope
import StatoscopeTesting
import Testing

// The effect checks users asked for: no longer pending, cancelled, how many are pending, and a
// completion aimed at the wrong scope naming where the effect waits.

@Suite struct EffectChecksTests {
    @Test func anEffectNoLongerPendingPassesAndAStillPendingOneFails() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userOpensProfile)
                .THEN_NotEnqueued(ProfileScreen.LoadProfile(userID: 7))
                .WHEN(.userClosesProfile)
                .THEN_NotEnqueued(ProfileScreen.LoadProfile(userID: 7))
                .THEN_NotEnqueued(ProfileScreen.LoadProfile.self)
                .runTest()
        }
        try #require(failures.count == 1, "\(failures)")
        #expect(failures[0].kind == .unexpectedEffect)
        #expect(failures[0].location.line == #line - 8)
        #expect(
            failures[0].message.hasPrefix(
                "THEN_NotEnqueued(ProfileScreen.LoadProfile(userID: 7)) on ProfileScreen: the effect is still pending"
            ),
            "\(failures[0].message)")
    }

    @Test func aCancelledEffectIsCheckedByValueAndByType() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userOpensProfile)
                .THEN_Cancelled(ProfileScreen.LoadProfile.self)
                .WHEN(.userClosesProfile)
                .THEN_Cancelled(ProfileScreen.LoadProfile(userID: 7))
                .THEN_Cancelled(ProfileScreen.LoadProfile.self)
                .WHEN(.userTapsFollow)
                .THEN_Cancelled(ProfileScreen.LoadProfile.self)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 8, #line - 3], "\(failures)")
        #expect(failures.allSatisfy { $0.kind == .missingEffect })
        #expect(
            failures.first?.message.contains(
                """
                THEN_Cancelled(LoadProfile.self) on ProfileScreen: no such effect was cancelled by the latest \
                event or completion
                expected: LoadProfile.self cancelled
                actual: cancelled: none; pending: [ProfileScreen.LoadProfile(userID: 7)]
                """) == true, "\(failures)")
    }

    @Test func effectsThePlanClearsItselfAreNotCancelledByTheScope() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .clearingPendingEffects(onWhen: .thisScope)
                .WHEN(.userOpensProfile)
                .WHEN(.userTapsFollow)
                .THEN_Cancelled(ProfileScreen.LoadProfile.self)
                .runTest()
        }
        #expect(failures.map(\.kind) == [.missingEffect], "\(failures)")
    }

    @Test func theCountOfPendingEffectsOfAType() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .THEN_Enqueued(ProfileScreen.LoadProfile.self, count: 0)
                .WHEN(.userOpensProfile)
                .AND(.userOpensProfile)
                .THEN_Enqueued(ProfileScreen.LoadProfile.self, count: 2)
                .THEN_Enqueued(ProfileScreen.LoadProfile.self, count: 1)
                .runTest()
        }
        try #require(failures.count == 1, "\(failures)")
        #expect(failures[0].location.line == #line - 4)
        #expect(
            failures[0].message.contains(
                """
                THEN_Enqueued(LoadProfile.self, count: 1) on ProfileScreen failed
                expected: 1 pending LoadProfile
                actual: 2 pending LoadProfile;
                """), "\(failures[0].message)")
    }

    @Test func anEffectExpectedOnceFailsWhenTwoEqualOnesArePending() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userOpensProfile)
                .AND(.userOpensProfile)
                .THEN_Enqueued(ProfileScreen.LoadProfile(userID: 7))
                .THEN_Enqueued(ProfileScreen.LoadProfile(userID: 7), count: 2)
                .THEN_Enqueued(ProfileScreen.LoadProfile(userID: 7), count: 1)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 5, #line - 3], "\(failures)")
        #expect(failures.map(\.kind) == [.unexpectedEffect, .wrongValue])
        #expect(
            failures.first?.message
                == """
                THEN_Enqueued on ProfileScreen: 2 pending effects equal the expected one; when several are \
                meant, say how many with THEN_Enqueued(_:count:)
                expected: one ProfileScreen.LoadProfile(userID: 7) pending
                actual: 2 pending; pending effects: [ProfileScreen.LoadProfile(userID: 7), \
                ProfileScreen.LoadProfile(userID: 7)]
                """, "\(failures)")
        #expect(
            failures.last?.message.hasPrefix(
                """
                THEN_Enqueued(ProfileScreen.LoadProfile(userID: 7), count: 1) on ProfileScreen failed
                expected: 1 pending
                actual: 2 pending;
                """) == true, "\(failures)")
    }

    @Test func aCountShortOfTheExpectedOneSaysWhatBecameOfTheLatestEffect() throws {
        let plan = try ProfileScreen.GIVEN { ProfileScreen() }
            .WHEN(.userOpensProfile)
        let closeLine: UInt = #line + 1
        _ = try plan.WHEN(.userClosesProfile)
            .THEN_Enqueued(ProfileScreen.LoadProfile.self, count: 1)
            .THEN_Enqueued(ProfileScreen.LoadProfile(userID: 7), count: 1)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.count == 2, "\(failures)")
        #expect(
            failures.first?.message.hasSuffix(
                "\nthe latest LoadProfile here was cancelled by the step at line \(closeLine)") == true,
            "\(failures)")
        #expect(
            failures.last?.message.hasSuffix(
                "\nthe latest equal LoadProfile here was cancelled by the step at line \(closeLine)") == true,
            "\(failures)")
    }

    @Test func theCountOfEqualEffectsOnASubscope() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userTapsEdit)
                .WHEN(\.editor, .userSaves)
                .WITH(\.editor) { try $0.THEN_Enqueued(NameEditor.SaveName(name: ""), count: 1) }
                .WITH(\.editor) { try $0.THEN_Enqueued(NameEditor.SaveName(name: "Ada"), count: 0) }
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func effectsEndedByDismissingAChildAreCancelledOnTheParentAndThroughTheKeyPath() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .WHEN(.userOpensPad)
                .WHEN(\.pad, .userTappedLaunch(from: 3))
                .WHEN(\.pad, .userOpenedReadings)
                .WHEN(.userClosesPad)
                .THEN_Cancelled(Countdown.self)
                .THEN_Cancelled(Countdown(from: 3))
                .WITH(\.pad) { try $0.THEN_Cancelled(Countdown.self) }
                .WITH(\.pad) { try $0.THEN_Cancelled(Readings()) }
                .WHEN(.userOpensPad)
                .WITH(\.pad) { try $0.THEN_Cancelled(Countdown.self) }
                .THEN_Cancelled(Countdown.self)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 4, #line - 3], "\(failures)")
        #expect(
            failures.first?.message
                == """
                THEN_Cancelled(Countdown.self) on MissionControl.pad: no such effect was cancelled by the latest \
                event or completion
                expected: Countdown.self cancelled
                actual: cancelled: none; pending: none
                """, "\(failures)")
    }

    @Test func aChildsOwnCancellationIsNotTheParents() throws {
        let failures = try capturingFailures {
            try MissionControl.GIVEN { MissionControl() }
                .WHEN(.userOpensPad)
                .WHEN(\.pad, .userTappedLaunch(from: 3))
                .WHEN(\.pad, .userTappedLaunch(from: 5))
                .WITH(\.pad) { try $0.THEN_Cancelled(Countdown(from: 3)) }
                .THEN_Cancelled(Countdown.self)
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 3], "\(failures)")
    }

    @Test func aCompletionAimedAtTheWrongScopeSaysWhereTheEffectIsPending() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userTapsEdit)
                .WHEN(\.editor, .userSaves)
                .WHEN_EffectCompletes(NameEditor.SaveName.self, with: ())
                .runTest()
        }
        try #require(failures.count == 1, "\(failures)")
        #expect(failures[0].kind == .missingEffect)
        #expect(
            failures[0].message.hasPrefix(
                "WHEN_EffectCompletes(SaveName.self, with: ()) on ProfileScreen: no SaveName is pending; a SaveName "
                    + "is pending on ProfileScreen.editor: address that scope"), "\(failures[0].message)")
    }

    @Test func theSubscopeFormsAddressTheChild() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userTapsEdit)
                .WHEN(\.editor, .userTypes("Ada"))
                .WHEN(\.editor, .userSaves)
                .WITH(\.editor) { try $0.THEN_Enqueued(NameEditor.SaveName.self, count: 1) }
                .WITH(\.editor) { try $0.THEN_Enqueued(parameter: \NameEditor.SaveName.name, equals: "Ada") }
                .WITH(\.editor) { try $0.WHEN_EffectCompletes(NameEditor.SaveName.self, with: ()) }
                .WITH(\.editor) { try $0.THEN_NotEnqueued(NameEditor.SaveName(name: "Ada")) }
                .WITH(\.editor) { try $0.THEN_NotEnqueued(NameEditor.SaveName.self) }
                .WITH(\.editor) { try $0.THEN_Cancelled(NameEditor.SaveName.self) }
                .runTest()
        }
        #expect(failures.map(\.location.line) == [#line - 3], "\(failures)")
        #expect(
            failures.first?.message.hasPrefix("THEN_Cancelled(SaveName.self) on ProfileScreen.editor") == true
        )
    }
}

@Suite struct SubscopeForkTests {
    @Test func aBranchCanStartByCompletingASubscopesEffect() throws {
        let failures = try capturingFailures {
            try ProfileScreen.GIVEN { ProfileScreen() }
                .WHEN(.userTapsEdit)
                .WHEN(\.editor, .userTypes("Ada"))
                .WHEN(\.editor, .userSaves)
                .FORK_EffectCompletes(\.editor, NameEditor.SaveName.self, with: ()) { saved in
                    try saved.THEN(\.editor?.draft, equals: "")
                }
                .FORK_EffectFails(\.editor, NameEditor.SaveName.self, with: CheckoutRefused()) { failed in
                    try failed.THEN(\.editor?.draft, equals: "Ada")
                }
                .THEN(\.editor?.draft, equals: "Ada")
                .runTest()
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
