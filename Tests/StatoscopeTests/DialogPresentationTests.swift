import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
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

    @Test func aTapOnAnAlertAComputedPropertyMakesSendsTheButtonWithItsLabel() async {
        let gate = ComputedAlertGate()
        let alert = gate.alert(\.alert, dismiss: .dismissed)
        gate.send(.ask)
        let open = alert.content!.buttons[0]
        alert.tap(open)
        #expect(gate.opened == 1)
        alert.tap(open)
        #expect(gate.opened == 1, "the alert is gone: a second tap sends nothing")
    }

    @Test func aPlanTapsAnAlertAComputedPropertyMakes() throws {
        try ComputedAlertGate.GIVEN { ComputedAlertGate() }
            .WHEN(.ask)
            .WHEN(\.alert, tapping: "Open")
            .THEN(\.opened, equals: 1)
            .runTest()
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

/// Shows an alert through a computed property, which makes it anew on every read.
@MainActor
final class ComputedAlertGate: Scope {
    var asking = false
    var opened = 0
    var alert: AlertState<When>? {
        asking ? AlertState(title: "Open the gate?", buttons: [AlertButton("Open", send: .open)]) : nil
    }

    enum When: Sendable {
        case ask, open, dismissed
    }

    func update(_ when: When) throws {
        switch when {
        case .ask: asking = true
        case .open:
            asking = false
            opened += 1
        case .dismissed: asking = false
        }
    }
}
