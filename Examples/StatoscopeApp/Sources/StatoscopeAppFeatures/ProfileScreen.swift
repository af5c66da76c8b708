// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The user's profile: loaded when the screen appears, edited in a sheet, saved from it, and shared
/// from a popover; the screen presents one of these at a time.
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
    /// What the screen presents, if anything: the edit sheet or the share popover.
    @ObservationIgnored @Subscope public var destination: Destination? = nil

    /// What the profile screen presents, one at a time.
    public enum Destination: ScopeDestination {
        case editor(ProfileEditor)
        case share(ProfileShare)

        /// The edit sheet's scope, when it is the one presented.
        public var editor: ProfileEditor? {
            if case .editor(let editor) = self { editor } else { nil }
        }

        /// The share popover's scope, when it is the one presented.
        public var share: ProfileShare? {
            if case .share(let share) = self { share } else { nil }
        }
    }

    static let saveKey = "save"

    public init() {}

    public enum When: Equatable, Sendable {
        case screenAppeared
        case profileLoaded(Result<Profile, APIError>)
        case userTappedEdit
        case userTappedSave
        case userClosedEditor
        case userTappedShare
        case userClosedShare
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
            guard let profile, destination == nil else {
                throw InvalidStateError("the Edit button is shown only once the profile is loaded")
            }
            destination = .editor(ProfileEditor(editing: profile))
        case .userTappedSave:
            guard let editor = destination?.editor, editor.canSave, !isSaving else {
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
            if destination?.editor != nil { destination = nil }
        case .userTappedShare:
            guard let profile, destination == nil else {
                throw InvalidStateError("the Share button is shown only once the profile is loaded")
            }
            destination = .share(ProfileShare(sharing: profile))
        case .userClosedShare:
            if destination?.share != nil { destination = nil }
        case .profileSaved(let result):
            // Closing the sheet cancels the save: an answer after that is a duplicated or forged event.
            guard isSaving else { throw InvalidStateError("a save completed while none was in flight") }
            isSaving = false
            switch result {
            case .success(let saved):
                profile = saved
                destination = nil
            case .failure(let error):
                errorMessage = error.message
            }
        }
    }
}
