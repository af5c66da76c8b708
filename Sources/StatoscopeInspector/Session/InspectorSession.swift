import Foundation
import Statoscope

/// The inspector's side of the app, on the main actor: the instruments it installed and the session's
/// recording, which the server's requests read.
@MainActor
final class InspectorSession {
    let feed: InspectorFeed
    let recording: SessionRecording
    /// The recording opened without its app, replayed into the tree the feed watches; nil for a
    /// live app.
    let opened: OpenedRecording?

    init(feed: InspectorFeed, recording: SessionRecording, opened: OpenedRecording?) {
        self.feed = feed
        self.recording = recording
        self.opened = opened
    }

    /// The recording so far, as a finished recording; an opened recording's own text when it was
    /// read from one.
    func recordingText() async throws -> String {
        if let text = opened?.text { return text }
        return try await recording.text()
    }

    /// The tree's description before and after the first `inputs` recorded events, each replayed
    /// into a fresh tree, away from the live one; the inspector's own instruments skip those events.
    func states(around inputs: Int) async throws -> (before: String, after: String) {
        guard recording.replay != nil else { throw InspectorUnavailable(reason: SessionRecording.noReplay) }
        let after = try await recording.recording(firstEvents: inputs)
        let before = try await recording.recording(firstEvents: max(0, inputs - 1))
        // Set only while the replays run, with no suspension between: the app's own events, which
        // the main actor handles between turns, are never taken for the replay's.
        feed.isReplaying = true
        defer { feed.isReplaying = false }
        return (try recording.state(after: before), try recording.state(after: after))
    }
}
