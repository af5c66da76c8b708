// An app's shared and persisted state, written as the docs write it: keys, a scope reading them, a
// value owned by a scope and handed to a child, a scope told of changes, and a storage of the app's
// own, which the store calls off the main actor, so that under main-actor default isolation it says
// `nonisolated`. A persisted value is encoded and decoded for the store, and its `Codable`
// conformance must not be the main actor's: under main-actor default isolation, its type says
// `nonisolated` too.
import Foundation
import Statoscope

nonisolated struct ReaderSettings: Codable, Sendable, Equatable {
    var fontSize = 14
}

extension SharedKey where Value == ReaderSettings {
    static var readerSettings: SharedKey<ReaderSettings> {
        .persisted("readerSettings", default: ReaderSettings())
    }
}

extension SharedKey where Value == Int {
    static var unreadCount: SharedKey<Int> { SharedKey("unreadCount", default: 0) }
}

final class ReaderScreen: Scope {
    @Shared(.readerSettings) var settings: ReaderSettings
    @Shared var draft: String
    @Subscope var editor: DraftEditor

    init() {
        let draft = Shared(value: "")
        _draft = draft
        editor = DraftEditor(draft: draft)
    }

    enum When { case userTappedLarger, appeared, unreadChanged(Int) }

    func update(_ when: When) throws {
        switch when {
        case .userTappedLarger: settings.fontSize += 1
        case .appeared: receiveChanges(of: .unreadCount, as: When.unreadChanged)
        case .unreadChanged: break
        }
    }
}

final class DraftEditor: Scope {
    @Shared var draft: String
    init(draft: Shared<String>) { _draft = draft }
    enum When { case userTyped(String) }
    func update(_ when: When) throws {
        switch when {
        case .userTyped(let text): draft = text
        }
    }
}

nonisolated struct KeychainStorage: SharedStorage {
    func load(_ name: String) throws -> Data? { nil }
    func save(_ data: Data, as name: String) throws {}
    func keepAside(_ name: String) throws -> String { name + ".unreadable" }
    func location(of name: String) -> String { "keychain:\(name)" }
}

@MainActor
func makeReader() async -> ReaderScreen {
    let screen = ReaderScreen()
    let store = SharedStore(storage: KeychainStorage())
    screen.inject(store)
    screen.send(.userTappedLarger)
    await store.flush()
    await store.reload()
    return screen
}
