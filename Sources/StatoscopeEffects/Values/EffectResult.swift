@_spi(StatoscopeInternals) import StatoscopeCore

/// What an effect mapped with ``Effect/mapToResult()->AnyEffect<EffectResult<Self.ResultType>>`` delivers when the event that receives it is
/// `Codable`: its result, or the error it threw as a ``EffectFailure``.
///
/// `Result<_, any Error>` cannot be encoded, so an event carrying one keeps its scope out of
/// analytics and recordings. Give the case an `EffectResult` instead; the same `mapToResult()`
/// produces it:
///
/// <!-- compiled inside: struct Profile: Codable, Sendable { var name: String }; struct LoadProfile: Effect { func runEffect() async throws -> Profile { Profile(name: "Ada") } }; final class ProfileDetail: Scope { func update(_ when: When) throws {}; func sample() { effectsState.enqueue(LoadProfile().mapToResult().map(When.profileLoaded)) } } … -->
/// ```swift
/// enum When: Codable, TrackedWhen {
///     case profileLoaded(EffectResult<Profile>)
/// }
/// ```
public enum EffectResult<Success> {
    /// The effect returned this.
    case success(Success)
    /// The effect threw; the error kept as text.
    case failure(EffectFailure)

    /// The result as a Swift `Result`.
    public var result: Result<Success, EffectFailure> {
        switch self {
        case .success(let value): .success(value)
        case .failure(let failure): .failure(failure)
        }
    }

    /// The value, or the failure thrown.
    public func get() throws(EffectFailure) -> Success {
        try result.get()
    }
}

extension EffectResult: Sendable where Success: Sendable {}
extension EffectResult: Equatable where Success: Equatable {}
extension EffectResult: Hashable where Success: Hashable {}
extension EffectResult: Encodable where Success: Encodable {}
extension EffectResult: Decodable where Success: Decodable {}

/// An error an effect threw, as text that encodes, compares and replays: its type's name and its
/// description.
public struct EffectFailure: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The thrown error's type: `URLError`, `ServerError`.
    public let type: String
    /// The thrown error's description, rendered by the library's rule: sensitive values redacted.
    public let message: String

    /// Keeps `error`'s type and description.
    public init(_ error: any Error) {
        if let failure = error as? EffectFailure {
            self = failure
            return
        }
        type = String(describing: Swift.type(of: error))
        message = Redaction.describe(error)
    }

    /// A failure with this type name and message, as a test expects it.
    public init(type: String, message: String) {
        self.type = type
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension Effect {
    /// Turns the result into an ``EffectResult``: errors thrown become a `.failure` with the error as
    /// text, so the event that receives it can be `Codable`, tracked and recorded. Chosen when the
    /// receiving case takes an `EffectResult`; otherwise `mapToResult()` makes a `Result`.
    @inlinable
    @_disfavoredOverload
    public func mapToResult() -> AnyEffect<EffectResult<ResultType>> {
        mapToResultWithError { EffectFailure($0) }.map { result in
            switch result {
            case .success(let value): .success(value)
            case .failure(let failure): .failure(failure)
            }
        }
    }
}
