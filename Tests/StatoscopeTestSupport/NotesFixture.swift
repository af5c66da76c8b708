// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A fixture: its names are its docs, and the comments below say what each part is for.

import Observation
import Statoscope

/// A screen with one destination among several kinds, a delete alert and a confirmation dialog: what
/// the tests of destinations, dialogs and their plan verbs share.
@Observable
public final class Notes: Scope {
    public enum Destination: ScopeDestination {
        case editor(NoteEditor)
        case share(NoteEditor)
        case history(NoteHistory)
    }

    @ObservationIgnored @Subscope public var destination: Destination? = nil
    public private(set) var deleteAlert: AlertState<When>?
    public private(set) var actions: ConfirmationDialogState<When>?
    public private(set) var notes = ["Groceries"]
    public private(set) var dismissals = 0
    /// Whether the update of `.userConfirmedDelete` leaves the alert shown, as a mistaken update would.
    public var keepsAlertOnDelete = false

    public init() {}

    public enum When: Equatable, Sendable {
        case userTappedEdit
        case userTappedShare
        case userTappedHistory
        case userDismissedDestination
        case userTappedDelete
        case userConfirmedDelete
        case userCancelledDelete
        case userDismissedAlert
        case userTappedMore
        case userChoseArchive
        case userDismissedActions
    }

    public func update(_ when: When) throws {
        switch when {
        case .userTappedEdit: destination = .editor(NoteEditor())
        case .userTappedShare: destination = .share(NoteEditor())
        case .userTappedHistory: destination = .history(NoteHistory())
        case .userDismissedDestination:
            dismissals += 1
            destination = nil
        case .userTappedDelete:
            deleteAlert = AlertState(
                title: "Delete this note?", message: "This cannot be undone.",
                buttons: [
                    AlertButton("Delete", role: .destructive, send: .userConfirmedDelete),
                    AlertButton("Cancel", role: .cancel, send: .userCancelledDelete),
                ])
        case .userConfirmedDelete:
            notes.removeAll()
            if !keepsAlertOnDelete { deleteAlert = nil }
        case .userCancelledDelete:
            deleteAlert = nil
        case .userDismissedAlert:
            dismissals += 1
            deleteAlert = nil
        case .userTappedMore:
            actions = ConfirmationDialogState(
                title: "Note", titleVisibility: .visible,
                buttons: [AlertButton("Archive", send: .userChoseArchive)])
        case .userChoseArchive:
            notes = []
            actions = nil
        case .userDismissedActions:
            dismissals += 1
            actions = nil
        }
    }
}

/// A destination's screen, with an effect to show that dismissing it ends its work.
@Observable
public final class NoteEditor: IdentifiableScope {
    public private(set) var text = ""

    public init() {}

    public enum When: Sendable {
        case userTypedText(String)
        case screenAppeared
    }

    public func update(_ when: When) throws {
        switch when {
        case .userTypedText(let text): self.text = text
        case .screenAppeared:
            effectsState.enqueue(NeverEndingEffect().map { When.userTypedText($0) }, key: "wait")
        }
    }
}

/// Another kind of destination.
@Observable
public final class NoteHistory: IdentifiableScope {
    public init() {}
    public enum When: Sendable { case appeared }
    public func update(_ when: When) throws {}
}

/// An effect that runs until it is cancelled.
public struct NeverEndingEffect: Effect, Equatable {
    public init() {}

    public func runEffect() async throws -> String {
        try await Task.sleep(for: .seconds(3600))
        return ""
    }
}
