import Foundation

/// Names a shared value: what every scope reading it with ``Shared`` agrees on, and the value it has
/// until an update changes it.
///
/// A key kept in memory only lasts as long as its store; a persisted one is saved by the store's
/// ``SharedStorage`` and loaded on the next run. Declare keys once, as static properties:
///
/// <!-- compiled inside: enum SharedKeySample { … } -->
/// ```swift
/// enum Theme: String, Codable, Sendable { case light, dark }
///
/// static let theme = SharedKey<Theme>.persisted("theme", default: .light)
/// static let unreadCount = SharedKey<Int>("unreadCount", default: 0)
/// ```
///
/// Two keys with the same name and value type name the same value.
public struct SharedKey<Value: Sendable>: Sendable {
    /// The name the value is known by: what its file is named after (see ``JSONFileStorage``), or its
    /// user-defaults key, when persisted.
    public let name: String
    /// The value until an update changes it, and where a saved one is missing or unreadable.
    public let defaultValue: Value
    /// How the value is saved, if it is.
    let format: SharedFormat<Value>?

    /// A value kept in memory by its store, never saved.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
        self.format = nil
    }

    private init(name: String, defaultValue: Value, format: SharedFormat<Value>) {
        self.name = name
        self.defaultValue = defaultValue
        self.format = format
    }

    /// Whether the store saves the value.
    public var isPersisted: Bool { format != nil }
}

extension SharedKey where Value: Codable {
    /// A value the store saves, as JSON, and loads on the next run.
    ///
    /// The saved value carries `version`. Raise it when `Value` changes shape, and give `migrate`,
    /// which receives the version and the JSON of a value saved by an earlier version and returns
    /// today's value. A saved value that cannot be read (damaged, of an unknown version, or of an
    /// earlier one with no migration) is reported once, naming where it is, kept aside unchanged,
    /// and replaced by `defaultValue`. In a target built with main-actor default isolation, declare
    /// `Value`'s type `nonisolated`: the store cannot use a main-actor `Codable` conformance.
    ///
    /// <!-- compiled inside: enum SharedMigrationSample { … } -->
    /// ```swift
    /// struct Settings: Codable, Sendable { var fontSize = 14; var compact = false }
    /// struct SettingsV1: Codable { var fontSize: Int }
    ///
    /// static let settings = SharedKey<Settings>.persisted(
    ///     "settings", default: Settings(), version: 2,
    ///     migrate: { _, json in
    ///         let old = try JSONDecoder().decode(SettingsV1.self, from: json)
    ///         return Settings(fontSize: old.fontSize, compact: false)
    ///     })
    /// ```
    public static func persisted(
        _ name: String, default defaultValue: Value, version: Int = 1,
        migrate: (@Sendable (_ version: Int, _ json: Data) throws -> Value)? = nil
    ) -> SharedKey {
        SharedKey(
            name: name, defaultValue: defaultValue,
            format: SharedFormat(version: version, migrate: migrate))
    }
}
