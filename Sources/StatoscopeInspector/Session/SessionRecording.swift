import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInstruments

/// The session's recording: what the page downloads, and what a replay plays into a fresh tree to
/// show the state after an event.
///
/// It records what a ``Recorder`` records, the inputs of the tree, into the same text. The main
/// actor only notes where each input went and the event as it is; ``RecordedLines`` encodes them
/// off the main actor into a file, so that watching an app costs it little more than a flight
/// recorder does, and its memory stays flat however long the session. A download or a replay reads
/// the file, and holds what it read while it runs.
@MainActor
final class SessionRecording {
    /// How many inputs the session recorded so far.
    private(set) var recordedEventCount = 0
    private weak var root: AnyObject?
    private var registration: InstrumentRegistration?
    private let lines: RecordedLines
    /// The inputs noted in this turn of the main actor, handed to ``lines`` when it ends.
    private let inputs: TurnBatch<RecordedInput>
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
        self.root = root
        lines = RecordedLines(rootTypeName: "\(type(of: root))")
        let (stream, inputs) = AsyncStream<[RecordedInput]>.makeStream()
        let backlog = HandOverBacklog()
        self.inputs = TurnBatch(handingTo: inputs, backlog: backlog)
        let lines = lines
        Task.detached { await lines.consume(stream, backlog: backlog) }
        registration = InstrumentHooks.entryTaps.add { [weak self] scope, when in
            self?.note(scope, when)
        }
    }

    isolated deinit {
        // The lines noted so far are still encoded; the file goes with the last of them.
        stop()
    }

    /// Stops recording; the inputs noted so far are still encoded.
    func stop() {
        registration?.remove()
        registration = nil
        inputs.finish()
    }

    private func note(_ scope: any Scope, _ when: any Sendable) {
        guard let path = RecordedPath.of(scope, below: root) else { return }
        recordedEventCount += 1
        inputs.append(RecordedInput(path: path, scopeTypeName: RecordedPath.typeName(of: scope), when: when))
    }

    /// The recording of the first `count` events (all of them when nil), as a finished recording:
    /// its end line counts what it holds.
    ///
    /// - Throws: When the file could not be written or read: the recording says why, and where.
    func text(firstEvents count: Int? = nil) async throws -> String {
        inputs.handOver()
        let kept = min(count ?? recordedEventCount, recordedEventCount)
        await lines.waitUntilEncoded(kept)
        return try await lines.text(firstEvents: kept)
    }

    /// The recording of the first `count` events (all of them when nil), read back for a replay.
    func recording(firstEvents count: Int? = nil) async throws -> Recording {
        try Recording(jsonLines: await text(firstEvents: count))
    }

    /// The description of a fresh tree into which `recording` was replayed.
    func state(after recording: Recording) throws -> String {
        guard let replay else { throw InspectorUnavailable(reason: Self.noReplay) }
        return try replay(recording)
    }

    /// The source of a test plan that plays `recording`.
    func testPlanSource(of recording: Recording) throws -> String {
        guard let testPlan else { throw InspectorUnavailable(reason: Self.noReplay) }
        return try testPlan(recording)
    }

    static let noReplay =
        "the inspector was started without a way to build a fresh tree: pass replayingInto to Inspector.start"
}

/// A request the inspector cannot answer, and why.
struct InspectorUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
