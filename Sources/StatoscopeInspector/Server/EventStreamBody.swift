import FlyingSocks
import Foundation

/// A response body that stays open: the bytes of each event as it is published, until the stream
/// finishes. A body of unknown length is sent one buffer this returns at a time (chunked by
/// FlyingFox, until the connection closes by the inspector's own connections), so each event leaves
/// as soon as it is published.
///
/// The inspector's page reads its server-sent events through it, and so does the demo's live count.
package struct EventStreamBody: AsyncBufferedSequence {
    package typealias Element = UInt8

    let events: AsyncStream<Data>

    /// A body that sends each of `events`, as it is, once published.
    package init(events: AsyncStream<Data>) {
        self.events = events
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator())
    }

    package struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<Data>.Iterator
        /// What is left of the latest event when the reader asked for fewer bytes than it holds.
        var pending: [UInt8] = []

        package mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        package mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            while pending.isEmpty {
                guard let event = await events.next() else { return nil }
                pending = Array(event)
            }
            let buffer = Array(pending.prefix(Swift.max(1, count)))
            pending.removeFirst(buffer.count)
            return buffer
        }
    }
}
