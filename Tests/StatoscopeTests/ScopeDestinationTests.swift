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

    @Test func eachOfACasesSeveralScopesIsNamedByItsLabelOrPosition() async {
        let desk = Comparison()
        let left = NoteEditor()
        let right = NoteEditor()
        desk.destination = .compare(left: left, right: right)
        #expect(left.scopePath == "Comparison.destination.left")
        #expect(right.scopePath == "Comparison.destination.right")
        desk.destination = .pair(right, left)
        #expect(right.scopePath == "Comparison.destination.0")
        #expect(left.scopePath == "Comparison.destination.1")
        #expect(desk.subtreeDescription.contains("destination.1: NoteEditor"), "\(desk.subtreeDescription)")
        desk.destination = .editor(left, mode: Mode(zoom: 2))
        #expect(left.scopePath == "Comparison.destination", "a case's only scope bears the property's name")
    }

    @Test func aScopeTheNextCaseHoldsKeepsItsWorkAndTheOthersEndTheirs() async {
        let desk = Comparison()
        let kept = NoteEditor()
        let dropped = NoteEditor()
        desk.destination = .pair(kept, dropped)
        kept.send(.screenAppeared)
        dropped.send(.screenAppeared)
        desk.destination = .editor(kept, mode: Mode(zoom: 1))
        #expect(kept.effectsState.effects.count == 1)
        #expect(dropped.effectsState.effects.isEmpty)
        let reports = ErrorReportCollector(for: dropped)
        dropped.send(.userTypedText("late"))
        #expect(reports.reports.count == 1)
        desk.destination = nil
        #expect(kept.effectsState.effects.isEmpty)
    }

    @Test func anOptionalScopeOfACaseIsAChildWhenSetAndAScopeInAnArrayIsNone() async {
        let desk = Comparison()
        let draft = NoteEditor()
        desk.destination = .draft(draft)
        draft.send(.screenAppeared)
        #expect(draft.scopePath == "Comparison.destination")
        desk.destination = .draft(nil)
        #expect(draft.effectsState.effects.isEmpty)
        let pane = Pane()
        desk.destination = .panes([pane])
        #expect(pane.scopePath == "Pane", "a scope inside an array is not a child")
        #expect(!desk.subtreeDescription.contains("Pane"), "\(desk.subtreeDescription)")
    }

    @Test func valuesBesideTheScopesDecideEquality() async {
        let editor = NoteEditor()
        let pane = Pane()
        typealias Destination = Comparison.Destination
        #expect(Destination.editor(editor, mode: Mode(zoom: 1)) == .editor(editor, mode: Mode(zoom: 1)))
        #expect(Destination.editor(editor, mode: Mode(zoom: 1)) != .editor(editor, mode: Mode(zoom: 2)))
        #expect(Destination.editor(editor, mode: Mode(zoom: 1)) != .editor(NoteEditor(), mode: Mode(zoom: 1)))
        #expect(Destination.draft(nil) == .draft(nil))
        #expect(Destination.draft(nil) != .draft(editor))
        // Neither arrays of a scope that is not Equatable, nor a struct holding one, are: the scopes
        // inside are compared as the same objects.
        #expect(Destination.panes([pane]) == .panes([pane]))
        #expect(Destination.panes([pane]) != .panes([Pane()]))
        #expect(Destination.panes([pane]) != .panes([pane, pane]))
        #expect(
            Destination.framed(PaneFrame(pane: pane, title: "a"))
                == .framed(PaneFrame(pane: pane, title: "a")))
        #expect(
            Destination.framed(PaneFrame(pane: pane, title: "a"))
                != .framed(PaneFrame(pane: Pane(), title: "a")))
        #expect(
            Destination.framed(PaneFrame(pane: pane, title: "a"))
                != .framed(PaneFrame(pane: pane, title: "b")))
    }

    @Test func anEventToOneOfACasesScopesIsRecordedAndReplayedByItsName() async throws {
        let bench = Bench()
        var text = ""
        let recorder = Recorder(recording: bench) { text += $0 }
        bench.send(.open)
        guard case .pair(_, let second) = bench.destination else {
            Issue.record("no pair")
            return
        }
        second.send(.tap)
        recorder.stop()
        let replay = try Replay(try Recording(jsonLines: text), into: Bench())
        try replay.playToEnd()
        #expect(replay.root.destination?.taps == [0, 1])
        #expect(try Recording(jsonLines: text).events.map(\.path) == [[], ["destination.1"]])
    }

    @Test func aLabeledCasesBindingPresentsItsScope() async {
        let desk = Comparison()
        let history = NoteHistory()
        let binding = desk.presentation(\.destination, case: Comparison.Destination.history, dismiss: .close)
        #expect(binding.value == nil)
        desk.destination = .history(of: history)
        #expect(binding.value === history)
        #expect(history.scopePath == "Comparison.destination")
        binding.value = nil
        #expect(desk.destination == nil)
    }
}

/// A screen whose destination's cases hold several scopes, labeled ones, optional ones, scopes beside
/// other values and scopes inside other values.
@MainActor
private final class Comparison: Scope {
    enum Destination: ScopeDestination {
        case compare(left: NoteEditor, right: NoteEditor)
        case pair(NoteEditor, NoteEditor)
        case editor(NoteEditor, mode: Mode)
        case draft(NoteEditor?)
        case history(of: NoteHistory)
        case panes([Pane])
        case framed(PaneFrame)
    }

    @Subscope var destination: Destination? = nil

    enum When: Sendable { case close }

    func update(_ when: When) throws {
        destination = nil
    }
}

/// A value beside a scope, not `Equatable`.
private struct Mode {
    let zoom: Int
}

/// A value holding a scope, not `Equatable`.
private struct PaneFrame {
    let pane: Pane
    let title: String
}

/// A scope that is not `Equatable`.
@MainActor
private final class Pane: Scope {
    enum When: Sendable {}
    func update(_ when: When) throws {}
}

/// A screen whose destination shows two counters side by side, and records its events.
@MainActor
private final class Bench: Scope {
    enum Destination: ScopeDestination {
        case pair(BenchTally, BenchTally)

        @MainActor var taps: [Int] {
            switch self {
            case .pair(let first, let second): [first.taps, second.taps]
            }
        }
    }

    @Subscope var destination: Destination? = nil

    enum When: Codable, Sendable { case open }

    func update(_ when: When) throws {
        destination = .pair(BenchTally(), BenchTally())
    }
}

@MainActor
private final class BenchTally: Scope {
    var taps = 0

    enum When: Codable, Sendable { case tap }

    func update(_ when: When) throws {
        taps += 1
    }
}
