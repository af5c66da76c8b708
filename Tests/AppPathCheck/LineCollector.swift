import Logging

/// A swift-log handler that keeps every line it is given, as an app's handler that writes a log
/// file would.
struct LineCollector: LogHandler {
    let lines: Collected<String>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.level) \(event.message)")
    }
}
