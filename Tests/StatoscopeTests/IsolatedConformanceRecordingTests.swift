import Foundation
import Statoscope
import StatoscopeTesting
import Testing

/// A scope whose events are Codable only on the main actor, as an app's are under main-actor
/// isolation by default when the type is not declared `nonisolated`.
@MainActor
final class MainActorCodableNotes: Scope {
    enum When: Sendable {
        case add(Int)
        case fail
    }

    struct Refused: Error {}

    func update(_ when: When) throws {
        if case .fail = when { throw Refused() }
    }
}

extension MainActorCodableNotes.When: @MainActor Codable {}

// Instruments of their own: a flight recorder started app-wide and held across an `await` would
// hand its record to the error reports of the tests running alongside.
@MainActor
@Suite(.isolatedInstruments)
struct IsolatedConformanceRecordingTests {
    // What the article warns of: written away from the main actor, the same events find no
    // conformance, and the line says the type is not Codable.
    @Test func aRecordingWrittenAwayFromTheMainActorFindsNoConformance() async throws {
        let scope = MainActorCodableNotes()
        let recorder = FlightRecorder(recording: scope)
        var reports: [ErrorReport] = []
        let registration = ErrorReporting.addHandler { report in
            if report.scopeID == ObjectIdentifier(scope) { reports.append(report) }
        }
        scope.send(.add(1))
        scope.send(.fail)
        let report = try #require(reports.first)
        let text = await Task.detached { report.flightRecording }.value
        withExtendedLifetime((recorder, registration)) {}
        #expect(text?.contains("MainActorCodableNotes.When is not Codable") == true)
    }

    @Test func onTheMainActorTheSameEventsAreRecorded() throws {
        let scope = MainActorCodableNotes()
        let recorder = FlightRecorder(recording: scope)
        scope.send(.add(1))
        #expect(recorder.jsonLines().contains(#"{"add":{"_0":1}}"#))
    }
}
