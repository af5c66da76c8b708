/// A pristine effect and the synchronous chain of transforms from its outcome to a result.
///
/// Keeping the transforms synchronous and apart from the work lets a test feed a result it chose
/// through the same `map` chain the live run uses, without running the effect.
///
/// `map` and `enqueue` are inlinable so that a chain is built in the module that enqueues the
/// effect, specialised for its concrete types: unspecialised, every `map` and every `enqueue` looked
/// up generic metadata and cast dynamically at run time.
@usableFromInline
struct EffectChain<ResultType>: Sendable {
    /// The effect as first enqueued.
    @usableFromInline let pristine: any Effect
    /// From the pristine effect's outcome, a `Result<Pristine.ResultType, any Error>`, to the result.
    @usableFromInline let transform: @Sendable (Any) throws -> ResultType

    @inlinable
    init(pristine: any Effect, transform: @escaping @Sendable (Any) throws -> ResultType) {
        self.pristine = pristine
        self.transform = transform
    }

    /// Runs the pristine effect, then the chain.
    func run() async throws -> ResultType {
        try transform(await pristine.outcome())
    }
}

extension Effect {
    /// This effect as a pristine effect with its chain of transforms.
    @inlinable
    var chain: EffectChain<ResultType> {
        if let erased = self as? AnyEffect<ResultType>, let chain = erased.mappedChain {
            return chain
        }
        return EffectChain(pristine: self, transform: Self.successValue(of:))
    }

    /// Runs the effect and boxes what happened, for a chain to transform.
    func outcome() async -> Any {
        do {
            return Result<ResultType, any Error>.success(try await runEffect())
        } catch {
            return Result<ResultType, any Error>.failure(error)
        }
    }

    /// The value of a boxed outcome of this effect, or the error it failed with.
    @usableFromInline
    static func successValue(of outcome: Any) throws -> ResultType {
        guard let result = outcome as? Result<ResultType, any Error> else {
            throw EffectOutcomeMismatch(expected: ResultType.self, actual: type(of: outcome))
        }
        return try result.get()
    }
}

/// A result handed to an effect's chain that is not of its pristine effect's result type.
package struct EffectOutcomeMismatch: Error, CustomStringConvertible {
    let expected: Any.Type
    let actual: Any.Type

    package var description: String {
        "an effect producing \(expected) was completed with \(actual)"
    }
}
