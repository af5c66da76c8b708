// What the doc comments of destinations, alerts and dialogs take as known: a list of notes that shows
// one destination among several (an editor, a share screen) and asks before deleting.
import Observation
import Statoscope

@Observable
final class NoteEditor: IdentifiableScope {
    private(set) var text = ""

    enum When {
        case userTypedText(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTypedText(let text): self.text = text
        }
    }
}

@Observable
final class NoteShare: IdentifiableScope {
    enum When {}
    func update(_ when: When) throws {}
}

@Observable
final class Notes: Scope {
    enum Destination: ScopeDestination {
        case editor(NoteEditor)
        case share(NoteShare)
    }

    @ObservationIgnored @Subscope var destination: Destination? = nil
    private(set) var deleteAlert: AlertState<When>?

    enum When {
        case userTappedEdit
        case userTappedShare
        case userDismissedDestination
        case userTappedDelete
        case userConfirmedDelete
        case userCancelledDelete
        case userDismissedAlert
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedEdit: destination = .editor(NoteEditor())
        case .userTappedShare: destination = .share(NoteShare())
        case .userDismissedDestination: destination = nil
        case .userTappedDelete:
            deleteAlert = AlertState(
                title: "Delete this note?",
                buttons: [
                    AlertButton("Delete", role: .destructive, send: .userConfirmedDelete),
                    AlertButton("Cancel", role: .cancel, send: .userCancelledDelete),
                ])
        case .userConfirmedDelete, .userCancelledDelete, .userDismissedAlert: deleteAlert = nil
        }
    }
}
