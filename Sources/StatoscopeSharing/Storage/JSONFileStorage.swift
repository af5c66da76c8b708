import Foundation

/// A storage that saves each persisted value in a JSON file of its own, `<name>.json`, in one
/// directory: the default storage on every platform.
///
/// A save writes a new file beside the old one and renames it over it, so a process stopped in the
/// middle of a save leaves the previous file or the new one, never part of either. An unreadable file
/// is copied, byte for byte, to `<name>.json.unreadable` (`.unreadable-2`, `-3`… when that is taken)
/// before anything overwrites it.
public struct JSONFileStorage: SharedStorage {
    /// The directory holding the files.
    public let directory: URL

    /// Files in `directory`, created when first saved to.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The app's own directory for them: the user's application-support directory (on Linux,
    /// `$XDG_DATA_HOME`, else `~/.local/share`), in a folder named after the process, then `Shared`.
    public static var standardDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent(ProcessInfo.processInfo.processName, isDirectory: true)
            .appendingPathComponent("Shared", isDirectory: true)
    }

    func url(of name: String) -> URL {
        directory.appendingPathComponent(name + ".json", isDirectory: false)
    }

    /// What is saved under `name`, or nil.
    public func load(_ name: String) throws -> Data? {
        let url = url(of: name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Replaces what is saved under `name`.
    public func save(_ data: Data, as name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Foundation's atomic write: a temporary file in the same directory, renamed over the old one.
        try data.write(to: url(of: name), options: [.atomic])
    }

    /// Keeps a copy of what is saved under `name` aside, and says where.
    public func keepAside(_ name: String) throws -> String {
        let original = url(of: name)
        var copy = URL(fileURLWithPath: original.path + ".unreadable")
        var attempt = 1
        while FileManager.default.fileExists(atPath: copy.path) {
            attempt += 1
            copy = URL(fileURLWithPath: original.path + ".unreadable-\(attempt)")
        }
        try FileManager.default.copyItem(at: original, to: copy)
        return copy.path
    }

    /// Where the value saved under `name` is.
    public func location(of name: String) -> String { url(of: name).path }
}
