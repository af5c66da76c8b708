// What the doc comments of the SwiftUI and UIKit helpers take as known: a contact list that pushes
// contacts' screens and presents an editor, and their views. It imports SwiftUI and UIKit, so the
// samples compiled with it are left to .ci/apple-typecheck, which compiles them against the stand-ins
// of .ci/apple-standins.
import Observation
import Statoscope
import SwiftUI
import UIKit

@Observable
final class Editor: IdentifiableScope {
    private(set) var name = ""

    enum When {
        case userTypedName(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTypedName(let name): self.name = name
        }
    }
}

@Observable
final class ContactScreen: IdentifiableScope {
    let name: String

    init(name: String) {
        self.name = name
    }

    enum When {
        case appeared
    }

    func update(_ when: When) throws {}
}

@Observable
final class Contacts: Scope {
    private(set) var names: [String] = []
    @ObservationIgnored @Subscope var editor: Editor? = nil
    @ObservationIgnored @Subscope var path: [ContactScreen] = []

    enum When {
        case userTappedNewContact
        case userDismissedEditor
        case userTappedContact(String)
        case userWentBack(toDepth: Int)
        case userOpened(ContactScreen)
    }

    func update(_ when: When) throws {
        switch when {
        case .userTappedNewContact:
            editor = Editor()
        case .userDismissedEditor:
            if let name = editor?.name, !name.isEmpty { names.append(name) }
            editor = nil
        case .userTappedContact(let name):
            path.append(ContactScreen(name: name))
        case .userWentBack(let depth):
            path.removeLast(path.count - depth)
        case .userOpened(let screen):
            path.append(screen)
        }
    }
}

struct ContactListView: View {
    let contacts: Contacts

    var body: some View {
        List {
            ForEach(contacts.names, id: \.self) { name in
                Button(name) { contacts.send(.userTappedContact(name)) }
            }
        }
    }
}

struct EditorView: View {
    let editor: Editor

    var body: some View {
        TextField("Name", text: editor.binding(\.name, send: { .userTypedName($0) }))
    }
}
