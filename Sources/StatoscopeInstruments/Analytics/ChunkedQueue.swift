@_spi(StatoscopeInternals) import StatoscopeCore

/// A first-in first-out queue kept in chunks of a fixed capacity, with a few emptied chunks kept for
/// reuse: the logic of ``AnalyticsDelivery``'s queue as plain data, testable without a task.
///
/// Appending never copies what is already queued and never asks for a block larger than a chunk. A
/// single array taken whole by each turn of the consumer would grow from empty on the producer's
/// side whenever the producer outruns the consumer, each growth copying everything queued and
/// touching fresh pages.
package struct ChunkedQueue<Element> {
    /// Elements per chunk: a chunk of analytics events is a few kilobytes, well below the size from
    /// which an allocation gets pages of its own.
    package static var chunkCapacity: Int { 64 }

    /// Emptied chunks kept for appends to reuse; the others are released.
    package static var sparesKept: Int { 8 }

    /// The queued elements, oldest first; only the last chunk has room.
    private var chunks: [[Element]] = []
    private var spares: [[Element]] = []

    package init() {}

    /// Whether nothing is queued.
    package var isEmpty: Bool { chunks.isEmpty }

    /// Emptied chunks waiting for reuse.
    package var spareCount: Int { spares.count }

    /// Adds `element` at the end.
    package mutating func append(_ element: Element) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            var chunk = spares.popLast() ?? []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
    }

    /// Removes and returns everything queued, in chunks, oldest first.
    package mutating func takeAll() -> [[Element]] {
        var taken: [[Element]] = []
        swap(&taken, &chunks)
        return taken
    }

    /// Takes back chunks that ``takeAll()`` returned, emptied with their capacity kept, leaving
    /// `taken` empty; up to ``sparesKept`` are kept for appends to reuse.
    package mutating func recycle(_ taken: inout [[Element]]) {
        // Moved out one at a time, so that each spare is the only reference to its storage and
        // appending to it later does not copy it.
        while let chunk = taken.popLast() {
            guard spares.count < Self.sparesKept, chunk.isEmpty else { continue }
            spares.append(chunk)
        }
    }

    /// Releases the spare chunks: nothing is expected for a while.
    package mutating func releaseSpares() {
        spares = []
    }
}

extension ChunkedQueue: Sendable where Element: Sendable {}
