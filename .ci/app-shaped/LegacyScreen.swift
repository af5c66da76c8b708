// A scope written as an `ObservableObject`, as code that still uses `@StateObject` writes it.
import Combine
import Statoscope

final class PublishedCounter: Scope, ObservableObject {
    @Published private(set) var count = 0
    @Subscope var editor: RecipeEditor? = nil

    enum When {
        case userTappedIncrement
        case userTappedEdit
        case userClosedEditor
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedIncrement: count += 1
        case .userTappedEdit: editor = RecipeEditor()
        case .userClosedEditor: editor = nil
        }
    }
}
