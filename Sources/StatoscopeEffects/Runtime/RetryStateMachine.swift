import Foundation

/// The attempts of one effect enqueued with a ``RetryPolicy``, as plain data: told how each attempt
/// ended, it says whether to deliver that outcome or to wait and try again.
///
/// It decides; waiting and running attempts is the caller's job (a task live, the plan's virtual
/// clock in a test plan), so every decision can be tested without a task or a clock.
package struct RetryStateMachine: Sendable {
    /// What to do with the outcome of the attempt that just ended.
    package enum Action: Equatable, Sendable {
        /// Deliver it: a success, a failure the policy gives up on, or the last attempt's failure.
        case deliver
        /// Drop it, wait this long, then run the next attempt.
        case retry(after: Duration)
    }

    private let policy: RetryPolicy
    /// The attempt running, or that just ended: 1 for the first.
    package private(set) var attempt = 1
    /// Draws the jitter; nil when the waits are exactly the policy's.
    private var jitter: JitterSource

    private enum JitterSource: Sendable {
        case none
        case system
        case seeded(SeededGenerator)
    }

    /// The attempts of an effect under `policy`; on virtual time (a test plan), unseeded jitter is
    /// none, so that a plan states each wait.
    package init(policy: RetryPolicy, onVirtualTime: Bool) {
        self.policy = policy
        if policy.jitter.boundedFraction == 0 {
            jitter = .none
        } else if let seed = policy.jitter.seed {
            jitter = .seeded(SeededGenerator(seed: seed))
        } else {
            jitter = onVirtualTime ? .none : .system
        }
    }

    /// The number of attempts the policy allows: at least one.
    package var maxAttempts: Int { max(policy.maxAttempts, 1) }

    /// The attempt ended, with `failure` or, when nil, a success. A retry moves to the next attempt.
    package mutating func attemptEnded(failure: (any Error)?) -> Action {
        // A cancellation is never retried: whoever cancelled the work wants it to stop, whether it
        // was the effect's task or the work it called (a request whose session was invalidated).
        guard let failure, attempt < maxAttempts, !(failure is CancellationError) else { return .deliver }
        let wait: Duration
        switch policy.retryIf(failure) {
        case .giveUp:
            return .deliver
        case .retryAfter(let serverWait):
            wait = EffectClock.boundedWait(serverWait)
        case .retry:
            wait = jittered(backoff(afterFailure: attempt))
        }
        attempt += 1
        return .retry(after: wait)
    }

    /// The policy's wait after the `failure`th failure: the initial delay times the multiplier to the
    /// power `failure - 1`, at most the cap, to the nanosecond. A multiplier below one shrinks the
    /// waits, zero (and a negative one, which counts as zero) retries at once after the first wait.
    private func backoff(afterFailure failure: Int) -> Duration {
        let cap = EffectClock.boundedWait(policy.maxDelay)
        let initial = min(EffectClock.boundedWait(policy.initialDelay), cap)
        let multiplier = policy.multiplier.isNaN ? 1 : max(policy.multiplier, 0)
        // In nanoseconds, as a `Double`: exact for the waits people choose (a whole number of
        // nanoseconds times a power of two stays exact below about 104 days), and the cap bounds it,
        // so the conversion back cannot overflow. Past the cap, the cap itself, exactly.
        let grown = nanoseconds(initial) * pow(multiplier, Double(failure - 1))
        let capNanoseconds = nanoseconds(cap)
        guard grown < capNanoseconds else { return cap }
        return .nanoseconds(Int64(grown.rounded()))
    }

    /// `wait` shortened by a random part of up to the jitter's fraction of it.
    private mutating func jittered(_ wait: Duration) -> Duration {
        let unit: Double
        switch jitter {
        case .none:
            return wait
        case .system:
            unit = Double.random(in: 0..<1)
        case .seeded(var generator):
            unit = Double.random(in: 0..<1, using: &generator)
            jitter = .seeded(generator)
        }
        let cut = (nanoseconds(wait) * policy.jitter.boundedFraction * unit).rounded(.down)
        return wait - .nanoseconds(Int64(cut))
    }

    private func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds / 1_000_000_000)
    }
}

/// A small generator that a seed makes deterministic: the same jitter on every run.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    // SplitMix64, whose constants spread consecutive seeds across the whole range.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
