import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// A storage that keeps saved values in memory, and counts the saves: what test plans use, and what a
/// test gives its store to touch no disk.
public final class InMemoryStorage: SharedStorage {
    private struct Records {
        var saved: [String: Data] = [:]
        var writes: [String: Int] = [:]
        /// Each copy kept aside, by the place ``keepAside(_:)`` returned for it.
        var keptAside: [String: Data] = [:]
        /// The place of the latest copy kept aside of each name.
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
    /// then `-2`, `-3`… when taken, so that no copy replaces an earlier one, of this name or another.
    public func keepAside(_ name: String) -> String {
        records.withLock {
            var place = "memory:\(name).unreadable"
            var attempt = 1
            while $0.keptAside[place] != nil {
                attempt += 1
                place = "memory:\(name).unreadable-\(attempt)"
            }
            $0.keptAside[place] = $0.saved[name] ?? Data()
            $0.latestKeptAside[name] = place
            return place
        }
    }

    /// Where the value saved under `name` is.
    public func location(of name: String) -> String { "memory:\(name)" }

    /// How many times a value was saved under `name`.
    public func writeCount(of name: String) -> Int {
        records.withLock { $0.writes[name] ?? 0 }
    }

    /// The latest copy kept aside of what was saved under `name`, or nil when there is none.
    public func keptAside(_ name: String) -> Data? {
        records.withLock { records in records.latestKeptAside[name].flatMap { records.keptAside[$0] } }
    }

    /// The copy kept at `place`, as ``keepAside(_:)`` returned it and reports name it, or nil.
    public func keptAside(at place: String) -> Data? {
        records.withLock { $0.keptAside[place] }
    }

    /// Puts `data` under `name` without counting it as a write: another process's save, or a
    /// previous run's.
    public func replace(_ name: String, with data: Data?) {
        records.withLock { $0.saved[name] = data }
    }
}
