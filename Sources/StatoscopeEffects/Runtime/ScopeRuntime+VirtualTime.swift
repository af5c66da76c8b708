@_spi(StatoscopeInternals) import StatoscopeCore

/// Virtual time: the clock test plans run recorded effects on. It starts at zero, moves only when a
/// plan says time passes, and starts the delayed effects that become due.
extension ScopeRuntime {
    /// How much virtual time has passed since the plan's line started.
    package static var virtualTime: Duration { virtualClock.now }

    /// The plan's clock: the time, and the runtimes holding scheduled effects, held weakly (a
    /// released scope's effects are gone).
    private struct VirtualClock {
        var now: Duration = .zero
        var scheduling: [WeakRuntime] = []
        /// The recorded timers, which tick as the plan's time passes.
        var timers: [VirtualTimer] = []
    }

    // Global because virtual time is: one clock for the plan's whole tree.
    // SAFETY: Sound because only the main actor touches it and no access spans other code: the list
    // is taken out before the runtimes in it start their due effects, and a runtime is appended by
    // a caller that holds it.
    @exclusivity(unchecked) private static var virtualClock = VirtualClock()

    /// Where virtual time stops: time passing beyond it, which no live clock reaches, leaves the
    /// clock here rather than overflowing `Duration`.
    package static let latestVirtualTime: Duration = .seconds(Int64.max)

    /// Starts virtual time again from zero, forgetting what was scheduled.
    package static func resetVirtualTime() {
        virtualClock = VirtualClock()
    }

    /// Moves virtual time forward, up to ``latestVirtualTime``; the scheduled effects due by then
    /// start, in the order they become due.
    ///
    /// The recorded timers tick on the way, each tick at its instant: the effects due before a tick
    /// start first, and what handling a tick enqueues or cancels holds for the ticks after it.
    package static func advanceVirtualTime(by duration: Duration) {
        let target = later(virtualTime, by: duration)
        while let (index, instant) = nextTick(by: target) {
            startDue(at: instant)
            virtualClock.now = instant
            virtualClock.timers[index].ticks += 1
            let timer = virtualClock.timers[index]
            timer.runtime?.deliverTick(timer)
        }
        startDue(at: target)
        virtualClock.now = target
    }

    /// Starts the scheduled effects due by `now`.
    private static func startDue(at now: Duration) {
        guard !virtualClock.scheduling.isEmpty else { return }
        var due: [WeakRuntime] = []
        swap(&due, &virtualClock.scheduling)
        for runtime in due.compactMap(\.runtime) {
            _ = runtime.effects.startDue(at: now)
            if runtime.effects.hasScheduled { virtualClock.scheduling.append(WeakRuntime(runtime: runtime)) }
        }
    }

    /// Holds a recorded effect until virtual time has moved `delay` past now.
    func schedule(_ id: EffectID, after delay: Duration) {
        let wasScheduling = effects.hasScheduled
        effects.schedule(id, until: Self.later(Self.virtualTime, by: delay))
        if !wasScheduling { Self.virtualClock.scheduling.append(WeakRuntime(runtime: self)) }
    }

    /// `duration` after `time`, or ``latestVirtualTime`` if that is later; `time` is virtual time,
    /// between zero and the latest, and `duration` is not negative, so nothing here overflows.
    private static func later(_ time: Duration, by duration: Duration) -> Duration {
        duration >= latestVirtualTime - time ? latestVirtualTime : time + duration
    }
}

/// A runtime held weakly.
struct WeakRuntime {
    weak var runtime: ScopeRuntime?
}

/// A timer a test plan recorded: it ticks on the plan's clock.
struct VirtualTimer {
    weak var runtime: ScopeRuntime?
    let id: EffectID
    /// When its first interval began, on the plan's clock.
    let start: Duration
    let interval: Duration
    /// The ticks delivered so far.
    var ticks = 0

    /// When its next tick is due, or nil past the plan's latest time.
    @MainActor
    var nextTick: Duration? {
        // The interval is a millisecond at least and the plan's time ends at `Int64.max` seconds:
        // a tick count that far is about 10^22, and the product stays well inside `Duration`.
        let offset = interval * (ticks + 1)
        guard offset <= ScopeRuntime.latestVirtualTime - start else { return nil }
        return start + offset
    }
}

extension ScopeRuntime {
    /// The most ticks one passage of the plan's time delivers: more (a millisecond timer over a
    /// century) would hold the plan for hours, so the step fails instead (see ``timerTicks(within:)``).
    package static let mostTicksAtOnce = 1_000_000

    /// Starts ticking a recorded timer on the plan's clock, its first interval beginning `delay` from
    /// now.
    func startTimer(_ id: EffectID, _ timer: RepeatingTimer, after delay: Duration) {
        Self.virtualClock.timers.append(
            VirtualTimer(
                runtime: self, id: id, start: Self.later(Self.virtualTime, by: delay),
                interval: timer.tickInterval))
    }

    /// How many ticks the recorded timers would deliver were the plan's time to pass by `duration`,
    /// counting no further than `limit`: the ticks' own handling may enqueue or cancel timers, so
    /// this is what the timers running now would deliver.
    package static func timerTicks(within duration: Duration, limit: Int = mostTicksAtOnce) -> Int {
        let target = later(virtualTime, by: duration)
        var total = 0
        for timer in virtualClock.timers where timer.isAlive {
            guard let next = timer.nextTick, next <= target else { continue }
            // Whole intervals from the next tick to the target, plus that tick.
            let count = (target - next) / timer.interval
            guard count < Double(limit) else { return limit + 1 }
            total += Int(count) + 1
            if total > limit { return total }
        }
        return total
    }

    /// The timer whose next tick comes first, by `target`, and when; drops the timers that ended.
    private static func nextTick(by target: Duration) -> (Int, Duration)? {
        guard !virtualClock.timers.isEmpty else { return nil }
        virtualClock.timers.removeAll { !$0.isAlive }
        var earliest: (Int, Duration)?
        for (index, timer) in virtualClock.timers.enumerated() {
            guard let next = timer.nextTick, next <= target else { continue }
            if earliest == nil || next < earliest!.1 { earliest = (index, next) }
        }
        return earliest
    }

    /// Delivers a recorded timer's latest tick, through its map chain.
    private func deliverTick(_ timer: VirtualTimer) {
        guard let entry = effects.entry(timer.id), entry.phase == .running else { return }
        deliverElement(timer.id, outcome: entry.payload.element(timer.ticks))
    }
}

extension VirtualTimer {
    /// Whether its scope is there and the timer is still in flight: not cancelled, nor ended.
    @MainActor
    var isAlive: Bool {
        guard let runtime else { return false }
        return runtime.effects.entry(id) != nil
    }
}
