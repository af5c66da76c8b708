import Foundation
import Statoscope
import Testing

/// A scope whose update refuses one event: what makes an error report.
@MainActor
final class Logbook: Scope {
    var lines: [Int] = []

    enum When: Codable, Sendable {
        case log(Int)
        case refuse
    }

    struct Refused: Error {}

    func update(_ when: When) throws {
        switch when {
        case .log(let line): lines.append(line)
        case .refuse: throw Refused()
        }
    }
}

/// An error report keeps the flight record as it was when the report was made, whatever the flight
/// recorder keeps after it, and the report does not hold the recorder's later entries.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct FlightRecordSnapshotTests {
    /// The reports made while `body` runs, with a flight recorder of `capacity` of its own.
    private func reports(
        capacity: Int, _ body: (Logbook, FlightRecorder) -> Void
    ) -> [ErrorReport] {
        withIsolatedInstruments {
            var reports: [ErrorReport] = []
            let logbook = Logbook()
            let recorder = FlightRecorder(recording: logbook, keepingLast: capacity)
            let handler = ErrorReporting.addHandler { reports.append($0) }
            body(logbook, recorder)
            handler.remove()
            recorder.stop()
            return reports
        }
    }

    @Test(arguments: [10, 64, 100, 1_000])
    func aKeptReportKeepsTheRecordOfItsMoment(capacity: Int) throws {
        var recordsWhenReported: [String] = []
        let reports = reports(capacity: capacity) { logbook, recorder in
            // Across several chunks of slots, before and after the recorder starts overwriting.
            for round in 0..<3 {
                for line in 0..<(capacity + 37) { logbook.send(.log(round * 10_000 + line)) }
                logbook.send(.refuse)
                recordsWhenReported.append(recorder.jsonLines())
            }
        }
        #expect(reports.count == 3)
        #expect(reports.map(\.flightRecording) == recordsWhenReported)
        #expect(Set(recordsWhenReported).count == 3, "each report has its own moment")
    }

    @Test func aReportMadeBeforeTheRecorderIsFullKeepsOnlyWhatWasThere() throws {
        var recordWhenReported = ""
        let reports = reports(capacity: 200) { logbook, recorder in
            for line in 0..<70 { logbook.send(.log(line)) }
            logbook.send(.refuse)
            recordWhenReported = recorder.jsonLines()
            for line in 70..<500 { logbook.send(.log(line)) }
        }
        let record = try #require(reports.first?.flightRecording)
        #expect(record == recordWhenReported)
        #expect(record.contains(#"{"log":{"_0":69}}"#))
        #expect(!record.contains(#"{"log":{"_0":70}}"#))
        #expect(try Recording(jsonLines: record).events.count == 71, "70 events and the refused one")
    }
}
