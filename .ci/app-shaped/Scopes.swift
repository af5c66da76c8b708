// An app's scopes, written as the docs write them: `@Observable` scopes, one an `IdentifiableScope`
// presented as a sheet and pushed on a stack, with subscopes, an ancestor, a dependency, effects,
// tracked and sensitive events.
import Foundation
import Observation
import Statoscope

@Observable
final class RecipeEditor: IdentifiableScope {
    private(set) var title = ""
    private(set) var isVegetarian = false
    private(set) var saved: Result<String, SaveError>?
    @ObservationIgnored @Sensitive var notes = ""

    nonisolated enum When: Codable {
        case userTypedTitle(String)
        case userToggledVegetarian(Bool)
        case userTypedNotes(String)
        case userTappedSave
        case saveFinished(String)
        case saveFailed
    }

    func update(_ when: When) throws {
        switch when {
        case .userTypedTitle(let title): self.title = title
        case .userToggledVegetarian(let isVegetarian): self.isVegetarian = isVegetarian
        case .userTypedNotes(let notes): self.notes = notes
        case .userTappedSave:
            guard !title.isEmpty else { throw InvalidStateError("nothing to save") }
            effectsState.enqueue(
                SaveRecipe(title: title).mapToResultWithError(SaveError.self).map { result in
                    switch result {
                    case .success(let title): When.saveFinished(title)
                    case .failure: When.saveFailed
                    }
                },
                key: "save")
        case .saveFinished(let title): saved = .success(title)
        case .saveFailed: saved = .failure(.offline)
        }
    }
}

nonisolated extension RecipeEditor.When: TrackedWhen {
    var isTracked: Bool {
        if case .userTypedNotes = self { return false }
        return true
    }
}

nonisolated extension RecipeEditor.When: SensitiveWhen {
    var isSensitive: Bool {
        if case .userTypedNotes = self { return true }
        return false
    }
}

@Observable
final class RecipeDetail: IdentifiableScope {
    let title: String
    private(set) var ingredients: [String]?
    private(set) var remaining: Int?
    @ObservationIgnored @Superscope var recipes: Recipes

    init(title: String) {
        self.title = title
    }

    enum When {
        case screenAppeared
        case ingredientsLoaded([String])
        case countdownTicked(Int)
        case countdownEnded
        case userTappedRecipes
    }

    func update(_ when: When) throws {
        switch when {
        case .screenAppeared:
            guard ingredients == nil else { return }
            effectsState.enqueue(LoadIngredients(title: title).map(When.ingredientsLoaded), key: "load")
            effectsState.enqueue(
                Countdown(from: 3).map(When.countdownTicked).onEnd { _ in When.countdownEnded },
                key: "countdown")
        case .ingredientsLoaded(let ingredients):
            self.ingredients = ingredients
        case .countdownTicked(let remaining):
            self.remaining = remaining
        case .countdownEnded:
            remaining = nil
        case .userTappedRecipes:
            recipes.send(.userWentBack(toDepth: 0))
        }
    }
}

/// A screen of one of several kinds, for a stack of different screens.
@Observable
final class RecipeScreen: IdentifiableScope {
    @ObservationIgnored @Subscope var detail: RecipeDetail? = nil
    @ObservationIgnored @Subscope var editor: RecipeEditor? = nil

    init(detail: RecipeDetail) {
        self.detail = detail
    }

    enum When {}

    func update(_ when: When) throws {}
}

/// An identifiable scope with an `id` of its own.
@Observable
final class Row: IdentifiableScope {
    nonisolated let id: Int

    init(id: Int) {
        self.id = id
    }

    enum When {
        case userTappedRow
    }

    func update(_ when: When) throws {}
}

@Observable
final class Recipes: Scope {
    private(set) var titles: [String] = []
    private(set) var liveCount = 0
    private(set) var isActive = true
    @ObservationIgnored @Subscope var editor: RecipeEditor? = nil
    @ObservationIgnored @Subscope var path: [RecipeDetail] = []
    @ObservationIgnored @Subscope var rows: [Row] = []
    @ObservationIgnored @Injected var client: RecipeClient

    enum When {
        case appStarted
        case userTappedNewRecipe
        case userClosedEditor
        case userTappedRecipe(String)
        case userWentBack(toDepth: Int)
        case userPushed(RecipeDetail)
        case userOpenedLink(String)
        case windowRestored(openRecipes: [String])
        case windowPhaseChanged(isActive: Bool)
        case liveCountChanged(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .appStarted:
            titles = ["Gazpacho", "Tortilla"]
            rows = [Row(id: 1), Row(id: 2)]
            effectsState.enqueue(LiveCount().map(When.liveCountChanged), key: "live")
        case .userTappedNewRecipe:
            editor = RecipeEditor()
        case .userClosedEditor:
            if let title = editor?.title, !title.isEmpty { titles.append(title) }
            editor = nil
        case .userTappedRecipe(let title):
            path.append(RecipeDetail(title: title))
        case .userWentBack(let depth):
            path.removeLast(path.count - depth)
        case .userPushed(let detail):
            path.append(detail)
        case .userOpenedLink(let title):
            path = [RecipeDetail(title: title)]
        case .windowRestored(let open):
            path = open.map { RecipeDetail(title: $0) }
        case .windowPhaseChanged(let isActive):
            self.isActive = isActive
        case .liveCountChanged(let count):
            liveCount = count
        }
    }
}

/// A scope that is not `@Observable`, as the docs' shorter samples write them.
final class Counter: Scope {
    var viewDisplaysTotalCount = 0

    enum When {
        case userTappedIncrementButton
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrementButton:
            viewDisplaysTotalCount += 1
        }
    }
}
