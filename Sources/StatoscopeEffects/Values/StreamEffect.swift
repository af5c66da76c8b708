@_spi(StatoscopeInternals) import StatoscopeCore

/// Long-lived work a scope starts from `update`, whose elements come back as its events, in order:
/// a timer, a websocket, observation of a database, a download's progress.
///
/// Conform a value type that says what to observe; ``makeElements()`` makes the sequence. Or build
/// one from any `AsyncSequence`, or from a closure that yields, with ``AnyStreamEffect``:
///
/// ```swift
/// struct Ticks: StreamEffect {
///     let count: Int
///     func makeElements() -> AsyncStream<Int> {
///         AsyncStream { continuation in
///             for tick in 1...count { continuation.yield(tick) }
///             continuation.finish()
///         }
///     }
/// }
/// ```
///
/// Map each element into a `When` with ``map(_:)`` (and ``mapToResult()`` to keep a failure as a
/// last event), optionally add an event for its end with ``onEnd(_:)``, and enqueue it with
/// ``ScopeEffects/enqueue(_:key:ifKeyInFlight:)``. A stream effect is an ``Effect``: it is listed in
/// ``ScopeEffects/effects``, keyed, cancelled, and ended with its scope like any other, and a
/// cancelled stream delivers nothing more, even an element it had already produced.
///
/// The sequence is made, and iterated, off the main actor, once per run; its elements need not be
/// `Sendable`, since they and their map chain stay in the effect's task. It is iterated no faster
/// than the main actor takes its elements, which it does in short turns, so that a fast stream
/// neither holds the main actor for long nor piles up in memory
/// (<doc:LongLivedEffects#A-stream-faster-than-the-screen>).
public protocol StreamEffect: Effect where ResultType == Void {
    /// What the stream produces, before any map.
    associatedtype Element
    /// The sequence of elements.
    associatedtype Elements: AsyncSequence where Elements.Element == Element

    /// Makes the sequence of elements, off the main actor, each time the effect starts.
    func makeElements() -> Elements
}

extension StreamEffect {
    /// Iterates the stream to its end, dropping its elements: what the stream does where a one-shot
    /// effect is expected.
    public func runEffect() async throws {
        for try await _ in makeElements() {}
    }

    /// Hands each element to `emit`, boxed, until the stream ends or its task is cancelled; the
    /// next element is asked for once `emit` returns. A closure's synchronous `yield` cannot wait:
    /// what it yields goes to `emitNow`.
    func emitBoxed(_ emit: @Sendable (Any) async -> Void, now emitNow: @Sendable (Any) -> Void) async throws {
        if let closure = self as? any YieldingStream {
            return try await closure.yieldBoxed(emit, now: emitNow)
        }
        for try await element in makeElements() {
            if Task.isCancelled { return }
            await emit(element)
        }
    }
}

/// A stream that produces its elements by calling a closure, with no sequence in between.
protocol YieldingStream {
    /// Produces the elements: those a sequence gives to `emit`, which may wait, and those a closure
    /// yields to `emitNow`, which cannot.
    func yieldBoxed(_ emit: @Sendable (Any) async -> Void, now emitNow: @Sendable (Any) -> Void) async throws
}
