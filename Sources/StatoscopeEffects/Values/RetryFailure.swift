/// How an effect enqueued with a ``RetryPolicy`` fails: the last attempt's error, and how many
/// attempts were made.
///
/// Every failure such an effect delivers is one, whether the policy gave up at once (a 404), the
/// attempts ran out, or the work threw a `CancellationError` (never retried). `mapToResult()` delivers
/// it as the `.failure`:
///
/// <!-- compiled in a function -->
/// ```swift
/// func message(for error: any Error) -> String {
///     guard let failure = error as? RetryFailure else { return "\(error)" }
///     return "\(failure.error), after \(failure.attempts) attempts"
/// }
/// ```
///
/// It prints as its error does, so that text made from the error reads as before. It is `Equatable`:
/// two are equal when their attempt counts are, and their errors are of one type and equal (by value,
/// or by description for an error that is not `Equatable`), as for ``StreamEnd``.
/// ``Effect/mapToResultWithError(_:)-(Failure.Type)`` keeps an error of the type it expects that a
/// `RetryFailure` carries.
public struct RetryFailure: Error, Equatable {
    /// How many attempts ran, the first included: at least one.
    public let attempts: Int
    /// What the last attempt failed with, as the effect threw it.
    public let error: any Error

    /// A failure as the library delivers it; a test makes one to compare with what its scope received.
    public init(attempts: Int, error: any Error) {
        self.attempts = attempts
        self.error = error
    }

    /// Whether two failures are the same, as the type's documentation says.
    public static func == (lhs: RetryFailure, rhs: RetryFailure) -> Bool {
        lhs.attempts == rhs.attempts && isSameError(lhs.error, rhs.error)
    }
}
