@_spi(StatoscopeInternals) import StatoscopeCore

/// The body of a stream effect, whatever its scope's type, with its share of ``CompletionInbox``.
// SAFETY: Sound because `backlog` is read and written only with `CompletionInbox`'s lock held,
// `taken` and `takenFrom` belong to the main actor, and the rest is the base class's, whose comments
// say why.
@usableFromInline
class StreamScopeEffectBody: ScopeEffectBody, @unchecked Sendable {
    /// What the stream posted and the main actor has not taken yet.
    // SAFETY: Sound because it is reached only with `CompletionInbox`'s lock held, which keeps every
    // access apart, and no code of the app runs or is released with it held (`StreamBacklog` swaps
    // buffers and parks a producer, and the producer is resumed after the lock is released).
    // Unchecked because the run-time check cost each element a call.
    @exclusivity(unchecked) final var backlog = Backlog(capacity: CompletionInbox.streamBacklogCapacity)
    /// What the main actor took from the backlog and has not delivered yet, from `takenFrom` on:
    /// a turn of the drain that is up leaves the rest to the next.
    @MainActor final var taken: [EffectOutcome] = []
    @MainActor final var takenFrom = 0

    /// The outcomes of a stream's elements waiting for the main actor, and the producer waiting for
    /// room.
    typealias Backlog = StreamBacklog<EffectOutcome, CheckedContinuation<Void, Never>>

    func outcome(of signal: StreamSignal) -> EffectOutcome { preconditionFailure("overridden") }
}

// SAFETY: Sound because its own field is immutable and `Sendable` (the chain's), and the base
// classes' comments say why theirs are sound.
@usableFromInline
final class TypedScopeStreamBody<S: Scope>: StreamScopeEffectBody, @unchecked Sendable {
    let chain: StreamChain<S.When>

    @usableFromInline
    init(chain: StreamChain<S.When>) {
        self.chain = chain
    }

    override var pristine: any Effect { chain.pristine }

    override func complete(_ outcome: Any) -> EffectOutcome {
        // A one-shot completion handed to a stream: only its end can be fed this way.
        self.outcome(of: .end(.finished))
    }

    override func outcome(of signal: StreamSignal) -> EffectOutcome {
        do {
            guard let when = try chain.transform(signal) else { return .nothing }
            if let animation = chain.animation {
                return .sending(when, to: S.self, inside: animation, of: chain.pristine)
            }
            // Checked, as in `TypedScopeEffectBody.complete(_:)`.
            return .deliver { scope in (scope as? S)?.send(when) }
        } catch {
            return .failed(error)
        }
    }

    override func run() async {
        let end: StreamEnd
        // Seen through its non-generic base class: the closure below then captures no metatype.
        let body: StreamScopeEffectBody = self
        do {
            // Elements post one by one, in order, to the stream's own backlog in the inbox every
            // effect shares: the main actor takes them in batches, and drops them once the stream
            // was cancelled. The stream waits while its backlog is full, unless a closure's
            // synchronous `yield` posts, which cannot.
            let stream = attachedPristine.flatMap { $0 as? any StreamEffect } ?? chain.pristine
            try await stream.emitBoxed(
                { element in
                    let inbox = CompletionInbox.shared
                    if inbox.post(element: body.outcome(of: .element(element)), of: body) {
                        await inbox.waitForRoom(in: body)
                    }
                },
                now: { element in
                    _ = CompletionInbox.shared.post(element: body.outcome(of: .element(element)), of: body)
                })
            end = .finished
        } catch {
            end = .failed(error)
        }
        let outcome = Task.isCancelled ? EffectOutcome.nothing : self.outcome(of: .end(end))
        CompletionInbox.shared.post(end: outcome, of: self)
    }
}
