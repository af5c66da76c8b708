@_spi(StatoscopeInternals) import StatoscopeCore

extension StreamEffect {
    /// Transforms each element, typically into a `When` of the scope that enqueues the effect.
    ///
    /// <!-- compiled with: Streams -->
    /// <!-- compiled inside: extension Dashboard { func mapSample() { _ = … } } -->
    /// ```swift
    /// Ticks(count: 3).map(When.ticked)
    /// ```
    @inlinable
    public func map<NewElement>(
        _ transform: @escaping @Sendable (Element) -> NewElement
    ) -> AnyStreamEffect<NewElement> {
        let base = streamChain
        let baseTransform = base.transform
        return AnyStreamEffect(
            chain: StreamChain(pristineOf: base) { signal in
                try baseTransform(signal).map(transform)
            })
    }

    /// Wraps each element in a successful `Result`, and turns a failure of the stream into one last,
    /// failed `Result`, so a failure is delivered as an event too.
    @inlinable
    public func mapToResult() -> AnyStreamEffect<Result<Element, any Error>> {
        mapToResultWithError { $0 }
    }

    /// Like ``mapToResult()``, with the failure made into your own error type from what was thrown.
    @inlinable
    public func mapToResultWithError<Failure: Error>(
        _ transform: @escaping @Sendable (any Error) -> Failure
    ) -> AnyStreamEffect<Result<Element, Failure>> {
        let base = streamChain
        let baseTransform = base.transform
        return AnyStreamEffect(
            chain: StreamChain(pristineOf: base) { signal in
                do {
                    return try baseTransform(signal).map { .success($0) }
                } catch {
                    return .failure(transform(error))
                }
            })
    }

    /// Like ``mapToResult()``, keeping the errors of a type you expect; any other error becomes that
    /// type's ``UnknownErrorRepresentable/unknownError``.
    @inlinable
    public func mapToResultWithError<Failure: UnknownErrorRepresentable>(
        _ failureType: Failure.Type
    ) -> AnyStreamEffect<Result<Element, Failure>> {
        mapToResultWithError { ($0 as? Failure) ?? Failure.unknownError }
    }

    /// Adds one last element when the stream ends, made from how it ended: a failure handled here
    /// is delivered as that element and not reported. A cancelled stream ends with nothing.
    /// ``StreamEnd`` is `Equatable`, so an event case that carries it (`.onEnd(When.ticksEnded)`
    /// with `case ticksEnded(StreamEnd)`) keeps the scope's `When` comparable.
    ///
    /// <!-- compiled inside: extension Dashboard { func onEndSample() { _ = … } } -->
    /// ```swift
    /// Ticks(count: 3).map(When.ticked).onEnd { _ in When.ticksEnded }
    /// ```
    @inlinable
    public func onEnd(_ event: @escaping @Sendable (StreamEnd) -> Element) -> AnyStreamEffect<Element> {
        let base = streamChain
        let baseTransform = base.transform
        return AnyStreamEffect(
            chain: StreamChain(pristineOf: base) { signal in
                if case .end(let end) = signal { return event(end) }
                return try baseTransform(signal)
            })
    }
}
