@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

/// A test plan's virtual time for the scopes that wait on one ``EffectClock``: it starts at zero
/// with each line of the plan, moves only when the plan says time passes, and starts the delayed
/// effects that become due.
///
/// Each line has one for its tree (the clock the plan provides, which the scopes read where nothing
/// injects one), and one more for each clock a subtree injects, made the first time a scope there
/// needs it: the line's clock keeps them, so a plan lets time pass for one subtree and not another,
/// as a live run with two manual clocks does. A line's clocks belong to its tree and go with it:
/// nothing of one line's time reaches another line, another plan or a live tree.
@MainActor
package final class PlanClock {
    /// How much time has passed on this clock since the line started.
    package private(set) var now: Duration = .zero {
        didSet { reading.withLock { $0 = now } }
    }
    /// `now`, for the ``EffectClock`` that the line's updates read, which may be read off the main
    /// actor.
    private let reading = CriticalState<Duration>(.zero)
    /// The runtimes holding effects scheduled on this clock, held weakly (a released scope's
    /// effects are gone).
    private var scheduling: [WeakRuntime] = []
    /// The recorded timers, which tick as the time passes, the next to tick first.
    private var timers = TimerQueue()
    /// What runs at an instant of this clock (the end of a store's write window, of a recorded
    /// wait), the earliest first, in the order asked for one instant.
    private var alarms: [PlanAlarm] = []
    /// The clocks of the subtrees that inject an ``EffectClock`` of their own, by that clock's
    /// identity, which they hold: only the line's clock has any.
    private var subtreeClocks: [ObjectIdentifier: (identity: AnyObject, clock: PlanClock)] = [:]
    /// The line's clock, which keeps this one: itself for the line's own. What is timed on one
    /// line's clocks (a store's write window) tells them from another line's by it.
    package private(set) weak var line: PlanClock?

    /// A line's clock.
    package init() {
        line = self
    }

    private init(line: PlanClock) {
        self.line = line
    }

    /// Where a plan's time stops: time passing beyond it, which no live clock reaches, leaves the
    /// clock here rather than overflowing `Duration`.
    package static let latestTime: Duration = .seconds(Int64.max)

    /// The most ticks, and delayed events, one passage of the time delivers: more (a millisecond
    /// timer over a century, an event enqueuing itself again every millisecond) would hold the plan
    /// for hours, so the step fails instead (see ``timerTicks(within:limit:)``).
    package static let mostTicksAtOnce = 1_000_000

    /// An ``EffectClock`` whose time is this clock's: what a plan's scopes read with `@Injected`.
    /// Nothing in a plan sleeps on it (effects do not run there); a sleep on it lasts until its task
    /// is cancelled.
    package var effectClock: EffectClock { EffectClock(planClock: self, time: reading) }

    /// The clock that stands, in this line, for `injected`, a clock a subtree injected: the plan
    /// clock `injected` belongs to, if it is a plan clock's, else one of its own, made the first
    /// time it is asked for.
    func clock(standingFor injected: EffectClock) -> PlanClock {
        if let planClock = injected.planClock { return planClock }
        let key = ObjectIdentifier(injected.identity)
        if let known = subtreeClocks[key] { return known.clock }
        let clock = PlanClock(line: self)
        subtreeClocks[key] = (injected.identity, clock)
        return clock
    }

    /// `duration` from now, on this clock, or ``latestTime`` if that is later; `now` is between zero
    /// and the latest, and a wait is not negative, so nothing here overflows.
    package func later(by duration: Duration) -> Duration {
        duration >= Self.latestTime - now ? Self.latestTime : now + duration
    }

    /// Runs `action` when the plan moves this clock to `due` or past it, at that instant: after what
    /// was asked for earlier instants, or earlier for the same one. Forgotten with the line.
    package func at(_ due: Duration, _ action: @escaping @MainActor () -> Void) {
        setAlarm(PlanAlarm(due: due, sends: false, action: action))
    }

    /// Runs `end`, which ends an effect and may so send an event, as ``at(_:_:)`` runs an action;
    /// it counts towards the limit of events one passage of time delivers.
    func endEffect(at due: Duration, _ end: @escaping @MainActor () -> Void) {
        setAlarm(PlanAlarm(due: due, sends: true, action: end))
    }

    private func setAlarm(_ alarm: PlanAlarm) {
        let index = alarms.firstIndex { $0.due > alarm.due } ?? alarms.endIndex
        alarms.insert(alarm, at: index)
    }

    /// Holds `runtime`'s effects scheduled on this clock until their start: the runtime is asked
    /// for them as the time passes. Called when the runtime schedules its first effect here.
    func schedules(_ runtime: ScopeRuntime) {
        scheduling.append(WeakRuntime(runtime: runtime))
    }

    /// Queues a recorded timer, unless it never ticks before the plan's time ends.
    func queue(_ timer: VirtualTimer) {
        var timer = timer
        guard let first = timer.nextTick else { return }
        timer.due = first
        timers.insert(timer)
    }

    /// How many ticks the recorded timers would deliver were the time to pass by `duration`,
    /// counting no further than `limit`: the ticks' own handling may enqueue or cancel timers, so
    /// this is what the timers running now would deliver.
    package func timerTicks(within duration: Duration, limit: Int = mostTicksAtOnce) -> Int {
        let target = later(by: duration)
        var total = 0
        for timer in timers.all where timer.isAlive {
            guard timer.due <= target else { continue }
            // Whole intervals from the next tick to the target, plus that tick.
            let count = (target - timer.due) / timer.interval
            guard count < Double(limit) else { return limit + 1 }
            total += Int(count) + 1
            if total > limit { return total }
        }
        return total
    }

    /// Moves the time forward, up to ``latestTime``; the scheduled effects due by then start, in the
    /// order they become due, and the alarms due run (see ``at(_:_:)``).
    ///
    /// The recorded timers tick on the way, each tick at its instant, and the delayed events due are
    /// sent, each at its instant: the effects due before a tick start first, and what handling a
    /// tick or an event enqueues or cancels holds for what comes after it. Returns false when the
    /// ticks and events went past `limit` (timers that their ticks started, an event that enqueues
    /// itself again, say): time then stops at the last one delivered.
    @discardableResult
    package func advance(by duration: Duration, limit: Int = mostTicksAtOnce) -> Bool {
        let target = later(by: duration)
        var delivered = 0
        while let timer = timers.popFirst(dueBy: target) {
            guard timer.isAlive else { continue }
            guard startDue(by: timer.due, delivered: &delivered, limit: limit), delivered < limit else {
                timers.insert(timer)
                return false
            }
            delivered += 1
            now = timer.due
            var ticked = timer
            ticked.ticks += 1
            // Queued again before its tick is handled: a cancellation there leaves it dead in the
            // queue, dropped when it comes up.
            if let next = ticked.nextTick {
                ticked.due = next
                timers.insert(ticked)
            }
            ticked.runtime?.deliverTick(ticked)
        }
        guard startDue(by: target, delivered: &delivered, limit: limit) else { return false }
        now = target
        return true
    }

    /// Starts the scheduled effects due by `bound` and runs the alarms due by then, in the order
    /// they become due (an alarm before an effect due at the same instant), the clock at each one's
    /// instant: a delayed event is sent then, and what its update enqueues is measured from there,
    /// and starts within this call if it is due by `bound` too; an alarm may ask for another, which
    /// runs too if due by then. Counts the events sent in `delivered`; returns false, leaving the
    /// clock at the last one, once that reached `limit`.
    private func startDue(by bound: Duration, delivered: inout Int, limit: Int) -> Bool {
        while true {
            let scheduled = firstScheduled(dueBy: bound)
            if let alarm = alarms.first, alarm.due <= bound, scheduled.map({ alarm.due <= $0.0 }) ?? true {
                if alarm.sends {
                    guard delivered < limit else { return false }
                    delivered += 1
                }
                alarms.removeFirst()
                now = max(now, alarm.due)
                alarm.action()
                continue
            }
            guard let (due, runtime) = scheduled else { return true }
            guard delivered < limit else { return false }
            now = max(now, due)
            delivered += runtime.startDue(at: due, on: self)
        }
    }

    /// The runtime whose scheduled effect is due first, by `bound`, and when; the list of runtimes
    /// keeps each runtime that still schedules something, once.
    private func firstScheduled(dueBy bound: Duration) -> (Duration, ScopeRuntime)? {
        guard !scheduling.isEmpty else { return nil }
        // Taken out while the runtimes are read.
        var listed: [WeakRuntime] = []
        swap(&listed, &scheduling)
        var kept: [WeakRuntime] = []
        var seen: Set<ObjectIdentifier> = []
        var first: (Duration, ScopeRuntime)?
        for item in listed {
            guard let runtime = item.runtime, let due = runtime.effects.nextScheduledStart(on: self),
                seen.insert(ObjectIdentifier(runtime)).inserted
            else { continue }
            kept.append(item)
            if due <= bound, first.map({ due < $0.0 }) ?? true { first = (due, runtime) }
        }
        scheduling = kept
        return first
    }
}

/// Something to run at an instant of a plan's time.
private struct PlanAlarm {
    let due: Duration
    /// Whether it ends an effect, which may send an event: such alarms count towards the limit of
    /// what one passage of time delivers.
    let sends: Bool
    let action: @MainActor () -> Void
}

/// A runtime held weakly.
struct WeakRuntime {
    weak var runtime: ScopeRuntime?
}
