@_spi(StatoscopeInternals) import StatoscopeCore

/// A scope's part in a test plan's time: the clock its recorded effects wait on, and their starts.
extension ScopeRuntime {
    /// The plan clock this scope's effects wait on while a test plan runs: the one that stands for
    /// the ``EffectClock`` the scope reads (the plan's own, or the one a plan gives the clock its
    /// subtree injects). Nil where no plan provides a clock (a scope outside the plan's tree): its
    /// recorded waits then never end.
    package var planClock: PlanClock? { resolve(EffectClock.self).planClock }

    /// Starts this runtime's effects scheduled on `clock` due by `now`, sending the delayed events
    /// among them; returns how many it sent.
    func startDue(at now: Duration, on clock: PlanClock) -> Int {
        var sent = 0
        for entry in effects.startDue(at: now, on: clock) {
            if let arrival = arrivalOnStart(entry.id, entry.payload) {
                arrival()
                sent += 1
            }
        }
        return sent
    }

    /// Holds a recorded effect until the scope's plan clock has moved `delay` past now; outside a
    /// plan's tree, for ever.
    func schedule(_ id: EffectID, after delay: Duration) {
        guard let clock = planClock else {
            effects.schedule(id, until: PlanClock.latestTime, on: nil)
            return
        }
        let wasScheduling = effects.nextScheduledStart(on: clock) != nil
        effects.schedule(id, until: clock.later(by: delay), on: clock)
        if !wasScheduling { clock.schedules(self) }
    }
}
