import Foundation

extension JSONFileStorage {
    /// The longest file name file systems allow, in bytes: 255 on every one the library runs on.
    static var maximumFileNameLength: Int { 255 }

    /// The name of the file, directly inside the directory, that holds the value saved under
    /// `name`: a key name made only of letters, digits, `-`, `_` and `.` (and not starting with `.`)
    /// keeps it, every other name has each of its UTF-8 bytes outside that set percent-encoded (`%`
    /// itself, and a leading `.`, included), and the empty name is `%`; then `.json` follows. The
    /// bytes are those of the name's precomposed form (NFC, as Swift's `==` compares by), so names
    /// that Swift holds equal (`"caf\u{E9}"` and `"cafe\u{301}"`), and that a store treats as one
    /// key, name one file.
    ///
    /// Injective on names that differ as Swift compares them: a name kept as it is holds no `%`, and
    /// every encoded name holds one and decodes to one precomposed name only; no name yields a `/`, a
    /// `..` component, a control character or an empty file name.
    static func fileName(of name: String) -> String {
        guard !name.isEmpty else { return "%.json" }
        // The standard library's own NFC, which its `==` compares by: Foundation's tables on Linux
        // leave apart some pairs Swift holds equal (a Hangul syllable and its trailing jamo).
        let isASCII = name.utf8.allSatisfy { $0 < 0x80 }
        let bytes = isASCII ? Array(name.utf8) : name._nfcCodeUnits
        guard bytes.first != UInt8(ascii: "."), bytes.allSatisfy(isKeptAsItIs) else {
            return percentEncoded(bytes) + ".json"
        }
        return name + ".json"
    }

    private static func percentEncoded(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count * 3)
        for (index, byte) in bytes.enumerated() {
            if isKeptAsItIs(byte) && !(index == 0 && byte == UInt8(ascii: ".")) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isKeptAsItIs(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The file holding the value saved under `name`, directly inside the directory.
    func url(of name: String) -> URL {
        URL(fileURLWithPath: directory.path, isDirectory: true)
            .appendingPathComponent(Self.fileName(of: name), isDirectory: false)
    }

    /// Why no file can hold the value saved under `name`, if none can: a file name past the file
    /// system's limit.
    func fileNameProblem(of name: String) -> FileNameTooLong? {
        let fileName = Self.fileName(of: name)
        guard fileName.utf8.count > Self.maximumFileNameLength else { return nil }
        return FileNameTooLong(key: name, fileName: fileName, directory: directory.path)
    }

    /// Where a copy of the unreadable file `original` is kept: beside it, its name followed by
    /// `.unreadable` (then `-2`, `-3`… when taken), its start cut short when the whole would pass the
    /// file system's limit. No value's file ends so: a copy never takes the place of a value.
    func placeAside(_ original: URL) -> URL {
        let fileName = original.lastPathComponent
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? ".unreadable" : ".unreadable-\(attempt)"
            // Every file name made here is ASCII: a character is a byte.
            let kept = String(fileName.prefix(Self.maximumFileNameLength - suffix.utf8.count))
            let copy = original.deletingLastPathComponent().appendingPathComponent(
                kept + suffix, isDirectory: false)
            if !FileManager.default.fileExists(atPath: copy.path) { return copy }
            attempt += 1
        }
    }
}

/// A key's name whose file name would pass the file system's limit: the value cannot be saved.
struct FileNameTooLong: Error, CustomStringConvertible {
    let key: String
    let fileName: String
    let directory: String

    var description: String {
        "the key \"\(key)\" needs a file name of \(fileName.utf8.count) bytes in \(directory), longer than "
            + "the \(JSONFileStorage.maximumFileNameLength) file systems allow: give the key a shorter name"
    }
}
