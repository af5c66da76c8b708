import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// A finite stream: 1 through `count`, then its end.
struct Ticks: StreamEffect, Equatable {
    let count: Int

    func makeElements() -> AsyncStream<Int> {
        AsyncStream { continuation in
            for tick in 1...count { continuation.yield(tick) }
            continuation.finish()
        }
    }
}

/// A stream that yields 1 and 2, then throws.
struct Stuttering: StreamEffect {
    struct Failure: Error, Equatable {}

    func makeElements() -> AsyncThrowingStream<Int, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish(throwing: Failure())
        }
    }
}

/// A stream a test feeds by hand, and that says when its consumer let go of it.
final class Pipe: Sendable {
    let stream: AsyncStream<Int>
    let continuation: AsyncStream<Int>.Continuation
    private let ended = CriticalState(false)

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.onTermination = { [ended] _ in ended.withLock { $0 = true } }
    }

    /// Whether the stream finished or its consumer was cancelled.
    var hasEnded: Bool { ended.withLock { $0 } }
}

@MainActor
final class Feed: Scope {
    var received: [Int] = []
    var ends: [String] = []
    var results: [String] = []
    @Subscope var child: Feed? = nil

    enum When: Sendable {
        case follow(Pipe, key: String)
        case tick(Int)
        case yieldFromClosure(Int)
        case stutter(endEvent: Bool)
        case stutterMappedToResult
        case received(Int)
        case ended(String)
        case result(Result<Int, any Error>)
        case present(Feed?)
    }

    func update(_ when: When) throws {
        switch when {
        case .follow(let pipe, let key):
            effectsState.enqueue(AnyStreamEffect(pipe.stream).map(When.received), key: key)
        case .tick(let count):
            effectsState.enqueue(Ticks(count: count).map(When.received).onEnd { end in .ended("\(end)") })
        case .yieldFromClosure(let count):
            effectsState.enqueue(
                AnyStreamEffect { yield in
                    for value in 1...count { yield(value * 10) }
                }.map(When.received))
        case .stutter(let endEvent):
            let effect = Stuttering().map(When.received)
            if endEvent {
                effectsState.enqueue(effect.onEnd { end in .ended("\(end)") })
            } else {
                effectsState.enqueue(effect)
            }
        case .stutterMappedToResult:
            effectsState.enqueue(Stuttering().mapToResult().map(When.result))
        case .received(let value):
            received.append(value)
        case .ended(let how):
            ends.append(how)
        case .result(.success(let value)):
            results.append("\(value)")
        case .result(.failure(let error)):
            results.append("failed: \(error)")
        case .present(let child):
            self.child = child
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(20)))
struct StreamEffectsTests {
    @Test func everyElementArrivesInOrderThenTheEnd() async {
        let feed = Feed()
        feed.send(.tick(500))
        #expect(feed.effectsState.effects.first.map { $0.pristineEquals(Ticks(count: 500)) } == true)
        await feed.effectsState.waitUntilSettled()
        #expect(feed.received == Array(1...500))
        #expect(feed.ends == ["finished"])
        #expect(feed.effectsState.effects.isEmpty)
    }

    @Test func closureYieldsInOrderAndEndsWithNoEventUnlessAsked() async {
        let feed = Feed()
        feed.send(.yieldFromClosure(5))
        await feed.effectsState.waitUntilSettled()
        #expect(feed.received == [10, 20, 30, 40, 50])
        #expect(feed.ends.isEmpty)
    }

    @Test func failureBecomesTheEndEvent() async {
        let feed = Feed()
        let errors = ErrorReportCollector(for: feed)
        feed.send(.stutter(endEvent: true))
        await feed.effectsState.waitUntilSettled()
        #expect(feed.received == [1, 2])
        #expect(feed.ends == ["failed(StatoscopeTests.Stuttering.Failure())"])
        #expect(errors.reports.isEmpty, "a failure handled by onEnd is not reported")
    }

    @Test func unhandledFailureIsReportedAfterTheElements() async throws {
        let feed = Feed()
        let errors = ErrorReportCollector(for: feed)
        feed.send(.stutter(endEvent: false))
        await feed.effectsState.waitUntilSettled()
        #expect(feed.received == [1, 2])
        let report = try #require(errors.reports.first)
        #expect(report.error is Stuttering.Failure)
        #expect(report.description.contains("effect Stuttering"))
    }

    @Test func failureMappedToResultIsTheLastElement() async {
        let feed = Feed()
        feed.send(.stutterMappedToResult)
        await feed.effectsState.waitUntilSettled()
        #expect(feed.results == ["1", "2", "failed: Failure()"])
    }

    @Test func cancelledStreamDeliversNothingMoreAndEnds() async {
        let feed = Feed()
        let pipe = Pipe()
        feed.send(.follow(pipe, key: "feed"))
        pipe.continuation.yield(1)
        await waitUntil("the first element arriving") { feed.received == [1] }
        let runtime = feed.runtime
        feed.effectsState.cancelEffect(key: "feed")
        #expect(feed.effectsState.effects.isEmpty)
        pipe.continuation.yield(2)
        await waitUntil("the stream letting go of its source") { pipe.hasEnded }
        await drainCompletions(of: runtime)
        #expect(feed.received == [1])
    }

    @Test func anElementAlreadyOnItsWayWhenTheStreamIsCancelledIsDropped() async throws {
        let feed = Feed()
        let pipe = Pipe()
        feed.send(.follow(pipe, key: "feed"))
        let runtime = try #require(feed.runtime)
        let entry = try #require(runtime.effects.inFlight.first)
        #expect(entry.payload.isStream)
        feed.effectsState.cancelAllEffects()
        // What the inbox would hand over after the cancellation: an element produced before it.
        runtime.deliverElement(entry.id, outcome: entry.payload.element(7))
        #expect(feed.received.isEmpty)
        pipe.continuation.finish()
        await drainCompletions(of: runtime)
    }

    @Test func dismissalEndsTheStreamInTheSameSend() async {
        let parent = Feed()
        let child = Feed()
        let pipe = Pipe()
        parent.send(.present(child))
        child.send(.follow(pipe, key: "feed"))
        pipe.continuation.yield(1)
        await waitUntil("the first element arriving") { child.received == [1] }
        let runtime = child.runtime

        parent.send(.present(nil))

        #expect(child.effectsState.effects.isEmpty, "ended in the same send")
        pipe.continuation.yield(2)
        await waitUntil("the stream letting go of its source") { pipe.hasEnded }
        await drainCompletions(of: runtime)
        #expect(child.received == [1])
    }

    @Test func releasedScopesStreamIsCancelledByTheSweep() async {
        let pipe = Pipe()
        weak var released: Feed?
        do {
            let feed = Feed()
            released = feed
            feed.send(.follow(pipe, key: "feed"))
            pipe.continuation.yield(1)
            await waitUntil("the first element arriving") { feed.received == [1] }
        }
        #expect(released == nil, "a running stream does not keep its scope")
        ScopeRuntimeTable.sweepBusyRuntimes()
        await waitUntil("the stream letting go of its source") { pipe.hasEnded }
    }

    @Test func keyedRestartStopsTheOlderStream() async {
        let feed = Feed()
        let first = Pipe()
        let second = Pipe()
        feed.send(.follow(first, key: "feed"))
        first.continuation.yield(1)
        await waitUntil("the first stream's element") { feed.received == [1] }

        feed.send(.follow(second, key: "feed"))

        #expect(feed.effectsState.effects.count == 1)
        await waitUntil("the older stream letting go of its source") { first.hasEnded }
        first.continuation.yield(2)
        second.continuation.yield(10)
        second.continuation.finish()
        await feed.effectsState.waitUntilSettled()
        #expect(feed.received == [1, 10])
    }

    @Test func settlingWithATimeoutReturnsWhileAStreamStaysOpen() async {
        let feed = Feed()
        let pipe = Pipe()
        feed.send(.follow(pipe, key: "feed"))
        #expect(await feed.effectsState.waitUntilSettled(timeout: .zero) == false)
        #expect(feed.effectsState.effects.count == 1, "the stream keeps running")
        pipe.continuation.yield(3)
        pipe.continuation.finish()
        #expect(await feed.effectsState.settlesWithinTestPatience())
        #expect(feed.received == [3])
        #expect(await Feed().effectsState.waitUntilSettled(timeout: .zero), "nothing in flight")
    }

    @Test func aStreamEffectIsAlsoASequenceAndAnEffect() async throws {
        let mapped = Ticks(count: 3).map { $0 * 2 }.onEnd { _ in 0 }
        #expect(mapped.pristineEquals(Ticks(count: 3)))
        var seen: [Int] = []
        for try await value in mapped.makeElements() { seen.append(value) }
        #expect(seen == [2, 4, 6, 0])
        let failing = Stuttering().mapToResult().map { (try? $0.get()) ?? -1 }
        seen = []
        for try await value in failing.makeElements() { seen.append(value) }
        #expect(seen == [1, 2, -1])
        await #expect(throws: Stuttering.Failure.self) { try await Stuttering().runEffect() }
    }

    @Test func anAnyStreamEffectMadeFromAClosureOrASequenceIteratesWhatItProduces() async throws {
        let yielding = AnyStreamEffect<Int> { yield in
            yield(1)
            yield(2)
        }
        var seen: [Int] = []
        for try await value in yielding.makeElements() { seen.append(value) }
        #expect(seen == [1, 2])
        let sequence = AnyStreamEffect(
            AsyncStream<Int> { continuation in
                continuation.yield(3)
                continuation.yield(4)
                continuation.finish()
            })
        seen = []
        for try await value in sequence.makeElements() { seen.append(value) }
        #expect(seen == [3, 4])
    }
}
