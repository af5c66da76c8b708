import Foundation

/// The outputs the docs show, read from the docs themselves, so that a test can compare each one
/// with what the library really prints.
///
/// A shown output is the fenced block after a `<!-- output: NAME -->` line, in an article or in a
/// doc comment (where every line starts with `///`).
public enum DocumentedOutput {
    /// Why a shown output could not be read.
    public struct Missing: Error, CustomStringConvertible {
        /// What was looked for, and where.
        public let description: String
    }

    /// The text of the output named `name` in the file at `path`, relative to the package's root.
    public static func named(_ name: String, in path: String) throws -> String {
        let url = packageRoot.appendingPathComponent(path)
        // Read through a FileHandle: `String(contentsOf:)` leaks its buffer in Foundation on Linux,
        // which the AddressSanitizer run of the tests reports.
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return String(line) }
            let comment = trimmed.dropFirst(3)
            return String(comment.first == " " ? comment.dropFirst() : comment)
        }[...]
        guard let mark = lines.firstIndex(where: { $0.contains("<!-- output: \(name) -->") }) else {
            throw Missing(description: "\(path) shows no output named \(name)")
        }
        lines = lines[(mark + 1)...]
        guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }),
            let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else {
            throw Missing(description: "\(path): the output named \(name) has no fenced block")
        }
        return lines[(open + 1)..<close].joined(separator: "\n")
    }

    /// This package's root: three levels above this file (Tests/StatoscopeTestSupport/…).
    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
