import Statoscope
import StatoscopeTestSupport
import Testing

/// Runs the scopes of the article on SwiftUI and UIKit through what their views do.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct UsingScopesInSwiftUIAndUIKitTests {
    @Test func anEditorPresentedAsASheetAddsItsRecipeWhenClosed() async {
        let recipes = Recipes()
        recipes.send(.appStarted)
        recipes.send(.userTappedNewRecipe)
        let editor = recipes.editor!
        editor.binding(\.title, send: { .userTypedTitle($0) }).value = "Paella"
        editor.binding(\.isVegetarian, send: { .userToggledVegetarian($0) }).value = true
        #expect(editor.isVegetarian)
        recipes.presentation(\.editor, dismiss: .userClosedEditor).value = nil
        #expect(recipes.editor == nil)
        #expect(recipes.titles == ["Gazpacho", "Tortilla", "Paella"])
    }

    @Test func aPushedRecipeLoadsItsIngredientsOnceAndIsPoppedByTheBackButton() async {
        let recipes = Recipes()
        recipes.send(.appStarted)
        recipes.send(.userTappedRecipe("Gazpacho"))
        let detail = recipes.path[0]
        detail.send(.screenAppeared)
        await detail.effectsState.waitUntilSettled()
        #expect(detail.ingredients == ["tomato", "cucumber", "garlic"])
        detail.send(.screenAppeared)
        #expect(detail.effectsState.effects.isEmpty)
        recipes.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) }).value = []
        #expect(recipes.path.isEmpty)
    }

    @Test nonisolated func thePlansOfTheArticleOnDestinationsAndAlertsPass() throws {
        try newRecipePlan()
        try deleteAllPlan()
    }

    @Test func aLabelKeptUpToDateByObserve() async {
        let recipes = Recipes()
        var label = ""
        let observation = recipes.observe { recipes in label = "\(recipes.titles.count) recipes" }
        #expect(label == "0 recipes")
        recipes.send(.appStarted)
        await mainActorBarrier()
        #expect(label == "2 recipes")
        withExtendedLifetime(observation) {}
    }
}
