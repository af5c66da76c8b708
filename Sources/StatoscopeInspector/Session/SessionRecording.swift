import Foundation
import Statoscope
import StatoscopeInstruments

/// The session's recording, kept in memory: what the page downloads, and what a replay plays into a
/// fresh tree to show the state after an event.
@MainActor
final class SessionRecording {
    /// The lines handed over so far, header first, each with its newline: then the events', and,
    /// once stopped, the end line.
    private var lines: [String] = []
    private var recorder: Recorder?
    /// How many events the recording held when it stopped.
    private var eventCountAtStop = 0
    /// Replays the first `count` events into a fresh tree and describes it; nil when the app gave
    /// the inspector no way to build one.
    let replay: (@MainActor (Recording) throws -> String)?
    /// Writes the source of a test plan that plays the recording, checking the state after each
    /// step; nil when the app gave the inspector no way to build a fresh tree.
    let testPlan: (@MainActor (Recording) throws -> String)?

    init<Root: Scope>(recording root: Root, replayingInto makeRoot: (@MainActor () -> Root)?) {
        if let makeRoot {
            replay = { recording in try recording.reproduce { makeRoot() }.subtreeDescription }
            testPlan = { recording in
                try TestPlanSource(recording: recording) { makeRoot() }.swiftSource(checks: .afterEachStep)
            }
        } else {
            replay = nil
            testPlan = nil
        }
        recorder = Recorder(recording: root) { [weak self] line in self?.lines.append(line) }
    }

    /// How many events the session recorded so far.
    var recordedEventCount: Int { recorder?.recordedEventCount ?? 0 }

    func stop() {
        guard let recorder else { return }
        eventCountAtStop = recorder.recordedEventCount
        recorder.stop()
        self.recorder = nil
    }

    /// The recording of the first `count` events (all of them when nil), as a finished recording:
    /// its end line counts what it holds.
    func text(firstEvents count: Int? = nil) -> String {
        guard let header = lines.first else { return "" }
        // The recorder writes events only, so the lines after the header are the events', up to the
        // end line a stopped recorder added, which is written anew for what is kept.
        let eventLines = lines.dropFirst().prefix(recorder?.recordedEventCount ?? eventCountAtStop)
        let kept = eventLines.prefix(count ?? eventLines.count)
        return header + kept.joined() + RecordingWriter.endLine(events: kept.count)
    }

    /// The description of a fresh tree into which the first `count` events were replayed.
    func state(afterEvents count: Int) throws -> String {
        guard let replay else { throw InspectorUnavailable(reason: Self.noReplay) }
        return try replay(try Recording(jsonLines: text(firstEvents: count)))
    }

    /// The source of a test plan that plays the session so far.
    func testPlanSource() throws -> String {
        guard let testPlan else { throw InspectorUnavailable(reason: Self.noReplay) }
        return try testPlan(try Recording(jsonLines: text()))
    }

    static let noReplay =
        "the inspector was started without a way to build a fresh tree: pass replayingInto to Inspector.start"
}

/// A request the inspector cannot answer, and why.
struct InspectorUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
