import Foundation

/// What another thread hands over, kept for the main actor to read: the lines a log handler
/// receives, the events an analytics sink receives, what an effect's task saw.
final class Collected<Element: Sendable>: @unchecked Sendable {
    // Sound because every access to `elements` holds `lock`: the log handler, the analytics sink
    // and effects call from threads of their own.
    private let lock = NSLock()
    private var elements: [Element] = []

    var all: [Element] {
        lock.withLock { elements }
    }

    func append(_ element: Element) {
        lock.withLock { elements.append(element) }
    }
}
