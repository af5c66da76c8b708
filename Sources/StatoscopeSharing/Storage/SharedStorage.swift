import Foundation

/// Where a ``SharedStore`` saves persisted values: one record of bytes per key name.
///
/// The library's storages are ``JSONFileStorage`` (the default), ``InMemoryStorage`` and, on Apple
/// platforms, `UserDefaultsStorage`. The store calls ``save(_:as:)`` off the main actor, one save
/// at a time, and the other methods on it.
public protocol SharedStorage: Sendable {
    /// The bytes saved under `name`, or nil when nothing is.
    func load(_ name: String) throws -> Data?
    /// Replaces what is saved under `name`, whole: a reader never sees part of it.
    func save(_ data: Data, as name: String) throws
    /// Keeps a byte-identical copy of what is saved under `name` aside, where nothing overwrites it,
    /// and returns where.
    func keepAside(_ name: String) throws -> String
    /// Where the value saved under `name` is, as reports name it.
    func location(of name: String) -> String
}
