import Observation
import Statoscope

/// An address book: a list of contacts pushed onto a navigation stack, and an editor shown as a sheet.
@MainActor
@Observable
final class Contacts: Scope {
    private(set) var names: [String] = []
    private(set) var dismissals = 0
    @ObservationIgnored @Subscope var editor: ContactEditor? = nil
    @ObservationIgnored @Subscope var path: [ContactCard] = []

    enum When: Sendable, Equatable {
        case userTappedAdd
        case userDismissedEditor
        case userOpened(name: String)
        case userWentBack(toDepth: Int)
        case userRenamed(String, at: Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedAdd:
            editor = ContactEditor()
        case .userDismissedEditor:
            dismissals += 1
            editor = nil
        case .userOpened(let name):
            path.append(ContactCard(name: name))
        case .userWentBack(let depth):
            path.removeLast(path.count - depth)
        case .userRenamed(let name, let index):
            if names.count <= index { names += Array(repeating: "", count: index + 1 - names.count) }
            names[index] = name
        }
    }
}

/// A sheet that saves its draft with an effect that runs until it is cancelled.
@MainActor
@Observable
final class ContactEditor: IdentifiableScope {
    private(set) var draft = ""

    enum When: Sendable {
        case userTyped(String)
        case userTappedSave
        case saved
    }

    func update(_ when: When) throws {
        switch when {
        case .userTyped(let text): draft = text
        case .userTappedSave: effectsState.enqueue(EndlessEffect(result: When.saved))
        case .saved: break
        }
    }
}

/// A screen pushed onto the stack, which loads its details with an effect that runs until cancelled.
@MainActor
@Observable
final class ContactCard: IdentifiableScope {
    let name: String
    private(set) var details: String?

    init(name: String) {
        self.name = name
    }

    enum When: Sendable {
        case screenAppeared
        case detailsLoaded(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .screenAppeared: effectsState.enqueue(EndlessEffect(result: When.detailsLoaded("")))
        case .detailsLoaded(let details): self.details = details
        }
    }
}

/// An effect that completes only after an hour, so that it is still running when a test ends it.
struct EndlessEffect<Result: Sendable>: Effect {
    let result: Result

    func runEffect() async throws -> Result {
        try await Task.sleep(for: .seconds(3600))
        return result
    }
}
