import Foundation
import Statoscope

/// A recording the inspector opened without the app that made it: what the page's timeline, states
/// and plan come from, and what the page says about it.
struct OpenedRecording: Sendable {
    let recording: Recording
    /// Its text as read, for the page's download; nil when it was handed over already read, and the
    /// download is the replay's own recording.
    let text: String?
    /// What the page says it shows: a recording, not a live app, and how its run ended.
    let summary: String

    init(_ recording: Recording, text: String? = nil, file: URL? = nil, flight: FlightRecordingFile? = nil) {
        self.recording = recording
        self.text = text
        let count = recording.events.count
        var summary = "A recording of \(count) event\(count == 1 ? "" : "s")"
        if let file { summary += " from \(file.path)" }
        summary += ", replayed into a fresh \(recording.rootTypeName) with effects off: no app is running."
        if let flight {
            summary += " Recorded by version \(flight.appVersion.isEmpty ? "(not given)" : flight.appVersion)"
            if let time = flight.lastEventTime {
                summary += ", last event at \(time.formatted(.iso8601))"
            }
            summary += "."
            if flight.droppedTornEntry {
                summary += " An entry being written when the run ended was dropped."
            }
            if flight.unwrittenEntryCount > 0 {
                summary +=
                    " \(flight.unwrittenEntryCount) entries kept after the last one were never written."
            }
        }
        if recording.lastEventEndedItsRun {
            summary += " Its run ended without stopping its recorder"
            if let signal = flight?.signal { summary += " (signal \(signal))" }
            summary +=
                ": the last event may be where it ended, and is shown but not replayed, since it could end this process too."
        }
        self.summary = summary
    }
}
