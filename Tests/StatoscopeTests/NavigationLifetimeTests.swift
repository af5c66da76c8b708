import Statoscope
import Testing

/// Presenting and dismissing through the view bindings are the moments the lifetime of subscopes
/// governs: a screen the user leaves stops its work in the same `send`, even while something (a view
/// being animated away) still holds it.
@MainActor
struct NavigationLifetimeTests {
    @Test func poppingAScreenEndsItsEffects() async {
        let contacts = Contacts()
        contacts.send(.userOpened(name: "Ada"))
        contacts.send(.userOpened(name: "Grace"))
        let popped = contacts.path[1]
        let staying = contacts.path[0]
        popped.send(.screenAppeared)
        staying.send(.screenAppeared)
        let path = contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })
        path.value = [staying]
        #expect(popped.effectsState.effects.isEmpty)
        #expect(staying.effectsState.effects.count == 1)
        staying.effectsState.cancelAllEffects()
    }

    @Test func dismissingASheetEndsItsEffects() async {
        let contacts = Contacts()
        contacts.send(.userTappedAdd)
        let editor = contacts.editor!
        editor.send(.userTappedSave)
        #expect(editor.effectsState.effects.count == 1)
        contacts.presentation(\.editor, dismiss: .userDismissedEditor).value = nil
        #expect(editor.effectsState.effects.isEmpty)
    }

    @Test func aPoppedScreenReceivesNoMoreEvents() async {
        let contacts = Contacts()
        contacts.send(.userOpened(name: "Ada"))
        let popped = contacts.path[0]
        contacts.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) }).value = []
        let reports = ErrorReportCollector(for: popped)
        popped.send(.detailsLoaded("late"))
        #expect(popped.details == nil)
        #expect(reports.reports.count == 1)
    }

    @Test func poppingAScreenOfAMixedStackEndsTheWorkOfTheScreenItHolds() async {
        let stack = RecipeStack()
        stack.send(.userOpened("Gazpacho"))
        let detail = stack.screens[0].detail!
        detail.send(.screenAppeared)
        stack.navigationPath(\.screens, popTo: { .userWentBack(toDepth: $0) }).value = []
        #expect(detail.effectsState.effects.isEmpty)
    }
}

/// A stack of different screens, as the article on SwiftUI and UIKit builds it.
@MainActor
final class RecipeStack: Scope {
    @Subscope var screens: [RecipeScreen] = []

    enum When {
        case userOpened(String)
        case userWentBack(toDepth: Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .userOpened(let title):
            screens.append(RecipeScreen(detail: RecipeDetail(title: title)))
        case .userWentBack(let depth):
            screens.removeLast(screens.count - depth)
        }
    }
}
