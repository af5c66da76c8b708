import Statoscope
import StatoscopeTestSupport
import Testing

@MainActor
struct DialogPresentationTests {
    @Test func showsWhatTheAlertSaysWhileTheScopeHoldsIt() async {
        let notes = Notes()
        let alert = notes.alert(\.deleteAlert, dismiss: .userDismissedAlert)
        #expect(alert.content == nil)
        #expect(!alert.isPresented.value)
        notes.send(.userTappedDelete)
        #expect(alert.isPresented.value)
        #expect(alert.content?.title == "Delete this note?")
        #expect(alert.content?.message == "This cannot be undone.")
        #expect(alert.content?.buttons.map(\.label) == ["Delete", "Cancel"])
        #expect(alert.content?.buttons.map(\.role) == [.destructive, .cancel])
    }

    @Test func aTapSendsTheButtonsEventAndTheSystemsHidingItThenSendsNothing() async {
        let notes = Notes()
        let alert = notes.alert(\.deleteAlert, dismiss: .userDismissedAlert)
        notes.send(.userTappedDelete)
        let delete = alert.content!.buttons[0]
        alert.tap(delete)
        // SwiftUI sets `isPresented` to false after running the button's action.
        alert.isPresented.value = false
        #expect(notes.notes.isEmpty)
        #expect(notes.deleteAlert == nil)
        #expect(notes.dismissals == 0)
    }

    @Test func theSystemHidingTheAlertWithoutATapSendsTheDismissal() async {
        let notes = Notes()
        let alert = notes.alert(\.deleteAlert, dismiss: .userDismissedAlert)
        notes.send(.userTappedDelete)
        alert.isPresented.value = false
        #expect(notes.dismissals == 1)
        #expect(notes.deleteAlert == nil)
        #expect(notes.notes == ["Groceries"])
    }

    @Test func settingIsPresentedWhileNothingIsShownSendsNothing() async {
        let notes = Notes()
        let alert = notes.alert(\.deleteAlert, dismiss: .userDismissedAlert)
        alert.isPresented.value = false
        alert.isPresented.value = true
        #expect(notes.dismissals == 0)
        #expect(notes.deleteAlert == nil)
    }

    @Test func aConfirmationDialogIsPresentedAndTappedAlike() async {
        let notes = Notes()
        let dialog = notes.confirmationDialog(\.actions, dismiss: .userDismissedActions)
        notes.send(.userTappedMore)
        #expect(dialog.content?.titleVisibility == .visible)
        dialog.tap(dialog.content!.buttons[0])
        #expect(notes.notes.isEmpty)
        #expect(!dialog.isPresented.value)
    }

    @Test func alertStatesAreValuesThatCompareByWhatTheySay() async {
        let shown = AlertState(
            title: "Delete this note?", message: "This cannot be undone.",
            buttons: [
                AlertButton("Delete", role: .destructive, send: Notes.When.userConfirmedDelete),
                AlertButton("Cancel", role: .cancel, send: .userCancelledDelete),
            ])
        let notes = Notes()
        notes.send(.userTappedDelete)
        #expect(notes.deleteAlert == shown)
        var other = shown
        other.buttons[0].action = .userCancelledDelete
        #expect(notes.deleteAlert != other)
    }
}
