import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The profile screen loads the profile when shown, lets the user edit the email
/// and saves it; a completion that arrives when nothing is loading or saving is rejected.
struct ProfileAcceptanceTests {
    @Test func showingTheScreenLoadsTheProfile() throws {
        try ProfileScreen.GIVEN("a profile screen not yet shown") { ProfileScreen() }
            .injecting(ProfileAPI.holdingJohn)
            .WHEN(.systemShowsUserProfileView)
            .THEN(\.viewShowsLoading, equals: true)
            .THEN_Enqueued(LoadProfile())
            .FORK_EffectFails(LoadProfile.self, with: ServerError(message: "server error 500")) { failure in
                try failure
                    .THEN(\.viewShowsLoading, equals: false)
                    .THEN(\.viewDisplaysError, equals: "server error 500")
                    .THEN(\.name, equals: "")
            }
            .WHEN_EffectCompletes(LoadProfile.self, with: ProfileAPI.johnsProfile)
            .THEN(\.viewShowsLoading, equals: false)
            .THEN(\.name, equals: "John")
            .THEN(\.email.value, equals: "john@example.com")
            .THEN_NoEffects()
            .runTest()
    }

    @Test func theUserChangesTheEmailAndSavesIt() throws {
        try ProfileScreen.GIVEN("John's profile, loaded") { ProfileScreen() }
            .injecting(ProfileAPI.holdingJohn)
            .WHEN(.systemShowsUserProfileView)
            .WHEN_EffectCompletes(LoadProfile.self, with: ProfileAPI.johnsProfile)
            .WHEN(.userTypesNewEmail(userEmail: Sensitive("j@new.example")))
            .THEN(\.email.value, equals: "j@new.example")
            .FORK(.userTypesNewEmail(userEmail: Sensitive("typo@example"))) { lateLoad in
                // A duplicated answer to the load, after it was handled, must not undo the edit.
                try lateLoad
                    .WHEN_Throws(
                        .networkFinishesLoadingProfile(.success(ProfileAPI.johnsProfile)),
                        InvalidStateError.self
                    )
                    .THEN(\.email.value, equals: "typo@example")
            }
            .WHEN(.userTapsChangeEmailButton)
            .THEN(\.viewShowsSaving, equals: true)
            .THEN_Enqueued(SaveProfile(profile: ProfileDTO(name: "John", email: "j@new.example")))
            .WHEN_Throws(.userTapsChangeEmailButton, InvalidStateError.self)
            .FORK_EffectFails(SaveProfile.self, with: ServerError(message: "offline")) { failure in
                try failure
                    .THEN(\.viewShowsSaving, equals: false)
                    .THEN(\.viewDisplaysError, equals: "offline")
                    .THEN(\.email.value, equals: "j@new.example")
            }
            .WHEN_EffectCompletes(SaveProfile.self, with: ProfileDTO(name: "John", email: "j@new.example"))
            .THEN(\.viewShowsSaving, equals: false)
            .THEN(\.email.value, equals: "j@new.example")
            .THEN_NoEffects()
            .runTest()
    }

    @Test func aProfileThatArrivesWhenNothingWasLoadingIsRejected() throws {
        try ProfileScreen.GIVEN("a profile screen not yet shown") { ProfileScreen() }
            .injecting(ProfileAPI.holdingJohn)
            .WHEN_Throws(
                .networkFinishesLoadingProfile(.success(ProfileAPI.johnsProfile)), InvalidStateError.self
            )
            .THEN(\.name, equals: "")
            .WHEN_Throws(
                .networkFinishesSavingProfile(.success(ProfileAPI.johnsProfile)), InvalidStateError.self
            )
            .THEN(\.email.value, equals: "")
            .runTest()
    }
}
