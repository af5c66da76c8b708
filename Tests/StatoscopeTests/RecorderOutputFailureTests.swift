import Foundation
import Statoscope
import Testing

/// What a recorder does when its output cannot take a line: a full disk, a file grown too large, an
/// I/O error.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct RecorderOutputFailureTests {
    private struct DiskFull: Error {}

    @Test func theFirstFailureStopsRecordingAndIsReportedOnceKeepingTheLinesBefore() async throws {
        let shop = Shop()
        let reports = ErrorReportCollector(for: shop)
        var text = ""
        var writes = 0
        let recorder = Recorder(recording: shop) { line in
            writes += 1
            if writes >= 3 { throw DiskFull() }
            text += line
        }
        shop.send(.openShelves(1))
        shop.send(.addToCart("tea", quantity: 1))
        shop.send(.addToCart("tea", quantity: 1))
        recorder.stop()
        #expect(writes == 3, "nothing is handed to the output after it failed, not even the end line")
        #expect(!recorder.isRecording)
        #expect(recorder.recordedEventCount == 1)
        let failure = RecordingError(
            line: 3, reason: "the output could not take this line (DiskFull()), so recording stopped here")
        #expect(recorder.refusals == [failure])
        #expect(
            reports.reports.map(\.description) == [
                "Shop: recording failed: line 3: the output could not take this line (DiskFull()), so recording stopped here"
            ])
        #expect(reports.reports.first?.error as? RecordingError == failure)
        #expect(shop.cart == ["tea": 2], "the app goes on")
        // What the output holds is the recording up to the line that failed, without its end line.
        #expect(text.split(separator: "\n").count == 2)
        #expect(throws: RecordingError.self) { try Recording(jsonLines: text) }
    }

    @Test func aHeaderThatCannotBeWrittenStopsRecordingAtOnce() async throws {
        let shop = Shop()
        let reports = ErrorReportCollector(for: shop)
        var writes = 0
        let recorder = Recorder(recording: shop) { _ in
            writes += 1
            throw DiskFull()
        }
        shop.send(.openShelves(1))
        recorder.stop()
        #expect(writes == 1)
        #expect(!recorder.isRecording)
        #expect(recorder.recordedEventCount == 0)
        #expect(
            recorder.refusals.map(\.description) == [
                "line 1: the output could not take this line (DiskFull()), so recording stopped here"
            ])
        #expect(reports.reports.count == 1)
    }

    @Test func aFileThatCannotBeWrittenStopsRecordingAndIsReported() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("statoscope-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A link to a device whose every write fails with "no space left on device".
        let url = directory.appendingPathComponent("full.jsonl")
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/dev/full")
        let shop = Shop()
        let reports = ErrorReportCollector(for: shop)
        let recorder = try Recorder(recording: shop, toFile: url)
        shop.send(.openShelves(1))
        recorder.stop()
        #expect(!recorder.isRecording)
        #expect(recorder.refusals.count == 1)
        #expect(recorder.refusals.first?.line == 1)
        #expect(reports.reports.count == 1)
        #expect(
            reports.reports.first?.description.hasPrefix(
                "Shop: recording failed: line 1: the output could not take this line (")
                == true)
    }
}
