@_spi(StatoscopeInternals) import StatoscopeCore

/// Virtual time: the clock test plans run recorded effects on. It starts at zero, moves only when a
/// plan says time passes, and starts the delayed effects that become due.
extension ScopeRuntime {
    /// How much virtual time has passed since the plan's line started.
    package static var virtualTime: Duration { virtualClock.now }

    /// The plan's clock: the time, and the runtimes holding scheduled effects, held weakly (a
    /// released scope's effects are gone).
    private struct VirtualClock {
        var now: Duration = .zero {
            didSet { reading.withLock { $0 = now } }
        }
        /// `now`, for the ``EffectClock`` that the line's updates read, which may be read off the main
        /// actor: each line has its own.
        let reading = CriticalState<Duration>(.zero)
        var scheduling: [WeakRuntime] = []
        /// The recorded timers, which tick as the plan's time passes, the next to tick first.
        var timers = TimerQueue()
        /// What runs at an instant of the plan's time (the end of a store's write window), the
        /// earliest first, in the order asked for one instant.
        var alarms: [VirtualAlarm] = []
        /// Which line the clock counts, told apart from the lines before it.
        var line: UInt64 = 0
    }

    // Global because virtual time is: one clock for the plan's whole tree.
    // SAFETY: Sound because only the main actor touches it and no access spans other code: the list
    // is taken out before the runtimes in it start their due effects, an alarm is removed before it
    // runs, and a runtime is appended by a caller that holds it.
    @exclusivity(unchecked) private static var virtualClock = VirtualClock()

    /// Where virtual time stops: time passing beyond it, which no live clock reaches, leaves the
    /// clock here rather than overflowing `Duration`.
    package static let latestVirtualTime: Duration = .seconds(Int64.max)

    /// Starts virtual time again from zero, for another line, forgetting what was scheduled.
    package static func resetVirtualTime() {
        virtualClock = VirtualClock(line: virtualClock.line &+ 1)
    }

    /// An ``EffectClock`` whose time is this line's virtual time: what a plan's scopes read with
    /// `@Injected` where nothing in the tree injects a clock. Nothing in a plan sleeps on it (effects
    /// do not run there); a sleep on it lasts until its task is cancelled.
    package static var virtualEffectClock: EffectClock { EffectClock(virtualTime: virtualClock.reading) }

    /// Which line of a plan virtual time counts now: it changes each time the clock starts again,
    /// so that an instant kept from an earlier line is not taken for one of this line's.
    package static var virtualTimeLine: UInt64 { virtualClock.line }

    /// Runs `action` when a plan moves virtual time to `due` or past it, at that instant: after what
    /// was asked for earlier instants, or earlier for the same one. Forgotten when the clock starts
    /// again.
    package static func atVirtualTime(_ due: Duration, _ action: @escaping @MainActor () -> Void) {
        setAlarm(VirtualAlarm(due: due, sends: false, action: action))
    }

    /// Runs `end`, which ends an effect and may so send an event, as ``atVirtualTime(_:_:)`` runs an
    /// action; it counts towards the limit of events one passage of time delivers.
    static func endEffect(atVirtualTime due: Duration, _ end: @escaping @MainActor () -> Void) {
        setAlarm(VirtualAlarm(due: due, sends: true, action: end))
    }

    private static func setAlarm(_ alarm: VirtualAlarm) {
        let index = virtualClock.alarms.firstIndex { $0.due > alarm.due } ?? virtualClock.alarms.endIndex
        virtualClock.alarms.insert(alarm, at: index)
    }

    /// Moves virtual time forward, up to ``latestVirtualTime``; the scheduled effects due by then
    /// start, in the order they become due, and the alarms due run (see ``atVirtualTime(_:_:)``).
    ///
    /// The recorded timers tick on the way, each tick at its instant, and the delayed events due are
    /// sent, each at its instant: the effects due before a tick start first, and what handling a
    /// tick or an event enqueues or cancels holds for what comes after it. Returns false when the
    /// ticks and events went past `limit` (timers that their ticks started, an event that enqueues
    /// itself again, say): time then stops at the last one delivered.
    @discardableResult
    package static func advanceVirtualTime(by duration: Duration, limit: Int = mostTicksAtOnce) -> Bool {
        let target = later(virtualTime, by: duration)
        var delivered = 0
        while let timer = virtualClock.timers.popFirst(dueBy: target) {
            guard timer.isAlive else { continue }
            guard startDue(by: timer.due, delivered: &delivered, limit: limit), delivered < limit else {
                virtualClock.timers.insert(timer)
                return false
            }
            delivered += 1
            virtualClock.now = timer.due
            var ticked = timer
            ticked.ticks += 1
            // Queued again before its tick is handled: a cancellation there leaves it dead in the
            // queue, dropped when it comes up.
            if let next = ticked.nextTick {
                ticked.due = next
                virtualClock.timers.insert(ticked)
            }
            ticked.runtime?.deliverTick(ticked)
        }
        guard startDue(by: target, delivered: &delivered, limit: limit) else { return false }
        virtualClock.now = target
        return true
    }

    /// The recorded timers, for ``timerTicks(within:limit:)``.
    static var recordedTimers: [VirtualTimer] { virtualClock.timers.all }

    /// Queues a timer a plan recorded, unless it never ticks before the plan's time ends.
    static func queue(_ timer: VirtualTimer) {
        var timer = timer
        guard let first = timer.nextTick else { return }
        timer.due = first
        virtualClock.timers.insert(timer)
    }

    /// Starts the scheduled effects due by `bound` and runs the alarms due by then, in the order
    /// they become due (an alarm before an effect due at the same instant), the clock at each one's
    /// instant: a delayed event is sent then, and what its update enqueues is measured from there,
    /// and starts within this call if it is due by `bound` too; an alarm may ask for another, which
    /// runs too if due by then. Counts the events sent in `delivered`; returns false, leaving the
    /// clock at the last one, once that reached `limit`.
    private static func startDue(by bound: Duration, delivered: inout Int, limit: Int) -> Bool {
        while true {
            let scheduled = firstScheduled(dueBy: bound)
            if let alarm = virtualClock.alarms.first, alarm.due <= bound,
                scheduled.map({ alarm.due <= $0.0 }) ?? true
            {
                if alarm.sends {
                    guard delivered < limit else { return false }
                    delivered += 1
                }
                virtualClock.alarms.removeFirst()
                virtualClock.now = max(virtualClock.now, alarm.due)
                alarm.action()
                continue
            }
            guard let (due, runtime) = scheduled else { return true }
            guard delivered < limit else { return false }
            virtualClock.now = max(virtualClock.now, due)
            delivered += runtime.startDue(at: due)
        }
    }

    /// The runtime whose scheduled effect is due first, by `bound`, and when; the list of runtimes
    /// keeps each runtime that still schedules something, once.
    private static func firstScheduled(dueBy bound: Duration) -> (Duration, ScopeRuntime)? {
        guard !virtualClock.scheduling.isEmpty else { return nil }
        // Taken out while the runtimes are read.
        var listed: [WeakRuntime] = []
        swap(&listed, &virtualClock.scheduling)
        var kept: [WeakRuntime] = []
        var seen: Set<ObjectIdentifier> = []
        var first: (Duration, ScopeRuntime)?
        for item in listed {
            guard let runtime = item.runtime, let due = runtime.effects.nextScheduledStart,
                seen.insert(ObjectIdentifier(runtime)).inserted
            else { continue }
            kept.append(item)
            if due <= bound, first.map({ due < $0.0 }) ?? true { first = (due, runtime) }
        }
        virtualClock.scheduling = kept
        return first
    }

    /// Starts this runtime's scheduled effects due by `now`, sending the delayed events among them;
    /// returns how many it sent.
    private func startDue(at now: Duration) -> Int {
        var sent = 0
        for entry in effects.startDue(at: now) {
            if let arrival = arrivalOnStart(entry.id, entry.payload) {
                arrival()
                sent += 1
            }
        }
        return sent
    }

    /// Holds a recorded effect until virtual time has moved `delay` past now.
    func schedule(_ id: EffectID, after delay: Duration) {
        let wasScheduling = effects.hasScheduled
        effects.schedule(id, until: Self.later(Self.virtualTime, by: delay))
        if !wasScheduling { Self.virtualClock.scheduling.append(WeakRuntime(runtime: self)) }
    }

    /// `duration` after `time`, or ``latestVirtualTime`` if that is later; `time` is virtual time,
    /// between zero and the latest, and `duration` is not negative, so nothing here overflows.
    package static func later(_ time: Duration, by duration: Duration) -> Duration {
        duration >= latestVirtualTime - time ? latestVirtualTime : time + duration
    }
}

/// Something to run at an instant of virtual time.
private struct VirtualAlarm {
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
