// A screen that shows one destination among several kinds (an editor as a sheet, a detail pushed, a
// share screen as a popover, a full-screen cover), asks before deleting with an alert and offers
// choices in a confirmation dialog, written as the docs write it; and its SwiftUI view.
import Observation
import Statoscope
import SwiftUI

@Observable
final class RecipeShare: IdentifiableScope {
    enum When {}
    func update(_ when: When) throws {}
}

@Observable
final class RecipeBox: Scope {
    enum Destination: ScopeDestination {
        case editor(RecipeEditor)
        case detail(RecipeDetail)
        case share(RecipeShare)
        case cover(RecipeShare)
    }

    @ObservationIgnored @Subscope var destination: Destination? = nil
    private(set) var deleteAlert: AlertState<When>?
    private(set) var moreDialog: ConfirmationDialogState<When>?
    private(set) var titles = ["Gazpacho"]

    enum When: Equatable {
        case userTappedNew
        case userTappedRecipe(String)
        case userTappedShare
        case userTappedPresent
        case userDismissedDestination
        case userTappedDelete
        case userConfirmedDelete
        case userCancelledDelete
        case userDismissedAlert
        case userTappedMore
        case userChoseArchive
        case userDismissedMore
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedNew: destination = .editor(RecipeEditor())
        case .userTappedRecipe(let title): destination = .detail(RecipeDetail(title: title))
        case .userTappedShare: destination = .share(RecipeShare())
        case .userTappedPresent: destination = .cover(RecipeShare())
        case .userDismissedDestination: destination = nil
        case .userTappedDelete:
            deleteAlert = AlertState(
                title: "Delete every recipe?",
                message: "This cannot be undone.",
                buttons: [
                    AlertButton("Delete", role: .destructive, send: .userConfirmedDelete),
                    AlertButton("Cancel", role: .cancel, send: .userCancelledDelete),
                ])
        case .userConfirmedDelete:
            titles = []
            deleteAlert = nil
        case .userCancelledDelete, .userDismissedAlert:
            deleteAlert = nil
        case .userTappedMore:
            moreDialog = ConfirmationDialogState(
                title: "Recipes", titleVisibility: .visible,
                buttons: [
                    AlertButton("Archive", send: .userChoseArchive),
                    AlertButton("Cancel", role: .cancel, send: .userDismissedMore),
                ])
        case .userChoseArchive, .userDismissedMore:
            moreDialog = nil
        }
    }
}

struct RecipeBoxView: View {
    let box: RecipeBox

    var body: some View {
        NavigationStack {
            List {
                ForEach(box.titles, id: \.self) { title in
                    Button(title) { box.send(.userTappedRecipe(title)) }
                }
                Button("New") { box.send(.userTappedNew) }
                Button("Delete all", role: .destructive) { box.send(.userTappedDelete) }
            }
            .navigationDestination(
                item: box.presentation(
                    \.destination, case: RecipeBox.Destination.detail, dismiss: .userDismissedDestination)
            ) { detail in
                RecipeDetailView(detail: detail)
            }
            .sheet(
                item: box.presentation(
                    \.destination, case: RecipeBox.Destination.editor, dismiss: .userDismissedDestination)
            ) {
                editor in
                RecipeEditorView(editor: editor)
            }
            .alert(box.alert(\.deleteAlert, dismiss: .userDismissedAlert))
            .confirmationDialog(box.confirmationDialog(\.moreDialog, dismiss: .userDismissedMore))
            #if !os(tvOS) && !os(watchOS) && !STANDIN_TVOS && !STANDIN_WATCHOS
                .popover(
                    item: box.presentation(
                        \.destination, case: RecipeBox.Destination.share, dismiss: .userDismissedDestination)
                ) {
                    share in
                    Text("Share")
                }
            #endif
            #if !os(macOS) && !STANDIN_MACOS
                .fullScreenCover(
                    item: box.presentation(
                        \.destination, case: RecipeBox.Destination.cover, dismiss: .userDismissedDestination)
                ) { cover in
                    Text("Cover")
                }
            #endif
        }
    }
}
