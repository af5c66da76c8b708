@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// An event a scope sends itself once a delay has passed: what
/// ``ScopeEffects/enqueue(_:after:key:)`` lists in ``ScopeEffects/effects`` while the event waits.
///
/// A test compares it like any effect: a plan checks that one waits with
/// `THEN_Enqueued(DelayedEvent(SearchScreen.When.querySettled, after: .milliseconds(300)))` or
/// `THEN_Scheduled(DelayedEvent<SearchScreen.When>.self)`.
public struct DelayedEvent<Event: Sendable>: Effect {
    /// The event sent once ``delay`` has passed.
    public let event: Event
    /// How long the event waits, on the scope's ``EffectClock``, as it was enqueued.
    public let delay: Duration

    /// The value ``ScopeEffects/enqueue(_:after:key:)`` lists for `event` enqueued with `delay`; a
    /// test makes one to compare with it.
    public init(_ event: Event, after delay: Duration) {
        self.event = event
        self.delay = delay
    }

    /// Waits for ``delay`` on the clock the enqueuing scope sees, then returns ``event``. Enqueued
    /// with ``ScopeEffects/enqueue(_:after:key:)``, the event never runs this: the scope's runtime
    /// waits, and the event is scheduled, not started, until it is sent.
    public func runEffect() async throws -> Event {
        let clock = DependencySnapshot.current?.value(of: EffectClock.self) ?? .defaultValue
        try await clock.sleep(for: delay)
        return event
    }
}

extension DelayedEvent: Equatable where Event: Equatable {}
