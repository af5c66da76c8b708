/// A retry about to happen: what an effect enqueued with a ``RetryPolicy`` tells its scope before
/// each wait, when the scope asks for it (`onRetry:` of ``ScopeEffects/enqueue(_:key:ifKeyInFlight:retrying:onRetry:)``).
///
/// <!-- compiled in a function -->
/// ```swift
/// func banner(for retry: RetryAttempt) -> String {
///     "retrying, attempt \(retry.number) of \(retry.maxAttempts), in \(retry.delay)"
/// }
/// ```
///
/// It is `Equatable`, so an event that carries it keeps the scope's `When` comparable: two are equal
/// when their numbers, counts and delays are, and their errors are of one type and equal (by value,
/// or by description for an error that is not `Equatable`), as for ``StreamEnd``.
public struct RetryAttempt: Sendable, Equatable {
    /// The attempt that starts once ``delay`` has passed: 2 for the first retry.
    public let number: Int
    /// How many attempts the policy allows, the first included: ``number`` never exceeds it.
    public let maxAttempts: Int
    /// What the attempt before this one failed with, as the effect threw it.
    public let error: any Error
    /// How long the effect waits, on the scope's ``EffectClock``, before this attempt starts.
    public let delay: Duration

    /// A retry as the library tells it; a test makes one to compare with what its scope received.
    public init(number: Int, maxAttempts: Int, error: any Error, delay: Duration) {
        self.number = number
        self.maxAttempts = maxAttempts
        self.error = error
        self.delay = delay
    }

    /// Whether two retries are the same, as the type's documentation says.
    public static func == (lhs: RetryAttempt, rhs: RetryAttempt) -> Bool {
        lhs.number == rhs.number && lhs.maxAttempts == rhs.maxAttempts && lhs.delay == rhs.delay
            && isSameError(lhs.error, rhs.error)
    }
}
