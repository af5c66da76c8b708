import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

// Scopes reading persisted and in-memory keys, for the suites on odd key names, damaged files, saves
// and who may change a shared value.

/// A scope reading one persisted or in-memory `Int` key, given when it is made.
@MainActor
class KeyReader: Scope {
    @Shared var value: Int
    var told: [Int] = []

    init(_ key: SharedKey<Int>) {
        _value = Shared(key)
    }

    enum When: Sendable {
        case set(Int)
        case bump
        case wantsChanges(SharedKey<Int>)
        case changed(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .set(let value): self.value = value
        case .bump: value += 1
        case .wantsChanges(let key): receiveChanges(of: key, as: When.changed)
        case .changed(let value): told.append(value)
        }
    }
}

/// A subclass adding a shared value of its own to the inherited one.
@MainActor
final class LabelledKeyReader: KeyReader {
    @Shared(PersistenceKeys.label) var label: String

    override func update(_ when: When) throws {
        try super.update(when)
        if case .bump = when { label += "!" }
    }
}

/// A reader that keeps bumping the value from its change events until it reaches 3.
@MainActor
final class ChangeChaser: Scope {
    @Shared(PersistenceKeys.chased) var value: Int
    var told: [Int] = []
    enum When: Sendable {
        case appeared
        case bump
        case changed(Int)
    }
    func update(_ when: When) throws {
        switch when {
        case .appeared: receiveChanges(of: PersistenceKeys.chased, as: When.changed)
        case .bump: value += 1
        case .changed(let value):
            told.append(value)
            if value < 3 { self.value = value + 1 }
        }
    }
}

/// A parent that presents a child asking for changes, then dismisses it.
@MainActor
final class ChangeHost: Scope {
    @Shared(PersistenceKeys.chased) var value: Int
    @Subscope var child: KeyReader? = nil
    enum When: Sendable {
        case present
        case dismiss
        case bump
    }
    func update(_ when: When) throws {
        switch when {
        case .present: child = KeyReader(PersistenceKeys.chased)
        case .dismiss: child = nil
        case .bump: value += 1
        }
    }
}

/// A scope whose effect writes its shared value from the effect's task, outside any update.
@MainActor
final class EffectTaskWriter: Scope {
    @Shared var value: Int
    var done = false
    init(_ key: SharedKey<Int>) { _value = Shared(key) }
    enum When: Sendable {
        case start
        case finished
    }
    func update(_ when: When) throws {
        switch when {
        case .start:
            let box = WeakWriter(self)
            effectsState.enqueue(
                AnyEffect { @Sendable in
                    await MainActor.run { box.scope?.value = 99 }
                    return When.finished
                })
        case .finished: done = true
        }
    }
}

/// A draft owned by a scope, without a key.
@MainActor
final class DraftOwner: Scope {
    @Shared var draft: String
    init() { _draft = Shared(value: "kept") }
    enum When: Sendable { case typed(String) }
    func update(_ when: When) throws {
        if case .typed(let text) = when { draft = text }
    }
}

/// A scope reading a persisted `Double`.
@MainActor
final class RatioGauge: Scope {
    @Shared(PersistenceKeys.ratio) var ratio: Double
    enum When: Sendable { case set(Double) }
    func update(_ when: When) throws {
        if case .set(let value) = when { ratio = value }
    }
}

/// A scope reading a persisted `String` under the same name as an `Int` key.
@MainActor
final class NamesakeReader: Scope {
    @Shared(PersistenceKeys.namesakeString) var text: String
    enum When: Sendable { case set(String) }
    func update(_ when: When) throws {
        if case .set(let value) = when { text = value }
    }
}

@MainActor
final class WeakWriter {
    weak var scope: EffectTaskWriter?
    init(_ scope: EffectTaskWriter) { self.scope = scope }
}

@MainActor
final class FlushFlag {
    var isSet = false
}

/// Keys only these suites read.
enum PersistenceKeys {
    static let label = SharedKey<String>.persisted("persistedLabel", default: "")
    static let chased = SharedKey<Int>("chasedCount", default: 0)
    static let ratio = SharedKey<Double>.persisted("persistedRatio", default: 0.5)
    static let plain = SharedKey<Int>.persisted("persistedPlain", default: 14)
    static let versioned = SharedKey<Int>.persisted("persistedVersioned", default: 14, version: 2)
    static let migrating = SharedKey<Int>.persisted("persistedMigrating", default: 14, version: 2) { _, _ in
        struct MigrationRefused: Error {}
        throw MigrationRefused()
    }
    static let namesakeInt = SharedKey<Int>.persisted("namesake", default: 1)
    static let namesakeString = SharedKey<String>.persisted("namesake", default: "one")
}

/// A reader of `key` with a store of its own saving JSON files in `directory`.
@MainActor
func readerWithStore(_ key: SharedKey<Int>, in directory: URL, writeDelay: Duration = .milliseconds(250))
    -> (KeyReader, SharedStore)
{
    let reader = KeyReader(key)
    let store = SharedStore(storage: JSONFileStorage(directory: directory), writeDelay: writeDelay)
    reader.inject(store)
    return (reader, store)
}

/// Every regular file under `directory`, with its contents.
func filesWithContents(under directory: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
            files[url.path] = try? Data(contentsOf: url)
        }
    }
    return files
}
