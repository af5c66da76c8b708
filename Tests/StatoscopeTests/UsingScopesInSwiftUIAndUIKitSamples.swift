// Generated from Sources/Statoscope/Documentation.docc/UsingScopesInSwiftUIAndUIKit.md by .ci/article-samples:
// edit the article, then run that script.
// swift-format-ignore-file

import Foundation
import Observation
import Statoscope
import StatoscopeTesting
#if canImport(SwiftUI)
    import SwiftUI
#endif
#if canImport(UIKit)
    import UIKit
#endif
#if canImport(Combine)
    import Combine
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 34

@Observable
final class RecipeEditor: IdentifiableScope {
    private(set) var title = ""
    private(set) var isVegetarian = false

    enum When {
        case userTypedTitle(String)
        case userToggledVegetarian(Bool)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTypedTitle(let title): self.title = title
        case .userToggledVegetarian(let isVegetarian): self.isVegetarian = isVegetarian
        }
    }
}

// UsingScopesInSwiftUIAndUIKit.md, line 61
#if canImport(SwiftUI)

struct RecipeEditorView: View {
    let editor: RecipeEditor

    var body: some View {
        VStack {
            TextField("Title", text: editor.binding(\.title, send: { .userTypedTitle($0) }))
            Toggle("Vegetarian", isOn: editor.binding(\.isVegetarian, send: { .userToggledVegetarian($0) }))
        }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 94
#if canImport(SwiftUI)

struct RecipesApp: App {
    var body: some Scene {
        WindowGroup {
            RecipesWindow()
        }
    }
}

struct RecipesWindow: View {
    @State private var recipes = Recipes()

    var body: some View {
        RecipesView()
            .environment(recipes)
            .task { recipes.send(.appStarted) }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 129
#if canImport(SwiftUI)

struct RestoredRecipesWindow: View {
    @State private var recipes = Recipes()
    @SceneStorage("recipes.open") private var saved: Data?
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        RecipesView()
            .environment(recipes)
            .task {
                let open = saved.flatMap { try? JSONDecoder().decode([String].self, from: $0) }
                recipes.send(.windowRestored(openRecipes: open ?? []))
            }
            .onChange(of: recipes.path.map(\.title)) { _, open in
                saved = try? JSONEncoder().encode(open)
            }
            .onChange(of: scenePhase) { _, phase in
                recipes.send(.windowPhaseChanged(isActive: phase == .active))
            }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 170

@Observable
final class Recipes: Scope {
    private(set) var titles: [String] = []
    @ObservationIgnored @Subscope var editor: RecipeEditor? = nil
    @ObservationIgnored @Subscope var path: [RecipeDetail] = []

    private(set) var isActive = true

    enum When {
        case appStarted
        case windowRestored(openRecipes: [String])
        case windowPhaseChanged(isActive: Bool)
        case userTappedNewRecipe
        case userClosedEditor
        case userTappedRecipe(String)
        case userWentBack(toDepth: Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .appStarted:
            titles = ["Gazpacho", "Tortilla"]
        case .windowRestored(let open):
            path = open.map { RecipeDetail(title: $0) }
        case .windowPhaseChanged(let isActive):
            self.isActive = isActive
        case .userTappedNewRecipe:
            editor = RecipeEditor()
        case .userClosedEditor:
            if let title = editor?.title, !title.isEmpty { titles.append(title) }
            editor = nil
        case .userTappedRecipe(let title):
            path.append(RecipeDetail(title: title))
        case .userWentBack(let depth):
            path.removeLast(path.count - depth)
        }
    }
}

// UsingScopesInSwiftUIAndUIKit.md, line 227
#if canImport(SwiftUI)

struct RecipesView: View {
    @Environment(Recipes.self) private var recipes

    var body: some View {
        NavigationStack(path: recipes.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) {
            List {
                ForEach(recipes.titles, id: \.self) { title in
                    Button(title) { recipes.send(.userTappedRecipe(title)) }
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
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 262

struct LoadIngredients: Effect, Equatable {
    let title: String

    func runEffect() async throws -> [String] {
        title == "Gazpacho" ? ["tomato", "cucumber", "garlic"] : ["egg", "potato"]
    }
}

@Observable
final class RecipeDetail: IdentifiableScope {
    let title: String
    private(set) var ingredients: [String]?

    init(title: String) {
        self.title = title
    }

    enum When {
        case screenAppeared
        case ingredientsLoaded([String])
    }

    func update(_ when: When) throws {
        switch when {
        case .screenAppeared:
            guard ingredients == nil else { return }
            effectsState.enqueue(LoadIngredients(title: title).map(When.ingredientsLoaded), key: "load")
        case .ingredientsLoaded(let ingredients):
            self.ingredients = ingredients
        }
    }
}

// UsingScopesInSwiftUIAndUIKit.md, line 300
#if canImport(SwiftUI)

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
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 328

@Observable
final class RecipeScreen: IdentifiableScope {
    @ObservationIgnored @Subscope var detail: RecipeDetail? = nil
    @ObservationIgnored @Subscope var editor: RecipeEditor? = nil

    init(detail: RecipeDetail) {
        self.detail = detail
    }

    init(editor: RecipeEditor) {
        self.editor = editor
    }

    enum When {}

    func update(_ when: When) throws {}
}

// UsingScopesInSwiftUIAndUIKit.md, line 361

@Observable
final class RecipeShelf: Scope {
    enum Destination: ScopeDestination {
        case editor(RecipeEditor)
        case detail(RecipeDetail)
    }

    @ObservationIgnored @Subscope var destination: Destination? = nil
    private(set) var titles = ["Gazpacho", "Tortilla"]
    private(set) var deleteAlert: AlertState<When>?

    enum When {
        case userTappedNewRecipe
        case userTappedRecipe(String)
        case userClosedDestination
        case userTappedDeleteAll
        case userConfirmedDeleteAll
        case userCancelledDeleteAll
        case userDismissedAlert
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedNewRecipe:
            destination = .editor(RecipeEditor())
        case .userTappedRecipe(let title):
            destination = .detail(RecipeDetail(title: title))
        case .userClosedDestination:
            destination = nil
        case .userTappedDeleteAll:
            deleteAlert = AlertState(
                title: "Delete every recipe?",
                message: "This cannot be undone.",
                buttons: [
                    AlertButton("Delete", role: .destructive, send: .userConfirmedDeleteAll),
                    AlertButton("Cancel", role: .cancel, send: .userCancelledDeleteAll),
                ])
        case .userConfirmedDeleteAll:
            titles = []
            deleteAlert = nil
        case .userCancelledDeleteAll, .userDismissedAlert:
            deleteAlert = nil
        }
    }
}

// UsingScopesInSwiftUIAndUIKit.md, line 424
#if canImport(SwiftUI)

struct RecipeShelfView: View {
    let shelf: RecipeShelf

    var body: some View {
        NavigationStack {
            List {
                ForEach(shelf.titles, id: \.self) { title in
                    Button(title) { shelf.send(.userTappedRecipe(title)) }
                }
                Button("New recipe") { shelf.send(.userTappedNewRecipe) }
                Button("Delete all", role: .destructive) { shelf.send(.userTappedDeleteAll) }
            }
            .navigationDestination(
                item: shelf.presentation(\.destination, case: RecipeShelf.Destination.detail, dismiss: .userClosedDestination)
            ) { detail in
                RecipeDetailView(detail: detail)
            }
            .sheet(
                item: shelf.presentation(\.destination, case: RecipeShelf.Destination.editor, dismiss: .userClosedDestination)
            ) { editor in
                RecipeEditorView(editor: editor)
            }
            .alert(shelf.alert(\.deleteAlert, dismiss: .userDismissedAlert))
        }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 466

func newRecipePlan() throws {
    try RecipeShelf.GIVEN { RecipeShelf() }
        .WHEN(.userTappedNewRecipe)
        .THEN(\.destination, case: RecipeShelf.Destination.editor)
        .WITH(\.destination, case: RecipeShelf.Destination.editor) { editor in
            try editor
                .WHEN(.userTypedTitle("Paella"))
                .THEN(\.title, equals: "Paella")
        }
        .WHEN(.userClosedDestination)
        .THEN_Nil(\.destination)
        .runTest()
}

// UsingScopesInSwiftUIAndUIKit.md, line 507

func deleteAllPlan() throws {
    try RecipeShelf.GIVEN { RecipeShelf() }
        .WHEN(.userTappedDeleteAll)
        .THEN(\.deleteAlert?.title, equals: "Delete every recipe?")
        .THEN(\.deleteAlert) { alert in
            let labels = alert?.buttons.map(\.label)
            guard labels == ["Delete", "Cancel"] else { throw CheckFailure("Delete and Cancel, got \(labels ?? [])") }
        }
        .WHEN(\.deleteAlert, tapping: "Delete")
        .THEN(\.titles, equals: [])
        .runTest()
}

// UsingScopesInSwiftUIAndUIKit.md, line 534
#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS

final class RecipeCountViewController: UIViewController {
    private let recipes: Recipes
    private let countLabel = UILabel()
    private var observation: ScopeObservation?

    init(recipes: Recipes) {
        self.recipes = recipes
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("created in code only")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(countLabel)
        observation = recipes.observe { [countLabel] recipes in
            countLabel.text = "\(recipes.titles.count) recipes"
        }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 589
#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS

final class RecipeShelfViewController: UIViewController {
    private let shelf: RecipeShelf
    private var observations: [ScopeObservation] = []

    init(shelf: RecipeShelf) {
        self.shelf = shelf
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("created in code only")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        observations = [
            present(shelf.alert(\.deleteAlert, dismiss: .userDismissedAlert)),
            present(shelf.presentation(\.destination, case: RecipeShelf.Destination.editor, dismiss: .userClosedDestination)) {
                editor in
                RecipeEditorViewController(editor: editor)
            },
        ]
    }
}

final class RecipeEditorViewController: UIViewController {
    let editor: RecipeEditor

    init(editor: RecipeEditor) {
        self.editor = editor
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("created in code only")
    }
}

final class RecipeDetailViewController: UIViewController {
    let detail: RecipeDetail

    init(detail: RecipeDetail) {
        self.detail = detail
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("created in code only")
    }
}

final class RecipesNavigationController: UINavigationController {
    private var observation: ScopeObservation?

    init(recipes: Recipes, root: UIViewController) {
        super.init(rootViewController: root)
        observation = push(recipes.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) { detail in
            RecipeDetailViewController(detail: detail)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("created in code only")
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 688

@Observable
final class AnimatedIngredients: Scope {
    private let appearing: SendAnimation
    private(set) var ingredients: [String] = []

    init(appearing: SendAnimation) {
        self.appearing = appearing
    }

    enum When {
        case screenAppeared(title: String)
        case ingredientsLoaded([String])
    }

    func update(_ when: When) throws {
        switch when {
        case .screenAppeared(let title):
            effectsState.enqueue(LoadIngredients(title: title).map(When.ingredientsLoaded).animation(appearing))
        case .ingredientsLoaded(let ingredients):
            self.ingredients = ingredients
        }
    }
}

// UsingScopesInSwiftUIAndUIKit.md, line 717
#if canImport(SwiftUI)

struct AnimatedIngredientsView: View {
    @State private var ingredients = AnimatedIngredients(appearing: .swiftUI(.easeInOut))

    var body: some View {
        List {
            ForEach(ingredients.ingredients, id: \.self) { ingredient in
                Text(ingredient)
            }
            Button("Reload") {
                ingredients.send(.screenAppeared(title: "Gazpacho"), animation: .swiftUI(.default))
            }
        }
        .task { ingredients.send(.screenAppeared(title: "Gazpacho")) }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 755
#if canImport(Combine)

final class RecipeBook: Scope, @preconcurrency ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Subscope var editor: RecipeEditor? = nil

    enum When {
        case userTappedEdit
        case userClosedEditor
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedEdit: editor = RecipeEditor()
        case .userClosedEditor: editor = nil
        }
    }
}
#endif

// UsingScopesInSwiftUIAndUIKit.md, line 789
#if canImport(SwiftUI)

struct RecipeDetailView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            RecipeDetailView(detail: RecipeDetail(title: "Gazpacho"))
        }
    }
}
#endif
