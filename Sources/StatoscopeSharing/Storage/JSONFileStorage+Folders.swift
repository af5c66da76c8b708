import Foundation

extension JSONFileStorage {
    /// Whether something is at `file`, and throws when it is a folder: a value's file cannot be read
    /// from a folder, written over one, or copied aside from one, and Foundation's own error for it
    /// says nothing of why.
    func existsAsFile(_ file: URL) throws -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else { return false }
        if isFolder.boolValue { throw FolderInPlaceOfFile(path: file.path) }
        return true
    }
}

/// A folder where a value's file should be: nothing is read from it, and nothing saved over it.
struct FolderInPlaceOfFile: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "\(path) is a folder, not a file: move or remove the folder to keep the value there"
    }
}
