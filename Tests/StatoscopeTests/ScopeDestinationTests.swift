import Statoscope
import StatoscopeTestSupport
import Testing

@MainActor
struct ScopeDestinationTests {
    @Test func aCaseLinksItsScopeUnderThePropertysName() async {
        let notes = Notes()
        notes.send(.userTappedEdit)
        guard case .editor = notes.destination else {
            Issue.record("no editor: \(String(describing: notes.destination))")
            return
        }
        #expect(notes.subtreeDescription.contains("destination"), "\(notes.subtreeDescription)")

    }

    @Test func settingAnotherCaseDismissesTheScopeShownAndEndsItsWork() async {
        let notes = Notes()
        notes.send(.userTappedEdit)
        guard case .editor(let editor) = notes.destination else {
            Issue.record("no editor")
            return
        }
        editor.send(.screenAppeared)
        #expect(!editor.effectsState.effects.isEmpty)
        notes.send(.userTappedHistory)
        #expect(editor.effectsState.effects.isEmpty)
        let reports = ErrorReportCollector(for: editor)
        editor.send(.userTypedText("late"))
        #expect(editor.text == "")
        #expect(reports.reports.count == 1)
        guard case .history = notes.destination else {
            Issue.record("no history: \(String(describing: notes.destination))")
            return
        }
    }

    @Test func clearingTheDestinationDismissesItsScope() async {
        let notes = Notes()
        notes.send(.userTappedEdit)
        guard case .editor(let editor) = notes.destination else {
            Issue.record("no editor")
            return
        }
        notes.send(.userDismissedDestination)
        let reports = ErrorReportCollector(for: editor)
        editor.send(.userTypedText("late"))
        #expect(reports.reports.count == 1)
        #expect(notes.destination == nil)
    }

    @Test func valuesAreEqualWhenTheyAreTheSameCaseHoldingTheSameScope() async {
        let editor = NoteEditor()
        #expect(Notes.Destination.editor(editor) == .editor(editor))
        #expect(Notes.Destination.editor(editor) != .editor(NoteEditor()))
        #expect(Notes.Destination.editor(editor) != .share(editor))
    }

    @Test func eachCasesBindingPresentsItsScopeOnlyWhileThatCaseIsShown() async {
        let notes = Notes()
        let editorSheet = notes.presentation(
            \.destination, case: Notes.Destination.editor, dismiss: .userDismissedDestination)
        let sharePopover = notes.presentation(
            \.destination, case: Notes.Destination.share, dismiss: .userDismissedDestination)
        #expect(editorSheet.value == nil)
        notes.send(.userTappedShare)
        // Both cases hold a `NoteEditor`: the case, not the type, decides.
        #expect(editorSheet.value == nil)
        #expect(sharePopover.value != nil)
        notes.send(.userTappedEdit)
        #expect(editorSheet.value != nil)
        #expect(sharePopover.value == nil)
    }

    @Test func theSystemDismissingTheCaseShownSendsTheEvent() async {
        let notes = Notes()
        let editorSheet = notes.presentation(
            \.destination, case: Notes.Destination.editor, dismiss: .userDismissedDestination)
        notes.send(.userTappedEdit)
        editorSheet.value = nil
        #expect(notes.dismissals == 1)
        #expect(notes.destination == nil)
    }

    @Test func theSystemDismissingACaseNoLongerShownSendsNothing() async {
        let notes = Notes()
        let editorSheet = notes.presentation(
            \.destination, case: Notes.Destination.editor, dismiss: .userDismissedDestination)
        notes.send(.userTappedEdit)
        notes.send(.userTappedHistory)
        // SwiftUI hides the editor's sheet, which the scope replaced, and writes nil to its binding.
        editorSheet.value = nil
        #expect(notes.dismissals == 0)
        guard case .history = notes.destination else {
            Issue.record("the history was dismissed: \(String(describing: notes.destination))")
            return
        }
    }

    @Test func writingAScopeThroughTheBindingChangesNothing() async {
        let notes = Notes()
        let editorSheet = notes.presentation(
            \.destination, case: Notes.Destination.editor, dismiss: .userDismissedDestination)
        editorSheet.value = NoteEditor()
        #expect(notes.destination == nil)
        #expect(notes.dismissals == 0)
    }
}
