import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A storage that keeps saved values in memory, and counts the saves: what test plans use, and what a
/// test gives its store to touch no disk.
public final class InMemoryStorage: SharedStorage {
    private struct Records {
        var saved: [String: Data] = [:]
        var writes: [String: Int] = [:]
        var keptAside: [String: Data] = [:]
    }

    private let records = CriticalState(Records())

    /// An empty storage, or one holding `saved`, as if an earlier run had saved it.
    public init(saved: [String: Data] = [:]) {
        records.withLock { $0.saved = saved }
    }

    /// What is saved under `name`, or nil.
    public func load(_ name: String) -> Data? {
        records.withLock { $0.saved[name] }
    }

    /// Replaces what is saved under `name`.
    public func save(_ data: Data, as name: String) {
        records.withLock {
            $0.saved[name] = data
            $0.writes[name, default: 0] += 1
        }
    }

    /// Keeps a copy of what is saved under `name` aside, and says where.
    public func keepAside(_ name: String) -> String {
        records.withLock { $0.keptAside[name] = $0.saved[name] }
        return "memory:\(name).unreadable"
    }

    /// Where the value saved under `name` is.
    public func location(of name: String) -> String { "memory:\(name)" }

    /// How many times a value was saved under `name`.
    public func writeCount(of name: String) -> Int {
        records.withLock { $0.writes[name] ?? 0 }
    }

    /// The copy of an unreadable value kept aside under `name`, if any.
    public func keptAside(_ name: String) -> Data? {
        records.withLock { $0.keptAside[name] }
    }

    /// Puts `data` under `name` without counting it as a write: another process's save, or a
    /// previous run's.
    public func replace(_ name: String, with data: Data?) {
        records.withLock { $0.saved[name] = data }
    }
}
