@_spi(StatoscopeInternals) import StatoscopeCore

/// A stream effect made from an `AsyncSequence` or from a closure that yields, or any stream effect
/// with its elements transformed.
///
/// <!-- compiled with: Streams -->
/// <!-- compiled inside: extension Dashboard { func streamSample(socket: Socket, locations: Locations) { … } } -->
/// ```swift
/// effectsState.enqueue(AnyStreamEffect(socket.messages).map(When.messageArrived), key: "socket")
/// effectsState.enqueue(
///     AnyStreamEffect { yield in
///         for await position in locations.updates() { yield(position) }
///     }.map(When.moved))
/// ```
///
/// ``StreamEffect/map(_:)`` and its siblings return an `AnyStreamEffect` that keeps the stream
/// effect it started from as its ``Effect/pristine`` value.
public struct AnyStreamEffect<Element>: StreamEffect {
    @usableFromInline let body: Body

    @usableFromInline
    enum Body: Sendable {
        case closure(@Sendable (_ yield: @Sendable (Element) -> Void) async throws -> Void)
        /// A sequence, iterated no faster than its elements are taken: `emit` may wait.
        case sequence(@Sendable (_ emit: @Sendable (Element) async -> Void) async throws -> Void)
        case mapped(StreamChain<Element>)
    }

    /// A stream effect that iterates `elements` each time it starts.
    ///
    /// A sequence that can be iterated once only, such as an `AsyncStream`, makes an effect that
    /// can run once: make such a sequence in the closure form instead, so that each run has its own.
    ///
    /// The sequence is iterated no faster than the main actor takes its elements: once about a
    /// thousand of them wait for the main actor, iteration waits too.
    public init<Source: AsyncSequence & Sendable>(_ elements: Source) where Source.Element == Element {
        body = .sequence { emit in
            for try await element in elements {
                if Task.isCancelled { return }
                await emit(element)
            }
        }
    }

    /// A stream effect that runs `produce`, whose every call of `yield` delivers an element; the
    /// stream ends when `produce` returns, or fails with what it throws.
    ///
    /// `produce` runs off the main actor, and should return once its task is cancelled; what it
    /// yields after that is not delivered. `yield` returns at once and never waits: what `produce`
    /// yields faster than the main actor takes it waits in memory, however much. A producer that can
    /// outrun the main actor is better a sequence, such as an `AsyncStream` with the
    /// `bufferingPolicy` that suits, handed to the initializer that takes a sequence.
    public init(_ produce: @escaping @Sendable (_ yield: @Sendable (Element) -> Void) async throws -> Void) {
        body = .closure(produce)
    }

    /// Erases the type of `effect`, keeping its pristine value.
    public init<Base: StreamEffect>(_ effect: Base) where Base.Element == Element {
        body = .mapped(effect.streamChain)
    }

    @inlinable
    init(chain: StreamChain<Element>) {
        body = .mapped(chain)
    }

    /// The elements: those the closure yields, or those of the pristine effect through its
    /// transforms, with a last one for the stream's end if ``StreamEffect/onEnd(_:)`` adds it.
    public func makeElements() -> Elements {
        let effect = self
        let stream = AsyncThrowingStream<HandedOver<Element>, any Error> { continuation in
            let task = Task {
                do {
                    let hand: @Sendable (Element) -> Void = { continuation.yield(HandedOver(value: $0)) }
                    try await effect.produce(hand, now: hand)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return Elements(stream: stream)
    }

    /// The elements of an ``AnyStreamEffect``, iterated once per call of ``makeElements()``.
    public struct Elements: AsyncSequence {
        let stream: AsyncThrowingStream<HandedOver<Element>, any Error>

        /// Makes the iterator.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: stream.makeAsyncIterator())
        }

        /// Iterates the elements.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<HandedOver<Element>, any Error>.Iterator

            /// The next element, or nil once the stream ended.
            public mutating func next() async throws -> Element? {
                try await base.next()?.value
            }
        }
    }

    /// Runs the closure, the sequence or the pristine effect through its transforms: what a sequence
    /// gives goes to `emit`, which may wait, and what a closure yields to `emitNow`, which cannot.
    private func produce(
        _ emit: @Sendable (Element) async -> Void, now emitNow: @Sendable (Element) -> Void
    ) async throws {
        switch body {
        case .closure(let produce):
            try await produce(emitNow)
        case .sequence(let iterate):
            try await iterate(emit)
        case .mapped(let chain):
            try await chain.run(emit, now: emitNow)
        }
    }

    /// The chain this effect transforms, or nil when it is a closure and so its own pristine effect.
    @inlinable
    var mappedChain: StreamChain<Element>? {
        if case .mapped(let chain) = body { return chain }
        return nil
    }
}

extension AnyStreamEffect: CustomStringConvertible {
    /// `AnyStreamEffect<Element>`: a closure has nothing more to show.
    public var description: String { "AnyStreamEffect<\(Element.self)>" }
}

extension AnyStreamEffect: PristineCarrying {
    package var pristineEffect: any Effect { mappedChain?.pristine ?? self }
}

extension AnyStreamEffect: YieldingStream {
    func yieldBoxed(_ emit: @Sendable (Any) async -> Void, now emitNow: @Sendable (Any) -> Void) async throws
    {
        try await produce(emit, now: emitNow)
    }
}
