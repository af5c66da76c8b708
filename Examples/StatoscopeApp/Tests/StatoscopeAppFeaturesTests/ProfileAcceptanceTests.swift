import Statoscope
import StatoscopeAppFeatures
import StatoscopeTesting
import Testing

/// The profile loads when the screen appears and is edited in a sheet, which closes once the server
/// stored the edits and stays open with the server's message when it refused them.
struct ProfileAcceptanceTests {
    @Test func editingInTheSheetSavesAndClosesIt() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .THEN_NotNil(\.editor)
            .THEN(\.editor?.name, equals: "Ada")
            .WHEN(\.editor, .userTypedEmail("ada@lovelace.org"))
            .THEN(\.editor?.canSave, equals: true)
            .WHEN(.userTappedSave)
            .THEN(\.isSaving, equals: true)
            .THEN_Enqueued(SaveProfile(profile: Profile(name: "Ada", email: "ada@lovelace.org")))
            .WHEN_EffectCompletes(SaveProfile.self, with: Profile(name: "Ada", email: "ada@lovelace.org"))
            .THEN_Nil(\.editor)
            .THEN(\.profile?.email, equals: "ada@lovelace.org")
            .THEN(\.isSaving, equals: false)
            .THEN_NoEffects()
            .runTest()
    }

    @Test func aRefusedSaveKeepsTheSheetOpenWithTheServersMessage() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .WHEN(\.editor, .userTypedName("Augusta Ada"))
            .WHEN(.userTappedSave)
            .WHEN_EffectFails(SaveProfile.self, with: APIError(message: "the name is taken"))
            .THEN_NotNil(\.editor)
            .THEN(\.errorMessage, equals: "the name is taken")
            .THEN(\.profile?.name, equals: "Ada")
            .THEN(\.editor?.name, equals: "Augusta Ada")
            .runTest()
    }

    @Test func closingTheSheetDiscardsTheEditsAndCancelsTheSave() throws {
        try showingAda()
            .WHEN(.userTappedEdit)
            .WHEN(\.editor, .userTypedName("Augusta Ada"))
            .WHEN(.userTappedSave)
            .WHEN(.userClosedEditor)
            .THEN_Cancelled(SaveProfile(profile: Profile(name: "Augusta Ada", email: "ada@example.com")))
            .THEN_Nil(\.editor)
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
            .WHEN(\.editor, .userTypedEmail("ada"))
            .THEN(\.editor?.canSave, equals: false)
            .WHEN_Throws(.userTappedSave, InvalidStateError.self)
            .THEN_NoEffects()
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
