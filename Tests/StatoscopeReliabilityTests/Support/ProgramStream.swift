import Foundation
import Statoscope

/// A stream effect the program feeds by hand: the program keeps the continuation of its sequence
/// and makes it yield, finish or fail at the steps it chose.
struct ProgramStream: StreamEffect, ProgramWork {
    let id: Int
    let sequence: AsyncThrowingStream<Int, any Error>
    /// How many elements the stream's task took and mapped so far.
    let taken: Counter

    struct Failure: Error {}

    /// A stream and the continuation that feeds it. It can run once: the program starts each stream
    /// effect once.
    static func make(id: Int) -> (ProgramStream, AsyncThrowingStream<Int, any Error>.Continuation) {
        let (sequence, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        return (ProgramStream(id: id, sequence: sequence, taken: Counter()), continuation)
    }

    func makeElements() -> AsyncThrowingStream<Int, any Error> { sequence }
}

/// A count that a stream's task increments and the program reads.
final class Counter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is read and written only with `lock` held.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }

    /// Blocks the calling thread, the main actor included, until the count reaches `target` or
    /// `limit` passes on the continuous clock; returns whether it reached it. Blocking keeps the
    /// main actor from taking what the stream's task posts meanwhile.
    func block(until target: Int, limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while value < target {
            guard ContinuousClock.now < deadline else { return false }
            usleep(50)
        }
        return true
    }
}
