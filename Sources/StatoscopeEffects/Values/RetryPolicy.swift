/// How an effect that fails tries again: how many attempts, how long it waits between them, and
/// which failures are worth another attempt.
///
/// Enqueue the effect with it (``ScopeEffects/enqueue(_:key:ifKeyInFlight:retrying:onRetry:)``). The waits grow exponentially
/// up to a cap, on the scope's ``EffectClock``; `retryIf` sees each failure and says whether to try
/// again, and when:
///
/// <!-- compiled inside: struct HTTPStatusError: Error { let status: Int; let retryAfter: Duration? }; func retrySample() -> RetryPolicy { … } -->
/// ```swift
/// return .exponentialBackoff(
///     maxAttempts: 5, initialDelay: .milliseconds(200), maxDelay: .seconds(5)
/// ) { error in
///     guard let http = error as? HTTPStatusError else { return .retry }
///     switch http.status {
///     case 429: return http.retryAfter.map(RetryDecision.retryAfter) ?? .retry
///     case 500...: return .retry
///     default: return .giveUp  // a 404 will not get better
///     }
/// }
/// ```
///
/// No value traps: fewer than one attempt counts as one, a negative delay as zero, a delay longer
/// than ``EffectClock/longestWait`` as that long, a negative multiplier (negative infinity too) as
/// zero, and a multiplier that is not a number as one. A multiplier between zero and one follows the
/// formula: the waits shrink (0.5 waits 4, 2, then 1 second after an initial 4), and a multiplier
/// of zero retries at once after the first wait.
public struct RetryPolicy: Sendable {
    /// How many times the work runs at most, the first attempt included.
    public var maxAttempts: Int
    /// The wait after the first failure.
    public var initialDelay: Duration
    /// What each wait is multiplied by for the next one: above one the waits grow, below one they
    /// shrink.
    public var multiplier: Double
    /// The longest wait the multiplication reaches: the cap.
    public var maxDelay: Duration
    /// How the waits vary, so that many clients failing together do not retry together.
    public var jitter: RetryJitter
    /// Whether a failure is worth another attempt, and when.
    public var retryIf: @Sendable (any Error) -> RetryDecision

    /// A policy whose wait after the `n`th failure is `initialDelay` times `multiplier` to the power
    /// `n - 1`, at most `maxDelay`, shortened by `jitter`.
    ///
    /// `retryIf` sees every failure but the last attempt's and a `CancellationError`, which is never
    /// retried; by default every other failure is retried.
    public static func exponentialBackoff(
        maxAttempts: Int, initialDelay: Duration, multiplier: Double = 2, maxDelay: Duration,
        jitter: RetryJitter = .none,
        retryIf: @escaping @Sendable (any Error) -> RetryDecision = { _ in .retry }
    ) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, initialDelay: initialDelay, multiplier: multiplier,
            maxDelay: maxDelay, jitter: jitter, retryIf: retryIf)
    }
}

/// What a ``RetryPolicy`` does with one failure.
public enum RetryDecision: Sendable, Equatable {
    /// Try again after the policy's next wait.
    case retry
    /// Try again after exactly this wait, the one the server asked for (a 429's `Retry-After`); no
    /// jitter shortens it and the cap does not apply. It still counts as an attempt.
    case retryAfter(Duration)
    /// Deliver this failure now: retrying cannot help (a 404).
    case giveUp
}

/// How a ``RetryPolicy`` varies its waits.
public struct RetryJitter: Sendable, Equatable {
    /// The largest part of a wait taken off it, from 0 to 1.
    let fraction: Double
    /// The seed of the generator that draws the parts, or nil for the system's generator.
    let seed: UInt64?

    /// Every wait is exactly the policy's.
    public static let none = RetryJitter(fraction: 0, seed: nil)

    /// Each wait is shortened by a random part of up to `fraction` of it (0.2 waits between 80 % and
    /// 100 % of the policy's wait), drawn from the system's generator.
    ///
    /// A test plan runs without it: there, every wait is exactly the policy's, so that a plan states
    /// each one. A `fraction` outside 0...1 counts as the nearest end, and one that is not a number
    /// as zero.
    public static func random(upTo fraction: Double) -> RetryJitter {
        RetryJitter(fraction: fraction, seed: nil)
    }

    /// Like ``random(upTo:)``, with the parts drawn from a generator seeded with `seed`: the same
    /// waits on every run, live and in a test plan alike, attempt after attempt.
    public static func seeded(upTo fraction: Double, seed: UInt64) -> RetryJitter {
        RetryJitter(fraction: fraction, seed: seed)
    }

    /// The fraction, between 0 and 1.
    var boundedFraction: Double {
        fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
}
