import Foundation

/// A storage that saves each persisted value in a JSON file of its own, `<name>.json`, directly
/// inside one directory: the default storage on every platform.
///
/// A key's name is its file's name when it holds only letters, digits, `-`, `_` and `.` and does not
/// start with `.`: `settings` is `settings.json`. Any other name has each of its UTF-8 bytes outside
/// those characters (a `%`, and a leading `.`, among them) written `%` and two hexadecimal digits:
/// `../notes` is `%2E.%2Fnotes.json`, and the empty name is `%.json`. So no name reaches outside the
/// directory, and two names never share a file (on a file system that ignores case, as macOS's does
/// unless formatted otherwise, names that differ only in case do: give keys names that differ in
/// more). A file name longer than the 255 bytes file systems
/// allow cannot be saved: the save is reported as a ``SharedValueNotSaved`` naming the key and the
/// directory, nothing is written, and the value loads as its default.
///
/// A save writes a new file beside the old one and renames it over it, so a process stopped in the
/// middle of a save leaves the previous file or the new one, never part of either. The new file is
/// `.<name>.json.saving-<process>-<random>` until renamed; the next save or load of the key removes
/// those of its own that processes no longer running left (killed mid-save). An empty file is nothing
/// saved yet, what a write stopped before its first byte leaves: it loads as the default, with no
/// report. An unreadable file
/// is copied, byte for byte, to `<name>.json.unreadable` (`.unreadable-2`, `-3`… when that is taken;
/// its start cut short when the whole would pass 255 bytes) before anything overwrites it. A folder
/// in place of a value's file is neither read, copied nor saved over: each is refused with an error
/// saying where the folder is.
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

    /// What is saved under `name`, or nil.
    public func load(_ name: String) throws -> Data? {
        // A name no file can hold has nothing saved.
        guard fileNameProblem(of: name) == nil else { return nil }
        removeStaleTemporaryFiles(of: name)
        let url = url(of: name)
        guard try existsAsFile(url) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Replaces what is saved under `name`.
    public func save(_ data: Data, as name: String) throws {
        if let problem = fileNameProblem(of: name) { throw problem }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        removeStaleTemporaryFiles(of: name)
        let file = url(of: name)
        _ = try existsAsFile(file)
        try writeWhole(data, to: file)
    }

    /// Keeps a copy of what is saved under `name` aside, and says where.
    public func keepAside(_ name: String) throws -> String {
        if let problem = fileNameProblem(of: name) { throw problem }
        let original = url(of: name)
        _ = try existsAsFile(original)
        let copy = placeAside(original)
        try FileManager.default.copyItem(at: original, to: copy)
        return copy.path
    }

    /// Where the value saved under `name` is.
    public func location(of name: String) -> String { url(of: name).path }
}
