@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// A stream effect that ticks every `interval` on the scope's ``EffectClock``: its elements are the
/// tick numbers, 1, 2, 3 and so on, until it is cancelled.
///
/// Tick `n` comes `n` intervals after the timer started, measured from that instant: the time the
/// app takes to handle each tick does not delay the next ones. When the main actor is busy for
/// longer than an interval, the ticks due meanwhile arrive together, none lost.
///
/// <!-- compiled inside: final class Stopwatch: Scope { var seconds = 0; enum When { case started, ticked(Int) }; func update(_ when: When) throws { switch when { … case .ticked(let n): seconds = n } } } -->
/// ```swift
/// case .started:
///     effectsState.enqueue(RepeatingTimer(every: .seconds(1)).map(When.ticked), key: "timer")
/// ```
///
/// In a test plan, the plan's clock drives it: `WHEN_TimePasses(.hours(1))` delivers all 3,600
/// ticks of a one-second timer, in order, within that one step.
///
/// An interval shorter than ``shortestInterval`` (a millisecond) ticks every millisecond.
public struct RepeatingTimer: StreamEffect, Equatable, CustomStringConvertible {
    /// The time between two ticks.
    public let interval: Duration

    /// The shortest interval a timer ticks at: one millisecond.
    public static let shortestInterval: Duration = .milliseconds(1)

    /// A timer ticking every `interval`, from the moment it starts.
    public init(every interval: Duration) {
        self.interval = interval
    }

    /// `RepeatingTimer(every: 1.0 seconds)`.
    public var description: String { "RepeatingTimer(every: \(interval))" }

    /// The interval ticked at: between ``shortestInterval`` and ``EffectClock/longestWait``.
    var tickInterval: Duration {
        min(max(interval, Self.shortestInterval), EffectClock.longestWait)
    }

    /// The ticks, on the clock the enqueuing scope sees, from now.
    public func makeElements() -> Ticks {
        let clock = DependencySnapshot.current?.value(of: EffectClock.self) ?? .defaultValue
        return Ticks(clock: clock, start: clock.now, interval: tickInterval)
    }

    /// The ticks of a ``RepeatingTimer``: tick `n` waits until `n` intervals after the start.
    public struct Ticks: AsyncSequence, Sendable {
        let clock: EffectClock
        let start: EffectClock.Instant
        let interval: Duration

        /// Iterates the ticks.
        public func makeAsyncIterator() -> Iterator {
            Iterator(ticks: self)
        }

        /// Waits for each tick in turn; ends when its task is cancelled.
        public struct Iterator: AsyncIteratorProtocol {
            let ticks: Ticks
            var count = 0

            /// The next tick's number, once its instant is reached; nil once cancelled.
            public mutating func next() async -> Int? {
                count += 1
                do {
                    try await ticks.clock.sleep(until: ticks.start.advanced(by: ticks.interval * count))
                } catch {
                    return nil
                }
                return Task.isCancelled ? nil : count
            }
        }
    }
}
