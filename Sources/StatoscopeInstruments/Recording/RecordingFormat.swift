import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// The layout of a recording: JSON lines, a versioned header first, then one numbered line per
/// event, then an end line that counts them.
///
/// ```
/// {"format":"statoscope-recording","root":"App","version":2}
/// {"n":2,"path":["rows[1]"],"scope":"Row","event":{"userTappedRow":{}}}
/// {"n":3,"end":{"events":1}}
/// ```
///
/// A flight recording also has lines of effects' lives, which replay skips:
/// `{"n":4,"path":[],"scope":"App","effect":"App.Load","step":"started"}`; one that a run left without
/// stopping its recorder says so in its header, `"stopped":false`.
///
/// Each line after the header carries its own line number, so a line duplicated, lost or moved is
/// found, and the end line tells a complete recording from one cut at a line boundary.
enum RecordingFormat {
    static let name = "statoscope-recording"
    /// The version this library writes and reads.
    static let version = 2
    /// The longest line a recording may have, terminator excluded; the recorder refuses to write a
    /// longer one and the reader refuses to read one.
    static let maximumLineLength = 1 << 20

    /// How non-finite floating-point values are written, as JSON strings.
    static let nan = "NaN"
    static let infinity = "Infinity"

    struct Header: Codable {
        let format: String
        let version: Int
        let root: String
        /// In a flight recording, how many events before the first kept one were not kept.
        var dropped: Int?
        /// In a surviving flight recording whose run ended without stopping its recorder: false. Its
        /// last event is where the run ended, if it ended in an update.
        var stopped: Bool?
    }

    /// Any line after the header, as the reader checks it.
    struct Line: Decodable {
        /// The line's own number in the recording.
        let n: Int
        /// The names from the recorded root down to the scope: `["rows[1]", "detail"]`.
        var path: [String]?
        /// The scope's type, checked on replay.
        var scope: String?
        /// The event, its sensitive values redacted, as JSON models it.
        var event: EventValue?
        /// Why the event could not be recorded, in place of `event`.
        var unrecordable: String?
        /// Present on the end line only.
        var end: End?
        /// On a line of an effect's life, in a flight recording: the effect's type, and the step.
        var effect: String?
        var step: String?
        /// On a line read without `JSONDecoder`, in place of `event`: where the event's value is in
        /// the parsed line, checked to read as an `EventValue`, and read only when asked.
        var eventIndex: Int?

        private enum CodingKeys: String, CodingKey {
            case n, path, scope, event, unrecordable, end, effect, step
        }
    }

    struct End: Decodable {
        /// How many event lines the recording holds.
        let events: Int
    }

    /// The `event` of an event line, decoded as the scope's own event type.
    struct EventField<When: Decodable>: Decodable {
        let event: When
    }

    /// The decoder for events, reading what ``JSONLineEncoder`` and the fallback encoder write.
    static func eventDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: infinity, negativeInfinity: "-" + infinity, nan: nan)
        return decoder
    }

    /// The encoder for events `JSONLineEncoder` cannot stream; it writes the same JSON.
    static func fallbackEncoder(redactingSensitiveValues: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: infinity, negativeInfinity: "-" + infinity, nan: nan)
        encoder.userInfo[EventEncoding.redactsSensitiveValues] = redactingSensitiveValues
        return encoder
    }
}
