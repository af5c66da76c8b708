/// The body of a stream effect, whatever its scope's type.
@usableFromInline
class StreamScopeEffectBody: ScopeEffectBody, @unchecked Sendable {
    func outcome(of signal: StreamSignal) -> EffectOutcome { preconditionFailure("overridden") }
}

// Immutable, and its chain is `Sendable`.
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
            try await chain.pristine.emitBoxed { element in
                // Elements post one by one, in order, to the inbox every effect shares: the main
                // actor takes them in batches, and drops them once the stream was cancelled.
                CompletionInbox.shared.post(
                    body: body, outcome: body.outcome(of: .element(element)), isFinal: false)
            }
            end = .finished
        } catch {
            end = .failed(error)
        }
        let outcome = Task.isCancelled ? EffectOutcome.nothing : self.outcome(of: .end(end))
        CompletionInbox.shared.post(body: self, outcome: outcome, isFinal: true)
    }
}
