import Foundation
import Statoscope

/// The inspector's side of the app, on the main actor: the instruments it installed and the session's
/// recording, which the server's requests read.
@MainActor
final class InspectorSession {
    let feed: InspectorFeed
    let recording: SessionRecording

    init(feed: InspectorFeed, recording: SessionRecording) {
        self.feed = feed
        self.recording = recording
    }

    /// The recording so far, as a finished recording.
    func recordingText() throws -> String {
        try recording.text()
    }

    /// The tree's description before and after the first `inputs` recorded events, each replayed
    /// into a fresh tree, away from the live one; the inspector's own instruments skip those events.
    func states(around inputs: Int) throws -> (before: String, after: String) {
        feed.isReplaying = true
        defer { feed.isReplaying = false }
        let after = try recording.state(afterEvents: inputs)
        let before = try recording.state(afterEvents: max(0, inputs - 1))
        return (before, after)
    }
}
