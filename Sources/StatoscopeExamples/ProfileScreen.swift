// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// A profile screen, the example a view model is usually first written for: load the profile, edit the email, save it.
///
/// Each request has a triggering event and a completion event, and a completion is checked against
/// the state it finds: one that arrives when nothing is loading or saving throws
/// `InvalidStateError`, which error reporting receives with the event and the scope.
@MainActor
package final class ProfileScreen: Scope {
    package private(set) var name = ""
    /// Sensitive in the state too: the subtree description, and so logs, never print the address.
    package private(set) var email = Sensitive("")
    package private(set) var viewShowsLoading = false
    package private(set) var viewShowsSaving = false
    package private(set) var viewDisplaysError: String?

    package init() {}

    package enum When: Codable, Sendable, Equatable, TrackedWhen {
        case systemShowsUserProfileView
        case networkFinishesLoadingProfile(NetworkOutcome<ProfileDTO>)
        case userTypesNewEmail(userEmail: Sensitive<String>)
        case userTapsChangeEmailButton
        case networkFinishesSavingProfile(NetworkOutcome<ProfileDTO>)
    }

    package func update(_ when: When) throws {
        switch when {
        case .systemShowsUserProfileView:
            viewShowsLoading = true
            viewDisplaysError = nil
            // Showing the view again while a load is in flight keeps that load.
            effectsState.enqueue(
                LoadProfile().mapToResultWithError { ServerError($0) }
                    .map { When.networkFinishesLoadingProfile(NetworkOutcome($0)) },
                key: "load", ifKeyInFlight: .keepOlder)
        case .networkFinishesLoadingProfile(let outcome):
            guard viewShowsLoading else { throw InvalidStateError("a profile arrived while not loading") }
            viewShowsLoading = false
            apply(outcome)
        case .userTypesNewEmail(let userEmail):
            email = userEmail
        case .userTapsChangeEmailButton:
            guard !viewShowsLoading, !viewShowsSaving else {
                throw InvalidStateError("the save button is disabled while loading or saving")
            }
            viewShowsSaving = true
            viewDisplaysError = nil
            effectsState.enqueue(
                SaveProfile(profile: ProfileDTO(name: name, email: email.value))
                    .mapToResultWithError { ServerError($0) }
                    .map { When.networkFinishesSavingProfile(NetworkOutcome($0)) })
        case .networkFinishesSavingProfile(let outcome):
            guard viewShowsSaving else { throw InvalidStateError("a save completed while not saving") }
            viewShowsSaving = false
            apply(outcome)
        }
    }

    private func apply(_ outcome: NetworkOutcome<ProfileDTO>) {
        switch outcome {
        case .success(let profile):
            name = profile.name
            email = profile.email
        case .failure(let error):
            viewDisplaysError = error.message
        }
    }
}
