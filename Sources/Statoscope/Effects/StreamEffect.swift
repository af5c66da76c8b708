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
/// ``EffectsState/enqueue(_:)-cskr``. A stream effect is an ``Effect``: it is listed in
/// ``EffectsState/effects``, keyed, cancelled, and ended with its scope like any other, and a
/// cancelled stream delivers nothing more, even an element it had already produced.
///
/// The sequence is made, and iterated, off the main actor, once per run; its elements need not be
/// `Sendable`, since they and their map chain stay in the effect's task.
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

    /// Hands each element to `emit`, boxed, until the stream ends or its task is cancelled.
    func emitBoxed(_ emit: @Sendable (Any) -> Void) async throws {
        if let closure = self as? any YieldingStream {
            return try await closure.yieldBoxed(emit)
        }
        for try await element in makeElements() {
            if Task.isCancelled { return }
            emit(element)
        }
    }
}

/// How a stream effect ended, for ``StreamEffect/onEnd(_:)``.
public enum StreamEnd: Sendable {
    /// The sequence ended.
    case finished
    /// The sequence threw.
    case failed(any Error)
}

/// A stream that produces its elements by calling a closure, with no sequence in between.
protocol YieldingStream {
    func yieldBoxed(_ emit: @Sendable (Any) -> Void) async throws
}
