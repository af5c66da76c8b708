import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A storage that keeps saved values in memory, and counts the saves: what test plans use, and what a
/// test gives its store to touch no disk.
public final class InMemoryStorage: SharedStorage {
    private struct Records {
        var saved: [String: Data] = [:]
        var writes: [String: Int] = [:]
        /// Each copy kept aside, by the location ``keepAside(_:)`` returned for it.
        var keptAside: [String: Data] = [:]
        /// The location of the latest copy kept aside of each name.
        var latestKeptAside: [String: String] = [:]
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

    /// Keeps a copy of what is saved under `name` aside, and says where: `memory:<name>.unreadable`,
    /// then `-2`, `-3`… for later copies of the same name, so that no copy replaces an earlier one.
    public func keepAside(_ name: String) -> String {
        records.withLock {
            var location = "memory:\(name).unreadable"
            var attempt = 1
            while $0.keptAside[location] != nil {
                attempt += 1
                location = "memory:\(name).unreadable-\(attempt)"
            }
            $0.keptAside[location] = $0.saved[name] ?? Data()
            $0.latestKeptAside[name] = location
            return location
        }
    }

    /// Where the value saved under `name` is.
    public func location(of name: String) -> String { "memory:\(name)" }

    /// How many times a value was saved under `name`.
    public func writeCount(of name: String) -> Int {
        records.withLock { $0.writes[name] ?? 0 }
    }

    /// The copy kept aside at `location`, as ``keepAside(_:)`` returned it and reports name it; or,
    /// given a key's name, the latest copy kept aside of it. Nil when there is none.
    public func keptAside(_ location: String) -> Data? {
        records.withLock { records in
            records.keptAside[location] ?? records.latestKeptAside[location].flatMap { records.keptAside[$0] }
        }
    }

    /// Puts `data` under `name` without counting it as a write: another process's save, or a
    /// previous run's.
    public func replace(_ name: String, with data: Data?) {
        records.withLock { $0.saved[name] = data }
    }
}
