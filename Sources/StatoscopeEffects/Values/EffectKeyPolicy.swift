@_spi(StatoscopeInternals) import StatoscopeCore

/// What happens when an effect is enqueued with a key that an effect in flight already has.
public enum EffectKeyPolicy: Sendable {
    /// Cancel the older effect and run the new one: search-as-you-type, refresh.
    ///
    /// The older effect is cancelled once the update that enqueued the new one returns; an update
    /// that throws leaves it running.
    case cancelOlder
    /// Keep the older effect and drop the new one: a request that must not be sent twice.
    case keepOlder
    /// Wait for a quiet period before starting: search-as-you-type that queries only once the user
    /// paused.
    ///
    /// The new effect replaces the older one as with ``cancelOlder``, then waits `quietPeriod` on the
    /// scope's ``EffectClock`` before its work starts. Each effect enqueued with the key meanwhile
    /// replaces it and waits anew, so of a burst only the last one runs, `quietPeriod` after the
    /// burst ended. While it waits, it is listed in ``ScopeEffects/effects`` and can be cancelled.
    ///
    /// A quiet period of zero or less is none: the effect starts at once, as with ``cancelOlder``.
    /// One longer than ``EffectClock/longestWait`` (a century) lasts that long.
    ///
    /// A test plan runs on virtual time: there, a debounced effect is pending but scheduled, and
    /// starts (and can be completed) once the plan let its quiet period pass; with no quiet period,
    /// it starts at once there too.
    ///
    /// To debounce a change of state, with no work to run, enqueue the event itself after the quiet
    /// period: ``ScopeEffects/enqueue(_:after:key:)``.
    case debounce(Duration)
    /// Start at most once per interval, on the leading edge: a refresh that must not hammer the
    /// server.
    ///
    /// The first effect with the key starts at once; those enqueued less than `interval` after the
    /// latest start, measured on the scope's ``EffectClock``, are dropped. One enqueued later starts,
    /// and replaces an older one with the key still in flight as with ``cancelOlder``. An update that
    /// throws starts nothing, so the interval does not restart. In a test plan, the interval runs on
    /// the plan's virtual clock.
    ///
    /// An interval runs between two instants of one clock: after a scope above injects another
    /// ``EffectClock``, the next effect with the key starts and a new interval begins on the new
    /// clock. An interval of zero or less drops nothing; one longer than ``EffectClock/longestWait``
    /// (a century) lasts that long.
    case throttle(Duration)
    /// Start at most once per interval, and the latest effect of each interval at its end: saving
    /// a position or a draft while it changes, without losing the last change.
    ///
    /// The first effect with the key starts at once and opens a window of `interval` on the scope's
    /// ``EffectClock``. One enqueued within the window waits for its end, and each newer one replaces
    /// it and waits for the same end, so of a burst only the latest starts, when the window ends;
    /// starting opens the next window. Like ``debounce(_:)``, a new effect replaces the one with its
    /// key in flight, running or waiting, as with ``cancelOlder``. While it waits, the effect is
    /// listed in ``ScopeEffects/effects`` and can be cancelled; in a test plan it is scheduled, and
    /// starts once the plan let the window pass.
    ///
    /// An interval of zero or less starts every effect at once; one longer than
    /// ``EffectClock/longestWait`` (a century) lasts that long. After a scope above injects another
    /// ``EffectClock``, the next effect starts at once and opens a window on the new clock.
    case throttleLatest(Duration)
}
