/// Virtual time: the clock test plans run recorded effects on. It starts at zero, moves only when a
/// plan says time passes, and starts the delayed effects that become due.
extension ScopeRuntime {
    /// How much virtual time has passed since the plan's line started.
    package private(set) static var virtualTime: Duration = .zero

    /// Where virtual time stops: time passing beyond it, which no live clock reaches, leaves the
    /// clock here rather than overflowing `Duration`.
    package static let latestVirtualTime: Duration = .seconds(Int64.max)

    /// The runtimes holding scheduled effects, held weakly: a released scope's effects are gone.
    private static var scheduling: [WeakRuntime] = []

    /// Starts virtual time again from zero, forgetting what was scheduled.
    package static func resetVirtualTime() {
        virtualTime = .zero
        scheduling.removeAll()
    }

    /// Moves virtual time forward, up to ``latestVirtualTime``; the scheduled effects due by then
    /// start, in the order they become due.
    package static func advanceVirtualTime(by duration: Duration) {
        virtualTime = later(virtualTime, by: duration)
        let runtimes = scheduling.compactMap(\.runtime)
        scheduling.removeAll()
        for runtime in runtimes {
            _ = runtime.effects.startDue(at: virtualTime)
            if runtime.effects.hasScheduled { scheduling.append(WeakRuntime(runtime: runtime)) }
        }
    }

    /// Holds a recorded effect until virtual time has moved `delay` past now.
    func schedule(_ id: EffectID, after delay: Duration) {
        let wasScheduling = effects.hasScheduled
        effects.schedule(id, until: Self.later(Self.virtualTime, by: delay))
        if !wasScheduling { Self.scheduling.append(WeakRuntime(runtime: self)) }
    }

    /// `duration` after `time`, or ``latestVirtualTime`` if that is later; `time` is virtual time,
    /// between zero and the latest, and `duration` is not negative, so nothing here overflows.
    private static func later(_ time: Duration, by duration: Duration) -> Duration {
        duration >= latestVirtualTime - time ? latestVirtualTime : time + duration
    }
}

/// A runtime held weakly.
private struct WeakRuntime {
    weak var runtime: ScopeRuntime?
}
