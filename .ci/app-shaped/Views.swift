// An app's SwiftUI views over the scopes, written as the docs write them (the article's samples, checked
// in both modes too, have a UIKit view controller).
import Observation
import Statoscope
import SwiftUI

@main
struct RecipesApp: App {
    var body: some Scene {
        WindowGroup {
            RecipesWindow()
        }
    }
}

struct RecipesView: View {
    @Environment(Recipes.self) private var recipes

    var body: some View {
        NavigationStack(path: recipes.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) {
            List {
                ForEach(recipes.titles, id: \.self) { title in
                    Button(title) { recipes.send(.userTappedRecipe(title)) }
                }
                ForEach(recipes.rows) { row in
                    Button("Row \(row.id)") { row.send(.userTappedRow) }
                }
                Button("New recipe") { recipes.send(.userTappedNewRecipe) }
            }
            .navigationTitle("Recipes")
            .navigationDestination(for: RecipeDetail.self) { detail in
                RecipeDetailView(detail: detail)
            }
            .sheet(item: recipes.presentation(\.editor, dismiss: .userClosedEditor)) { editor in
                RecipeEditorView(editor: editor)
            }
        }
    }
}

struct RecipeEditorView: View {
    let editor: RecipeEditor

    var body: some View {
        VStack {
            TextField("Title", text: editor.binding(\.title, send: { .userTypedTitle($0) }))
            Toggle("Vegetarian", isOn: editor.binding(\.isVegetarian, send: { .userToggledVegetarian($0) }))
            Button("Save") { editor.send(.userTappedSave) }
        }
    }
}

struct RecipeDetailView: View {
    let detail: RecipeDetail

    var body: some View {
        List {
            ForEach(detail.ingredients ?? [], id: \.self) { ingredient in
                Text(ingredient)
            }
        }
        .navigationTitle(detail.title)
        .task { detail.send(.screenAppeared) }
    }
}
