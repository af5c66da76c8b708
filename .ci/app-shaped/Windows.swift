// An app's windows, previews and app-group storage, written as the docs write them: a root made per
// window, restored from the scene's storage and told of the scene's phase; a navigation stack whose
// links push; previews that make their scopes and nothing else; a store in an app group's container,
// shared with a widget.
import Foundation
import Observation
import Statoscope
import SwiftUI

/// One window: a tree of its own, restored as the user left it.
struct RecipesWindow: View {
    @State private var recipes = Recipes()
    @State private var instruments = Instruments()
    @SceneStorage("recipes.open") private var saved: Data?
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        RecipesView()
            .environment(recipes)
            .task {
                instruments.install(on: recipes)
                let open = saved.flatMap { try? JSONDecoder().decode([String].self, from: $0) }
                recipes.send(.windowRestored(openRecipes: open ?? []))
            }
            .onChange(of: recipes.path.map(\.title)) { _, open in
                saved = try? JSONEncoder().encode(open)
            }
            .onChange(of: scenePhase) { _, phase in
                recipes.send(.windowPhaseChanged(isActive: phase == .active))
            }
            .onOpenURL { url in
                recipes.send(.userOpenedLink(url.lastPathComponent))
            }
    }
}

/// A stack whose links push screens the view makes.
struct LinkedRecipesView: View {
    @Environment(Recipes.self) private var recipes

    var body: some View {
        NavigationStack(
            path: recipes.navigationPath(
                \.path, popTo: { .userWentBack(toDepth: $0) }, push: { .userPushed($0) })
        ) {
            List {
                ForEach(recipes.titles, id: \.self) { title in
                    NavigationLink(title, value: RecipeDetail(title: title))
                }
            }
            .navigationDestination(for: RecipeDetail.self) { detail in
                RecipeDetailView(detail: detail)
            }
        }
    }
}

/// A field that takes the focus, and reports its text as it changes.
struct RecipeTitleField: View {
    let editor: RecipeEditor
    @FocusState private var isFocused: Bool

    var body: some View {
        TextField("Title", text: editor.binding(\.title, send: { .userTypedTitle($0) }))
            .focused($isFocused, equals: true)
            .onChange(of: editor.title, initial: true) { _, title in
                isFocused = title.isEmpty
            }
    }
}

struct RecipeDetailView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            RecipeDetailView(detail: RecipeDetail(title: "Gazpacho"))
        }
    }
}

struct RecipesWindow_Previews: PreviewProvider {
    static var previews: some View {
        RecipesWindow()
    }
}

/// The app and its widget, each with a store in the group's container, injected at the root.
enum SharedContainer {
    static let appGroup = "group.com.example.recipes"

    @MainActor
    static func share(_ root: some Scope) throws {
        root.inject(SharedStore(storage: try JSONFileStorage.appGroup(appGroup)))
    }
}
