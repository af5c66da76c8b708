import Statoscope
import StatoscopeTestSupport
import StatoscopeView
import Testing

/// The decisions of the UIKit presenters, which only Apple platforms run: what a modal presenter and a
/// navigation stack do given what they show and what the scope holds.
@MainActor
struct PresentationStepTests {
    @Test func presentsWhatTheScopeStartsHolding() {
        let editor = NoteEditor()
        #expect(PresentationStep(shown: nil, held: editor).actions == ["present"])
    }

    @Test func dismissesWhatTheScopeNoLongerHolds() {
        let editor = NoteEditor()
        #expect(PresentationStep(shown: editor, held: nil).actions == ["dismiss"])
    }

    @Test func replacesWhatIsShownWhenTheScopeHoldsAnotherScope() {
        #expect(
            PresentationStep(shown: NoteEditor(), held: NoteEditor()).actions == ["dismiss", "present"])
    }

    @Test func leavesAlonePresentationsThatAlreadyFollowTheScope() {
        let editor = NoteEditor()
        #expect(PresentationStep(shown: editor, held: editor).actions == [])
        #expect(PresentationStep(shown: nil, held: nil).actions == [])
    }

    @Test func aStackPushesTheChildrenAppendedAboveThoseItKeeps() {
        let (first, second, third) = (NoteEditor(), NoteEditor(), NoteEditor())
        let change = NavigationPathWrite(from: [first], to: [first, second, third])
        #expect(change.kept == 1)
        #expect(!change.pops)
        #expect(change.pushed.map(ObjectIdentifier.init) == [second, third].map(ObjectIdentifier.init))
    }

    @Test func aStackPopsToTheChildrenBothPathsShareThenPushesTheNewOnes() {
        let (first, second, replacement) = (NoteEditor(), NoteEditor(), NoteEditor())
        let popped = NavigationPathWrite(from: [first, second], to: [first])
        #expect(popped.kept == 1)
        #expect(popped.pops)
        #expect(popped.pushed.isEmpty)
        let replaced = NavigationPathWrite(from: [first, second], to: [first, replacement])
        #expect(replaced.kept == 1)
        #expect(replaced.pops)
        #expect(replaced.pushed.map(ObjectIdentifier.init) == [ObjectIdentifier(replacement)])
    }
}

extension PresentationStep {
    /// What the step does, in order.
    fileprivate var actions: [String] {
        (dismissesShown ? ["dismiss"] : []) + (presentsHeld ? ["present"] : [])
    }
}
