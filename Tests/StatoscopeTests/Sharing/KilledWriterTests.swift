import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A process killed while it saves never leaves part of a file.
@Suite(.timeLimit(.minutes(20)))
struct KilledWriterTests {
    private struct Saved: Decodable {
        let value: [Int]
        let version: Int
    }

    private func writer() throws -> URL {
        // The test binary and the executable are built into the same folder, or the one above it.
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            buildFolder.appendingPathComponent("statoscope-sharing-writer"),
            buildFolder.deletingLastPathComponent().appendingPathComponent("statoscope-sharing-writer"),
        ]
        let url = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "statoscope-sharing-writer is built next to the tests: run swift build --build-tests")
        return url
    }

    @Test func aWriterKilledMidSaveAlwaysLeavesAWholeFile() async throws {
        let executable = try writer()
        let directory = temporaryDirectory()
        let file = directory.appendingPathComponent("stress.json")
        var generator = SplitMix64(state: 25)
        for round in 0..<12 {
            let process = Process()
            process.executableURL = executable
            process.arguments = [directory.path]
            try process.run()
            let before = (try? Data(contentsOf: file)).map { try? JSONDecoder().decode(Saved.self, from: $0) }
            // Kill it after a few saves, at a moment that differs from round to round.
            await waitUntil("the writer saved") {
                guard let data = try? Data(contentsOf: file),
                    let saved = try? JSONDecoder().decode(Saved.self, from: data)
                else { return false }
                return saved.value.first != before??.value.first
            }
            try await Task.sleep(for: .microseconds(Int(generator.next() % 20_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let data = try Data(contentsOf: file)
            let saved = try #require(
                try? JSONDecoder().decode(Saved.self, from: data), "round \(round): the file is whole")
            #expect(saved.value.count == 100_000)
            #expect(Set(saved.value).count == 1)
        }
        _ = try JSONFileStorage(directory: directory).load("stress")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["stress.json"],
            "the killed writers' temporary files are left")
    }

    @Test func aKilledWritersTemporaryFilesAreRemovedByTheNextLoadOrSaveOfTheirKeyOnly() throws {
        let directory = temporaryDirectory()
        let storage = JSONFileStorage(directory: directory)
        let dead = try deadProcessID()
        let own = ProcessInfo.processInfo.processIdentifier
        let stale = [".stress.json.saving-\(dead)-0badf00d", ".stress.json.saving-\(dead)-1234abcd"]
        let kept = [
            ".other.json.saving-\(dead)-0badf00d",  // another key's
            ".stress.json.saving-\(own)-0badf00d",  // a save of a live process
            "stress.json.saving-\(dead)-0badf00d",  // not a name the storage gives a temporary file
            "notes.txt",
        ]
        for name in stale + kept {
            try Data("part of a save".utf8).write(to: directory.appendingPathComponent(name))
        }
        #expect(try storage.load("stress") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == kept.sorted())
        try Data("part of a save".utf8).write(to: directory.appendingPathComponent(stale[0]))
        try storage.save(Data(#"{"value":[1],"version":1}"#.utf8), as: "stress")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == (kept + ["stress.json"]).sorted())
    }

    /// The identifier of a process that has ended.
    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
