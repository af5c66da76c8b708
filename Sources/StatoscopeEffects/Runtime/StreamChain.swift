@_spi(StatoscopeInternals) import StatoscopeCore

/// A pristine stream effect and the synchronous chain of transforms from what it signals (an
/// element, or its end) to an event, if any.
///
/// As for one-shot effects, keeping the transforms apart from the work lets a test feed elements
/// and ends it chose through the same chain the live run uses.
@usableFromInline
struct StreamChain<Element>: Sendable {
    /// The stream effect as first enqueued.
    @usableFromInline let pristine: any StreamEffect
    /// From a signal of the pristine stream to an element, or to nothing.
    @usableFromInline let transform: @Sendable (StreamSignal) throws -> Element?
    /// The animation each element is delivered inside (see ``StreamEffect/animation(_:)``); nil for
    /// none.
    @usableFromInline var animation: SendAnimation?

    @inlinable
    init(pristine: any StreamEffect, transform: @escaping @Sendable (StreamSignal) throws -> Element?) {
        self.pristine = pristine
        self.transform = transform
    }

    /// The chain of `base`'s pristine stream, with another transform, and `base`'s animation.
    @inlinable
    init<BaseElement>(
        pristineOf base: StreamChain<BaseElement>,
        transform: @escaping @Sendable (StreamSignal) throws -> Element?
    ) {
        self.pristine = base.pristine
        self.transform = transform
        self.animation = base.animation
    }

    /// Runs the pristine stream and hands every transformed element to `yield`, its end's included;
    /// what a closure's synchronous `yield` produced goes to `yieldNow` (see
    /// ``StreamEffect/emitBoxed(_:now:)``).
    func run(_ yield: @Sendable (Element) async -> Void, now yieldNow: @Sendable (Element) -> Void)
        async throws
    {
        let transform = self.transform
        let end: StreamEnd
        do {
            try await pristine.emitBoxed(
                { boxed in
                    if let element = try? transform(.element(boxed)) { await yield(element) }
                },
                now: { boxed in
                    if let element = try? transform(.element(boxed)) { yieldNow(element) }
                })
            end = .finished
        } catch {
            end = .failed(error)
        }
        if let last = try transform(.end(end)) { await yield(last) }
    }
}

/// What a running stream tells its chain: an element of the pristine stream, boxed, or its end.
@usableFromInline
enum StreamSignal {
    case element(Any)
    case end(StreamEnd)
}

extension StreamEffect {
    /// This stream effect as a pristine effect with its chain of transforms.
    @inlinable
    var streamChain: StreamChain<Element> {
        if let erased = self as? AnyStreamEffect<Element>, let chain = erased.mappedChain {
            return chain
        }
        return StreamChain(pristine: self, transform: Self.element(of:))
    }

    /// The element a signal of this stream carries: nil at a normal end, its error at a failure.
    // Inlinable for the reason `Effect.successValue(of:)` is: one cast per element, specialised.
    @inlinable
    static func element(of signal: StreamSignal) throws -> Element? {
        switch signal {
        case .element(let boxed):
            guard let element = boxed as? Element else {
                throw outcomeMismatch(expected: Element.self, actual: type(of: boxed))
            }
            return element
        case .end(.finished):
            return nil
        case .end(.failed(let error)):
            throw error
        }
    }
}
