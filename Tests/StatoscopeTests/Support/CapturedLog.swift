import Foundation
import Logging

/// A swift-log handler that keeps every line, for tests to read.
final class CapturedLog: @unchecked Sendable {
    // Guards `entries`: swift-log handlers may be called from any thread.
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String)] = []
    /// Runs after each line is kept, on the thread that logged it.
    private let whenLogged: @Sendable () -> Void

    init(whenLogged: @escaping @Sendable () -> Void = {}) {
        self.whenLogged = whenLogged
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.map { "\($0.level) \($0.message)" }
    }

    func logger() -> Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        lock.lock()
        entries.append((level, message))
        lock.unlock()
        whenLogged()
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append(event.level, "\(event.message)")
        }
    }
}
