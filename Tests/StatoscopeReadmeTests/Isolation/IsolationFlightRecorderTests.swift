import Foundation
import Logging
import Statoscope
import StatoscopeTesting
import Testing

/// The flight recorder whose record a report carries is the one of the isolation the report is made
/// in, or of the outer one.
@MainActor
@Suite(.timeLimit(.minutes(20)), .isolatedInstruments)
struct IsolationFlightRecorderTests {
    @Test func anOuterFlightRecorderGoesIntoTheReportsMadeInAnInnerIsolation() {
        let scope = IsolatedScope()
        let recorder = FlightRecorder(recording: scope)
        scope.send(.ping(31_337))
        let reports = withIsolatedInstruments {
            let reports = SeenReports()
            scope.send(.boom(1))
            return reports.reports
        }
        withExtendedLifetime(recorder) {}
        #expect(reports.count == 1)
        #expect(reports.first?.flightRecording?.contains("31337") == true)
    }

    @Test func anInnerFlightRecorderKeptAfterItsIsolationGoesIntoNoLaterReport() {
        let scope = IsolatedScope()
        let other = IsolatedScope()
        let outerRecorder = FlightRecorder(recording: scope)
        scope.send(.ping(11_111))
        let innerRecorder = withIsolatedInstruments {
            let recorder = FlightRecorder(recording: other)
            other.send(.ping(42_424))
            return recorder
        }
        let reports = SeenReports(only: scope)
        scope.send(.boom(1))
        withExtendedLifetime((outerRecorder, innerRecorder)) {}
        #expect(reports.reports.count == 1)
        let recording = reports.reports.first?.flightRecording ?? ""
        #expect(recording.contains("11111"))
        #expect(!recording.contains("42424"))
    }

    @Test func concurrentIsolationsEachGiveTheirOwnFlightRecordToTheirReports() async {
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for run in 0..<4 {
                group.addTask { await Self.recordedRun(run) }
            }
            var results: [(Int, [String])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 4)
        for (run, recordings) in results {
            #expect(recordings.count == 1)
            for other in 0..<4 {
                #expect(recordings.first?.contains("\(90_000 + other)") == (other == run))
            }
        }
    }

    @Test func aFlightRecorderStoppedInsideGivesTheOutersRecordToTheReportsMadeThere() {
        let scope = IsolatedScope()
        let other = IsolatedScope()
        let outerRecorder = FlightRecorder(recording: scope)
        scope.send(.ping(61_001))
        let recordings = withIsolatedInstruments {
            let stopped = FlightRecorder(recording: other)
            other.send(.ping(61_002))
            stopped.stop()
            let reports = SeenReports()
            scope.send(.boom(1))
            return reports.reports.map { $0.flightRecording ?? "" }
        }
        withExtendedLifetime(outerRecorder) {}
        #expect(recordings.count == 1)
        #expect(recordings.first?.contains("61001") == true)
        #expect(recordings.first?.contains("61002") == false)
    }

    private static func recordedRun(_ run: Int) async -> (Int, [String]) {
        await withIsolatedInstruments {
            let scope = IsolatedScope()
            let recorder = FlightRecorder(recording: scope)
            let reports = SeenReports()
            scope.send(.ping(90_000 + run))
            for _ in 0..<20 { await Task.yield() }
            scope.send(.boom(run))
            withExtendedLifetime(recorder) {}
            return (run, reports.reports.map { $0.flightRecording ?? "" })
        }
    }
}
