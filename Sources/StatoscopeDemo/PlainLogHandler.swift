import Foundation
import Logging

/// Prints log lines plainly to standard output, with the time since the demo started, so that the
/// demo's output reads as one story: events, effects, state changes, analytics and errors.
struct PlainLogHandler: LogHandler {
    static let start = ContinuousClock.now

    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = "\(event.message)"
        Self.print(event.level >= .error ? "error" : Self.tag(of: text), text)
    }

    /// Tags EventLogging's lines by what they tell, so that the eye can follow one kind.
    private static func tag(of text: String) -> String {
        if text.contains(" <- ") { return "event" }
        if text.contains(" effect ") { return "effect" }
        if text.contains(" changed ") { return "state" }
        return "log"
    }

    /// One line of the demo's output: the elapsed time, a tag, the text.
    static func print(_ tag: String, _ text: String) {
        let elapsed = (ContinuousClock.now - start).components
        let millis = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
        let time = String(format: "%6.3fs", Double(millis) / 1000)
        Swift.print("\(time) \(tag.padding(toLength: 9, withPad: " ", startingAt: 0)) \(text)")
    }
}
