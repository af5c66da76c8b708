/// The layout of a recording: JSON lines, a versioned header first, then one line per event.
///
/// ```
/// {"format":"statoscope-recording","root":"App","version":1}
/// {"event":{"userTappedRow":{}},"path":["rows[1]"],"scope":"Row"}
/// ```
enum RecordingFormat {
    static let name = "statoscope-recording"
    /// The version this library writes and reads.
    static let version = 1
    /// The longest line a recording may have; a longer one is refused rather than read.
    static let maximumLineLength = 1 << 20

    struct Header: Codable {
        let format: String
        let version: Int
        let root: String
    }

    struct Line: Codable {
        /// The names from the recorded root down to the scope: `["rows[1]", "detail"]`.
        let path: [String]
        /// The scope's type, checked on replay.
        let scope: String
        /// The event, its sensitive values redacted.
        var event: EventValue?
        /// Why the event could not be recorded, in place of `event`.
        var unrecordable: String?
    }
}
