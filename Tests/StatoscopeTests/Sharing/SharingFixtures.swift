import Foundation
import Observation
import Statoscope

/// Keys the sharing tests use.
enum SharingKeys {
    static let unread = SharedKey<Int>("unread", default: 0)
    static let theme = SharedKey<String>.persisted("theme", default: "light")
    static let fontSize = SharedKey<Int>.persisted("fontSize", default: 14, version: 2) { version, json in
        // Version 1 saved the size in points as a string.
        let old = try JSONDecoder().decode(String.self, from: json)
        return Int(old) ?? 14
    }
}

/// A parent whose two children, and itself, read the same shared values; the parent owns a draft it
/// hands to its children.
@MainActor
final class SharingParent: Scope {
    @Shared(SharingKeys.unread) var unread: Int
    @Shared(SharingKeys.theme) var theme: String
    @Shared var draft: String
    @Subscope var left: SharingChild
    @Subscope var right: SharingChild
    @Subscope var late: SharingChild? = nil
    var label = "parent"

    init() {
        let draft = Shared(value: "")
        _draft = draft
        left = SharingChild(draft: draft)
        right = SharingChild(draft: draft)
    }

    enum When: Sendable {
        case received
        case themeChosen(String)
        case drafted(String)
        case openLate
    }

    func update(_ when: When) throws {
        switch when {
        case .received: unread += 1
        case .themeChosen(let theme): self.theme = theme
        case .drafted(let text): draft = text
        case .openLate: late = SharingChild(draft: $draft)
        }
    }
}

@MainActor
final class SharingChild: Scope {
    @Shared(SharingKeys.unread) var unread: Int
    @Shared(SharingKeys.theme) var theme: String
    @Shared var draft: String
    /// The changes this scope was told of, as its own events.
    var toldUnread: [Int] = []

    init(draft: Shared<String>) {
        _draft = draft
    }

    enum When: Sendable {
        case read
        case wantsChanges
        case unreadChanged(Int)
        case opened
        case appendToDraft(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .read: break
        case .wantsChanges: receiveChanges(of: SharingKeys.unread, as: When.unreadChanged)
        case .unreadChanged(let count): toldUnread.append(count)
        case .opened: unread = max(0, unread - 1)
        case .appendToDraft(let text): draft += text
        }
    }
}

/// A scope reading the persisted font size.
@MainActor
final class FontScreen: Scope {
    @Shared(SharingKeys.fontSize) var fontSize: Int
    enum When: Sendable {
        case larger
        case burst(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .larger: fontSize += 1
        case .burst(let count): for _ in 0..<count { fontSize += 1 }
        }
    }
}

/// A storage whose saves wait until a test lets them go, and which counts them.
final class HeldStorage: SharedStorage, @unchecked Sendable {
    private let lock = NSLock()
    private let released = DispatchSemaphore(value: 0)
    private var saves: [Data] = []
    private var waiting = 0

    func load(_ name: String) -> Data? { nil }

    func save(_ data: Data, as name: String) {
        lock.withLock { waiting += 1 }
        released.wait()
        lock.withLock {
            waiting -= 1
            saves.append(data)
        }
    }

    func keepAside(_ name: String) -> String { "nowhere" }
    func location(of name: String) -> String { "held:\(name)" }

    /// Lets one save finish.
    func release() { released.signal() }
    var savesWaiting: Int { lock.withLock { waiting } }
    var saved: [Data] { lock.withLock { saves } }
}

/// A fresh directory under the temporary one, for one test's files.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "statoscope-sharing-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An `@Observable` scope reading a shared value: the property is `@ObservationIgnored`, and the value
/// tells observers itself.
@MainActor
@Observable
final class ObservableUnreadBadge: Scope {
    @ObservationIgnored @Shared(SharingKeys.unread) var unread: Int
    var text = ""
    enum When: Sendable { case received }
    func update(_ when: When) throws {
        unread += 1
        text = "\(unread)"
    }
}

/// A notebook reading a persisted page from the process's store, as an app that injects none does,
/// and keeping each change it was told of: the live tree a replay beside it must leave alone.
@MainActor
final class LiveNotebook: Scope {
    /// Read by this notebook only, so that no other test's scope shares its value.
    static let pageKey = SharedKey<Int>.persisted("liveNotebookPage", default: 1)

    @Shared(LiveNotebook.pageKey) var page: Int
    var told: [Int] = []

    enum When: Codable, Sendable {
        case watch
        case turnTo(Int)
        case pageChanged(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .watch: receiveChanges(of: Self.pageKey, as: When.pageChanged)
        case .turnTo(let page): self.page = page
        case .pageChanged(let page): told.append(page)
        }
    }
}
