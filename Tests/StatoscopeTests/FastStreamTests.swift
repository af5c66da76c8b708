import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A count shared between a producer's thread and the test.
final class SharedCount: @unchecked Sendable {
    // Guards `count`: producers run off the main actor.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

/// Increments its count when released: the stream's iteration let go of it.
final class ReleaseSignal: @unchecked Sendable {
    let released: SharedCount
    init(_ released: SharedCount) { self.released = released }
    deinit { released.increment() }
}

/// 0, 1, 2, ... forever, as fast as it is asked, counting what it produced.
struct Endless: AsyncSequence, Sendable {
    let produced: SharedCount
    let released: SharedCount

    struct AsyncIterator: AsyncIteratorProtocol {
        let produced: SharedCount
        let signal: ReleaseSignal
        var next = 0

        mutating func next() async -> Int? {
            produced.increment()
            defer { next += 1 }
            return next
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(produced: produced, signal: ReleaseSignal(released))
    }
}

/// A scope whose streams flood it.
@MainActor
final class Flooded: Scope {
    var received: [Int] = []
    var restartAt: Int?
    var busyUntilProduced: (count: SharedCount, target: Int)?

    enum When: Sendable {
        case listen(Endless)
        case burst(Int)
        case closureBurst(Int)
        case element(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .listen(let endless):
            effectsState.enqueue(AnyStreamEffect(endless).map(When.element), key: "stream")
        case .burst(let count):
            let elements = AsyncStream<Int> { continuation in
                for element in 0..<count { continuation.yield(element) }
                continuation.finish()
            }
            effectsState.enqueue(AnyStreamEffect(elements).map(When.element), key: "stream")
        case .closureBurst(let count):
            effectsState.enqueue(
                AnyStreamEffect<Int> { yield in
                    for element in 0..<count { yield(element) }
                }.map(When.element), key: "stream")
        case .element(let element):
            received.append(element)
            if let busy = busyUntilProduced {
                busyUntilProduced = nil
                // Holds the main actor, as a slow screen does, while the sequence produces.
                let deadline = ContinuousClock.now + .seconds(1)
                while busy.count.value < busy.target && ContinuousClock.now < deadline {}
            }
            if element == restartAt {
                restartAt = nil
                let replacement = AsyncStream<Int> { continuation in
                    continuation.yield(-1)
                    continuation.finish()
                }
                effectsState.enqueue(AnyStreamEffect(replacement).map(When.element), key: "stream")
            }
        }
    }
}

/// Streams faster than the main actor, as *A stream faster than the screen* describes them: turns,
/// bounded memory for sequences, nothing lost, nothing after a restart or a release.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct FastStreamTests {
    @Test func aSequenceNeverRunsFarAheadOfABusyMainActor() async {
        let produced = SharedCount()
        let released = SharedCount()
        let scope = Flooded()
        scope.busyUntilProduced = (produced, 10_000)
        scope.send(.listen(Endless(produced: produced, released: released)))
        await waitUntil("the first element delivered") { !scope.received.isEmpty }
        #expect(produced.value <= 2_048 + 64, "about 2,048 events ahead of update at most")
        scope.effectsState.cancelAllEffects()
        await waitUntil("the iteration let go of") { released.value == 1 }
    }

    @Test func aRestartFromInsideAFloodDeliversNothingMoreOfTheOlderStream() async {
        let scope = Flooded()
        scope.restartAt = 100
        scope.send(.burst(5_000))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.received == Array(0...100) + [-1])
    }

    @Test func aClosureBurstArrivesWholeAndInOrder() async {
        let scope = Flooded()
        scope.send(.closureBurst(20_000))
        #expect(await scope.effectsState.settlesWithinTestPatience())
        #expect(scope.received == Array(0..<20_000))
    }

    @Test func aReleasedRootsEndlessSequenceIsLetGo() async {
        let produced = SharedCount()
        let released = SharedCount()
        var scope: Flooded? = Flooded()
        weak let watched = scope
        scope?.send(.listen(Endless(produced: produced, released: released)))
        await waitUntil("the flood under way") { (watched?.received.count ?? 0) > 3_000 }
        scope = nil
        #expect(watched == nil, "an effect never keeps its scope")
        await waitUntil("the released root's stream let go of") { released.value == 1 }
    }

    @Test func aReleasedRootsEndlessClosureStreamIsCancelled() async {
        let stopped = SharedCount()
        let yielded = SharedCount()
        var scope: ClosureFlooded? = ClosureFlooded(stopped: stopped, yielded: yielded)
        weak let watched = scope
        scope?.send(.listen)
        await waitUntil("the flood under way") { yielded.value > 3_000 }
        scope = nil
        #expect(watched == nil)
        await waitUntil("the released root's closure stream cancelled") { stopped.value == 1 }
    }
}

/// A scope whose closure stream yields until it is cancelled, as fast as the scope takes the
/// elements: a closure's elements wait unbounded for the main actor, and on a loaded machine other
/// tests may hold it for minutes, so the producer keeps at most 10,000 elements ahead.
@MainActor
final class ClosureFlooded: Scope {
    let stopped: SharedCount
    let yielded: SharedCount
    let delivered = SharedCount()
    var received = 0

    init(stopped: SharedCount, yielded: SharedCount) {
        self.stopped = stopped
        self.yielded = yielded
    }

    enum When: Sendable {
        case listen
        case element(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .listen:
            let stopped = stopped
            let yielded = yielded
            let delivered = delivered
            effectsState.enqueue(
                AnyStreamEffect<Int> { yield in
                    var element = 0
                    while !Task.isCancelled {
                        guard yielded.value - delivered.value < 10_000 else {
                            try? await Task.sleep(for: .milliseconds(1))
                            continue
                        }
                        yield(element)
                        yielded.increment()
                        element += 1
                        if element.isMultiple(of: 256) { try? await Task.sleep(for: .microseconds(50)) }
                    }
                    stopped.increment()
                }.map(When.element))
        case .element:
            received += 1
            delivered.increment()
        }
    }
}
