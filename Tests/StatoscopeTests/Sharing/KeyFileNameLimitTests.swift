import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

/// The 255-byte limit of a key's file name, at its exact boundary, with percent-encoded characters and
/// with names whose precomposed form is shorter or longer than the name as written: the limit applies
/// to the file name used.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct KeyFileNameLimitTests: KeyFileProbing {
    /// Names whose file name is exactly 255 bytes once encoded: a `%` (3 bytes), a leading `.` (3
    /// bytes), an emoji (12 bytes).
    nonisolated static let namesOfExactly255Bytes = [
        String(repeating: "k", count: 247) + "%",
        "." + String(repeating: "k", count: 247),
        String(repeating: "😀", count: 20) + String(repeating: "k", count: 10),
    ]

    /// The same, one byte longer.
    nonisolated static let namesOf256Bytes = [
        String(repeating: "k", count: 248) + "%",
        "." + String(repeating: "k", count: 248),
        String(repeating: "😀", count: 20) + String(repeating: "k", count: 11),
    ]

    @Test(arguments: namesOfExactly255Bytes)
    func aNameWhoseEncodedFileNameIsExactly255BytesSavesAndLoads(name: String) async {
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.isEmpty, "\(reports.map(\.description))")
        #expect(fileNames(in: directory).map(\.utf8.count) == [255], "\(fileNames(in: directory))")
        #expect(load(name, in: directory) == 7)
    }

    @Test(arguments: namesOf256Bytes)
    func aNameWhoseEncodedFileNameIs256BytesIsReportedNamingTheKeyTheSizeAndTheDirectory(name: String) async {
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.count == 1, "\(reports.map(\.description))")
        let notSaved = reports.first?.error as? SharedValueNotSaved
        #expect(notSaved?.key == name)
        #expect(notSaved?.reason.contains("256 bytes") == true, "\(String(describing: notSaved?.reason))")
        #expect(notSaved?.reason.contains(directory.path) == true, "\(String(describing: notSaved?.reason))")
        #expect(fileNames(in: directory).isEmpty, "\(fileNames(in: directory))")
        #expect(load(name, in: directory) == 0)
    }

    // MARK: Precomposed names

    /// U+0958 is 3 bytes, and its precomposed form two characters of 3 bytes: 18 bytes once encoded.
    @Test func aNameWhosePrecomposedFileNameIsExactly255BytesSaves() async {
        let name = String(repeating: "\u{958}", count: 13) + String(repeating: "k", count: 16)
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.isEmpty, "\(reports.map(\.description))")
        #expect(fileNames(in: directory).map(\.utf8.count) == [255], "\(fileNames(in: directory))")
        #expect(load(name, in: directory) == 7)
    }

    @Test func aNameWhosePrecomposedFileNameIs256BytesIsReportedWithThatSize() async {
        let name = String(repeating: "\u{958}", count: 13) + String(repeating: "k", count: 17)
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.count == 1, "\(reports.map(\.description))")
        let notSaved = reports.first?.error as? SharedValueNotSaved
        #expect(notSaved?.key == name)
        #expect(notSaved?.reason.contains("256 bytes") == true, "\(String(describing: notSaved?.reason))")
        #expect(notSaved?.reason.contains(directory.path) == true, "\(String(describing: notSaved?.reason))")
        #expect(fileNames(in: directory).isEmpty, "\(fileNames(in: directory))")
    }

    @Test func aDecomposedNameThatFitsOnlyOncePrecomposedSaves() async {
        // e and a combining acute: 7 bytes encoded as written, 6 precomposed; 40 of them are 280 and 240.
        let name = String(repeating: "e\u{301}", count: 40)
        let directory = temporaryDirectory()
        let reports = await save(name, in: directory)
        #expect(reports.isEmpty, "\(reports.map(\.description))")
        #expect(fileNames(in: directory).map(\.utf8.count) == [245], "\(fileNames(in: directory))")
        #expect(load(String(repeating: "\u{E9}", count: 40), in: directory) == 7)
    }
}
