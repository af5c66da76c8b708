// UIKit screens over scopes, written as the docs write them: a label kept up to date, an alert and a
// confirmation dialog, a destination presented modally, a navigation stack following a list of
// children, and sends (and an effect's result) animated.
#if canImport(UIKit) && !os(watchOS) && !STANDIN_WATCHOS
    import Statoscope
    import UIKit

    final class RecipeBoxViewController: UIViewController {
        private let box: RecipeBox
        private let countLabel = UILabel()
        private var observations: [ScopeObservation] = []

        init(box: RecipeBox) {
            self.box = box
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
            fatalError("created in code only")
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(countLabel)
            observations = [
                box.observe { [countLabel] box in
                    countLabel.text = "\(box.titles.count) recipes"
                },
                present(box.alert(\.deleteAlert, dismiss: .userDismissedAlert)),
                present(box.confirmationDialog(\.moreDialog, dismiss: .userDismissedMore), animated: false),
                present(
                    box.presentation(
                        \.destination, case: RecipeBox.Destination.editor, dismiss: .userDismissedDestination)
                ) { editor in
                    RecipeEditorViewController(editor: editor)
                },
            ]
        }

        func deleteAllTapped() {
            box.send(.userTappedDelete, animation: .uiView(duration: 0.25))
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

    /// A navigation controller whose stack follows the recipes' path.
    final class RecipesNavigationController: UINavigationController {
        private let recipes: Recipes
        private var observation: ScopeObservation?

        init(recipes: Recipes, root: UIViewController) {
            self.recipes = recipes
            super.init(rootViewController: root)
            observation = push(recipes.navigationPath(\.path, popTo: { .userWentBack(toDepth: $0) })) {
                detail in
                RecipeDetailViewController(detail: detail)
            }
        }

        required init?(coder: NSCoder) {
            fatalError("created in code only")
        }
    }

    /// An effect whose result is sent inside a UIKit animation.
    extension RecipeEditor {
        func animatedSave() -> AnyEffect<When> {
            AnyEffect { "Saved" }.map(When.saveFinished).animation(.uiView(duration: 0.3))
        }
    }
#endif
