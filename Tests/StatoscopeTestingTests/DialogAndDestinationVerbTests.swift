import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

// A plan taps an alert's or a dialog's button in one step, checks which destination is shown, and
// addresses the scope of one case; each failure says what it expected and what it found.

@Suite struct DialogAndDestinationVerbTests {
    @Test func tappingAButtonSendsItsEventAndTheAlertIsGone() throws {
        try Notes.GIVEN { Notes() }
            .WHEN(.userTappedDelete)
            .THEN(\.deleteAlert?.title, equals: "Delete this note?")
            .FORK(\.deleteAlert, tapping: "Cancel") { cancelled in
                try cancelled
                    .THEN(\.notes, equals: ["Groceries"])
                    .THEN_Nil(\.deleteAlert)
            }
            .WHEN(\.deleteAlert, tapping: "Delete")
            .THEN(\.notes, equals: [])
            .THEN_Nil(\.deleteAlert)
            .WHEN(.userTappedMore)
            .WHEN(\.actions, tapping: "Archive")
            .THEN_Nil(\.actions)
            .runTest()
    }

    @Test func underStrictStateATapsCheckThatTheDialogIsGoneCountsAsReadingIt() throws {
        try Notes.GIVEN { Notes() }
            .strictState()
            .WHEN(.userTappedDelete)
            .THEN(\.deleteAlert?.title, equals: "Delete this note?")
            .FORK(\.deleteAlert, tapping: "Cancel") { cancelled in cancelled }
            .WHEN(\.deleteAlert, tapping: "Delete")
            .THEN(\.notes, equals: [])
            .WHEN(.userTappedMore)
            .THEN_NotNil(\.actions)
            .WHEN(\.actions, tapping: "Archive")
            .runTest()

        // The tap reads the dialog only: what else its event changed is still to be checked.
        let unread = try Notes.GIVEN { Notes() }
            .strictState()
            .WHEN(.userTappedDelete)
            .THEN_NotNil(\.deleteAlert)
            .WHEN(\.deleteAlert, tapping: "Delete")
        let failures = try capturingFailures { try unread.runTest() }
        #expect(failures.count == 1, "\(failures)")
        #expect(
            failures.map(\.message) == [
                """
                This step changed 1 property that no THEN checked before the next step (strict state)
                expected: every change checked with THEN, AND, THEN_Nil or THEN_NotNil
                actual: unchecked:
                  Notes.notes: ["Groceries"] → []
                """
            ], "\(failures)")
    }

    @Test func tappingFailsWhenNothingIsShownOrNoButtonHasTheLabelOrTheAlertStays() throws {
        let plan = try Notes.GIVEN { Notes() }
            .WHEN(\.deleteAlert, tapping: "Delete")
        let nothingShown = try capturingFailures { try plan.runTest() }
        #expect(nothingShown.map(\.kind) == [.wrongValue], "\(nothingShown)")
        #expect(
            nothingShown.map(\.message) == [
                """
                WHEN(\\Notes.deleteAlert, tapping: "Delete") on Notes: no alert is shown
                expected: an alert with a button "Delete"
                actual: nil
                """
            ], "\(nothingShown)")

        let wrongLabel = try Notes.GIVEN { Notes() }
            .WHEN(.userTappedDelete)
            .WHEN(\.deleteAlert, tapping: "Remove")
        let noSuchButton = try capturingFailures { try wrongLabel.runTest() }
        #expect(
            noSuchButton.map(\.message) == [
                """
                WHEN(\\Notes.deleteAlert, tapping: "Remove") on Notes: the alert has no button "Remove"
                expected: a button "Remove"
                actual: buttons "Delete", "Cancel"
                """
            ], "\(noSuchButton)")

        let staying = try Notes.GIVEN {
            let notes = Notes()
            notes.keepsAlertOnDelete = true
            return notes
        }
        .WHEN(.userTappedDelete)
        .WHEN(\.deleteAlert, tapping: "Delete")
        let stays = try capturingFailures { try staying.runTest() }
        #expect(stays.map(\.kind) == [.wrongValue], "\(stays)")
        #expect(
            stays.first?.message.hasPrefix(
                """
                WHEN(\\Notes.deleteAlert, tapping: "Delete") on Notes: the alert is still shown after the update \
                of .userConfirmedDelete; the system hides it on a tap, so that update clears it
                expected: nil
                """) == true, "\(stays)")
    }

    @Test func checksWhichDestinationIsShownAndAddressesItsScope() throws {
        try Notes.GIVEN { Notes() }
            .WHEN(.userTappedEdit)
            .THEN(\.destination, case: Notes.Destination.editor)
            .WHEN(\.destination, case: Notes.Destination.editor, .userTypedText("Milk"))
            .WITH(\.destination, case: Notes.Destination.editor) { editor in
                try editor.THEN(\.text, equals: "Milk")
            }
            .WHEN(.userTappedHistory)
            .THEN(\.destination, case: Notes.Destination.history)
            .WHEN(.userDismissedDestination)
            .THEN_Nil(\.destination)
            .runTest()
    }

    @Test func aDestinationCheckOrStepFailsNamingTheCaseShown() throws {
        let plan = try Notes.GIVEN { Notes() }
            .WHEN(.userTappedShare)
            .THEN(\.destination, case: Notes.Destination.editor)
            .WHEN(\.destination, case: Notes.Destination.history, .appeared)
        let failures = try capturingFailures { try plan.runTest() }
        #expect(failures.map(\.kind) == [.wrongValue, .unreachableScope], "\(failures)")
        #expect(
            failures.map(\.message) == [
                """
                THEN(\\Notes.destination, case: .editor) on Notes failed
                expected: .editor
                actual: .share
                """,
                """
                Notes.destination is not .history, so this step has no NoteHistory to address
                expected: .history
                actual: .share
                """,
            ], "\(failures)")
    }

    // The editor and the share screen hold the same type of scope: the case, not the type, is named.
    @Test func aSpecificationNamesTheCaseACheckExpects() throws {
        let plan = try Notes.GIVEN { Notes() }
            .WHEN(.userTappedShare)
            .THEN(\.destination, case: Notes.Destination.share)
            .THEN(\.destination, case: Notes.Destination.editor)
        #expect(
            plan.specification.contains(
                """
                - **Then** destination shows share
                - **And** destination shows editor
                """), "\(plan.specification)")
        let failures = try capturingFailures { try plan.runTest() }
        #expect(
            failures.map(\.message) == [
                """
                THEN(\\Notes.destination, case: .editor) on Notes failed
                expected: .editor
                actual: .share
                """
            ], "\(failures)")
    }
}
