// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The user's profile: loaded when the screen appears, edited in a sheet, saved from it.
///
/// The sheet closes once the server stored the profile; when the save fails it stays open with the
/// server's message, so that the user can correct what they typed. Closing it discards the edits and
/// cancels a save in flight.
@Observable
public final class ProfileScreen: Scope {
    /// Nil until the server's profile arrives.
    public private(set) var profile: Profile?
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var errorMessage: String?
    /// The edit sheet, while it is presented.
    @ObservationIgnored @Subscope public var editor: ProfileEditor? = nil

    static let saveKey = "save"

    public init() {}

    public enum When: Equatable, Sendable {
        case screenAppeared
        case profileLoaded(Result<Profile, APIError>)
        case userTappedEdit
        case userTappedSave
        case userClosedEditor
        case profileSaved(Result<Profile, APIError>)
    }

    public func update(_ when: When) throws {
        switch when {
        case .screenAppeared:
            guard profile == nil, !isLoading else { return }
            isLoading = true
            errorMessage = nil
            effectsState.enqueue(
                LoadProfile().mapToResultWithError { APIError($0) }.map(When.profileLoaded))
        case .profileLoaded(let result):
            guard isLoading else { throw InvalidStateError("a profile arrived while none was loading") }
            isLoading = false
            switch result {
            case .success(let loaded): profile = loaded
            case .failure(let error): errorMessage = error.message
            }
        case .userTappedEdit:
            guard let profile, editor == nil else {
                throw InvalidStateError("the Edit button is shown only once the profile is loaded")
            }
            editor = ProfileEditor(editing: profile)
        case .userTappedSave:
            guard let editor, editor.canSave, !isSaving else {
                throw InvalidStateError(
                    "the Save button is disabled while saving or while a field is invalid")
            }
            isSaving = true
            errorMessage = nil
            effectsState.enqueue(
                SaveProfile(profile: editor.draft)
                    .mapToResultWithError { APIError($0) }
                    .map(When.profileSaved),
                key: Self.saveKey)
        case .userClosedEditor:
            effectsState.cancelEffect(key: Self.saveKey)
            isSaving = false
            errorMessage = nil
            editor = nil
        case .profileSaved(let result):
            // Closing the sheet cancels the save: an answer after that is a duplicated or forged event.
            guard isSaving else { throw InvalidStateError("a save completed while none was in flight") }
            isSaving = false
            switch result {
            case .success(let saved):
                profile = saved
                editor = nil
            case .failure(let error):
                errorMessage = error.message
            }
        }
    }
}
