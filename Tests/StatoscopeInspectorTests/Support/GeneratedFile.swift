import Foundation
import Testing

/// A generated test file committed next to the tests that generate it: the suite compiles and runs
/// it, and the test that generates it again from a fresh recording checks that nothing changed.
enum GeneratedFile {
    /// The folder of the committed files.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Generated")

    /// Checks that `source` is the committed file `name`, byte for byte; with
    /// `STATOSCOPE_REGENERATE=1` in the environment, writes it instead.
    static func check(
        _ source: String, isCommittedAs name: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STATOSCOPE_REGENERATE"] == "1" {
            try Data(source.utf8).write(to: url, options: .atomic)
            return
        }
        let committed = try text(of: url)
        #expect(
            committed == source,
            """
            The plan generated from a fresh recording differs from the committed \(name). If the generator \
            or the demo changed on purpose, regenerate it: STATOSCOPE_REGENERATE=1 swift test --filter \
            StatoscopeInspectorTests, then build and run the tests again, and commit the file.
            """,
            sourceLocation: sourceLocation)
    }

    /// A file's text, through a `FileHandle`: `String(contentsOf:)` leaks its buffer in Foundation on
    /// Linux with Swift 6.3, which the AddressSanitizer run of the tests reports.
    private static func text(of url: URL) throws -> String {
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }
}
