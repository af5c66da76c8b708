import Foundation
import Statoscope

private enum Keys {
    static let unread = SharedKey<Int>("unread", default: 0)
    static let fontSize = SharedKey<Int>.persisted("fontSize", default: 14)
}

/// A mail app whose list and badge read the same unread count.
@MainActor
private final class Mail: Scope {
    @Subscope var list = MailList()
    @Subscope var badge = MailBadge()

    enum When { case appeared }

    func update(_ when: When) throws {}
}

@MainActor
private final class MailList: Scope {
    @Shared(Keys.unread) var unread: Int

    enum When { case received }

    func update(_ when: When) throws {
        unread += 1
    }
}

@MainActor
private final class MailBadge: Scope {
    @Shared(Keys.unread) var unread: Int
    var told: [Int] = []

    enum When {
        case appeared
        case unreadChanged(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared: receiveChanges(of: Keys.unread, as: When.unreadChanged)
        case .unreadChanged(let count): told.append(count)
        }
    }
}

@MainActor
private final class Preferences: Scope {
    @Shared(Keys.fontSize) var fontSize: Int

    enum When { case userEnlargedText }

    func update(_ when: When) throws {
        fontSize += 1
    }
}

/// Shared values: one value read by many scopes, changed in an update, and a persisted one saved to
/// a folder and loaded on the next run.
extension Checks {
    static var sharing: [NamedCheck] {
        [
            NamedCheck(
                "a shared value one scope changes is seen by another when the send returns",
                aSharedValueIsSeenByAnotherScope),
            NamedCheck(
                "a persisted value is saved to its folder and loaded on the next run",
                aPersistedValueIsSavedAndLoadedAgain),
        ]
    }

    static func aSharedValueIsSeenByAnotherScope(_ check: Check) {
        let mail = Mail()
        mail.inject(SharedStore(storage: InMemoryStorage()))
        mail.badge.send(.appeared)
        mail.list.send(.received)
        mail.list.send(.received)
        check.expect("the list's count", mail.list.unread, equals: 2)
        check.expect("the badge's count", mail.badge.unread, equals: 2)
        check.expect("the changes the badge was told of", mail.badge.told, equals: [1, 2])
    }

    static func aPersistedValueIsSavedAndLoadedAgain(_ check: Check) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-app-path-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fontSize.json")
        let preferences = Preferences()
        preferences.inject(SharedStore(storage: JSONFileStorage(directory: folder)))
        preferences.send(.userEnlargedText)
        preferences.send(.userEnlargedText)
        check.expect("the font size", preferences.fontSize, equals: 16)
        await check.waitUntil("the saved file", got: savedText(of: file) ?? "no file") {
            savedText(of: file) == #"{"value":16,"version":1}"#
        }
        let nextRun = Preferences()
        nextRun.inject(SharedStore(storage: JSONFileStorage(directory: folder)))
        check.expect("the font size on the next run", nextRun.fontSize, equals: 16)
    }

    /// A file's text, read through a handle: `Data(contentsOf:)` leaks its buffer in Foundation on
    /// Linux, which a run under AddressSanitizer reports.
    private static func savedText(of file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }
}
