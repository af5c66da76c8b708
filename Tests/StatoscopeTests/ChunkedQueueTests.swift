import Statoscope
import Testing

/// The queue between tracked events and analytics' sinks, as plain data.
struct ChunkedQueueTests {
    private let capacity = ChunkedQueue<Int>.chunkCapacity

    @Test func elementsLeaveInTheOrderTheyCameAcrossChunks() {
        var queue = ChunkedQueue<Int>()
        #expect(queue.isEmpty)
        let count = capacity * 2 + 3
        for value in 0..<count { queue.append(value) }
        let taken = queue.takeAll()
        #expect(taken.map(\.count) == [capacity, capacity, 3])
        #expect(taken.flatMap { $0 } == Array(0..<count))
        #expect(queue.isEmpty)
        #expect(queue.takeAll().isEmpty)
    }

    @Test func recycledChunksAreReusedAndOnlyAFewAreKept() {
        var queue = ChunkedQueue<Int>()
        let chunkCount = ChunkedQueue<Int>.sparesKept + 2
        for value in 0..<(capacity * chunkCount) { queue.append(value) }
        var taken = queue.takeAll()
        for index in taken.indices { taken[index].removeAll(keepingCapacity: true) }
        queue.recycle(&taken)
        #expect(taken.isEmpty)
        #expect(queue.spareCount == ChunkedQueue<Int>.sparesKept)

        // Appending takes a spare before making a chunk, and the spares' old contents are gone.
        for value in 0..<(capacity + 1) { queue.append(1_000 + value) }
        #expect(queue.spareCount == ChunkedQueue<Int>.sparesKept - 2)
        #expect(queue.takeAll().flatMap { $0 } == Array(1_000..<(1_000 + capacity + 1)))

        queue.releaseSpares()
        #expect(queue.spareCount == 0)
    }

    @Test func aChunkGivenBackWithElementsIsNotReused() {
        var queue = ChunkedQueue<Int>()
        queue.append(1)
        var taken = queue.takeAll()
        queue.recycle(&taken)
        #expect(taken.isEmpty)
        #expect(queue.spareCount == 0)
        queue.append(2)
        #expect(queue.takeAll() == [[2]])
    }
}
