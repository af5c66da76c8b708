/// Virtual time: the clock test plans run recorded effects on. It starts at zero, moves only when a
/// plan says time passes, and starts the delayed effects that become due.
extension ScopeRuntime {
    /// How much virtual time has passed since the plan's line started.
    package private(set) static var virtualTime: Duration = .zero

    /// The runtimes holding scheduled effects, held weakly: a released scope's effects are gone.
    private static var scheduling: [WeakRuntime] = []

    /// Starts virtual time again from zero, forgetting what was scheduled.
    package static func resetVirtualTime() {
        virtualTime = .zero
        scheduling.removeAll()
    }

    /// Moves virtual time forward; the scheduled effects due by then start, in the order they
    /// become due.
    package static func advanceVirtualTime(by duration: Duration) {
        virtualTime += duration
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
        effects.schedule(id, until: Self.virtualTime + delay)
        if !wasScheduling { Self.scheduling.append(WeakRuntime(runtime: self)) }
    }
}

/// A runtime held weakly.
private struct WeakRuntime {
    weak var runtime: ScopeRuntime?
}
