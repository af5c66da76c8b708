import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// The profile loads when the screen appears and is edited in a sheet, which closes once the server
/// stored the edits and stays open with the server's message when it refused them; a popover shares
/// it, and the screen shows one of the two at a time.
struct ProfileAcceptanceTests {
    @Test func editingInTheSheetSavesAndClosesIt() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .THEN(\.destination, case: ProfileScreen.Destination.editor)
            .THEN(\.destination?.editor?.name, equals: "Ada")
            .WITH(\.destination, case: ProfileScreen.Destination.editor) { editor in
                try editor
                    .WHEN(.userTypedEmail("ada@lovelace.org"))
                    .THEN(\.canSave, equals: true)
            }
            .WHEN(.userTappedSave)
            .THEN(\.isSaving, equals: true)
            .THEN_Enqueued(SaveProfile(profile: Profile(name: "Ada", email: "ada@lovelace.org")))
            .WHEN_EffectCompletes(SaveProfile.self, with: Profile(name: "Ada", email: "ada@lovelace.org"))
            .THEN_Nil(\.destination)
            .THEN(\.profile?.email, equals: "ada@lovelace.org")
            .THEN(\.isSaving, equals: false)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func aRefusedSaveKeepsTheSheetOpenWithTheServersMessage() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .WITH(\.destination, case: ProfileScreen.Destination.editor) {
                try $0.WHEN(.userTypedName("Augusta Ada"))
            }
            .WHEN(.userTappedSave)
            .WHEN_EffectFails(SaveProfile.self, with: APIError(message: "the name is taken"))
            .THEN(\.destination, case: ProfileScreen.Destination.editor)
            .THEN(\.errorMessage, equals: "the name is taken")
            .THEN(\.profile?.name, equals: "Ada")
            .THEN(\.destination?.editor?.name, equals: "Augusta Ada")
            .runTest()
    }

    @Test func closingTheSheetDiscardsTheEditsAndCancelsTheSave() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .WITH(\.destination, case: ProfileScreen.Destination.editor) {
                try $0.WHEN(.userTypedName("Augusta Ada"))
            }
            .WHEN(.userTappedSave)
            .WHEN(.userClosedEditor)
            .THEN_Cancelled(SaveProfile(profile: Profile(name: "Augusta Ada", email: "ada@example.com")))
            .THEN_Nil(\.destination)
            .THEN(\.isSaving, equals: false)
            .THEN(\.profile?.name, equals: "Ada")
            .WHEN_Throws(
                .profileSaved(.success(Profile(name: "Augusta Ada", email: "ada@example.com"))),
                InvalidStateError.self
            )
            .runTest()
    }

    @Test func saveIsRefusedWhileAFieldIsInvalid() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .WITH(\.destination, case: ProfileScreen.Destination.editor) { editor in
                try editor
                    .WHEN(.userTypedEmail("ada"))
                    .THEN(\.canSave, equals: false)
            }
            .WHEN_Throws(.userTappedSave, InvalidStateError.self)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func theSharePopoverAndTheEditSheetAreShownOneAtATime() throws {
        try showingAda()
            .WHEN(.userTappedShare)
            .THEN(\.destination, case: ProfileScreen.Destination.share)
            .THEN(\.destination?.share?.text, equals: "Ada <ada@example.com>")
            .WHEN_Throws(.userTappedEdit, InvalidStateError.self)
            .THEN(\.destination, case: ProfileScreen.Destination.share)
            .WHEN(.userClosedEditor)
            .THEN(\.destination, case: ProfileScreen.Destination.share)
            .WHEN(.userClosedShare)
            .THEN_Nil(\.destination)
            .WHEN(.userTappedEdit)
            .THEN(\.destination, case: ProfileScreen.Destination.editor)
            .WHEN(.userClosedShare)
            .THEN(\.destination, case: ProfileScreen.Destination.editor)
            .runTest()
    }

    /// The screen once Ada's profile loaded.
    private func showingAda() throws -> TestPlan<ProfileScreen> {
        try ProfileScreen.GIVEN("a profile screen showing Ada") { ProfileScreen() }
            .injecting(ProfileClient.holdingAda)
            .WHEN(.screenAppeared)
            .THEN(\.isLoading, equals: true)
            .THEN_Enqueued(LoadProfile())
            .WHEN_EffectCompletes(LoadProfile.self, with: ProfileClient.adasProfile)
            .THEN(\.profile, equals: ProfileClient.adasProfile)
    }
}
