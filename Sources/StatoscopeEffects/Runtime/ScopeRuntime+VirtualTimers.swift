@_spi(StatoscopeInternals) import StatoscopeCore

/// A timer a test plan recorded: it ticks on the plan's clock.
struct VirtualTimer {
    weak var runtime: ScopeRuntime?
    let id: EffectID
    /// When its first interval began, on the plan's clock.
    let start: Duration
    let interval: Duration
    /// The ticks delivered so far.
    var ticks = 0
    /// When it ticks next, once queued.
    var due: Duration = .zero

    /// When its next tick is due, or nil past the plan's latest time.
    @MainActor
    var nextTick: Duration? {
        // The interval is a millisecond at least and the plan's time ends at `Int64.max` seconds:
        // a tick count that far is about 10^22, and the product stays well inside `Duration`.
        let offset = interval * (ticks + 1)
        guard offset <= PlanClock.latestTime - start else { return nil }
        return start + offset
    }

    /// Whether its scope is there and the timer is still in flight: not cancelled, nor ended.
    @MainActor
    var isAlive: Bool {
        guard let runtime else { return false }
        return runtime.effects.entry(id) != nil
    }
}

/// The recorded timers, as a binary heap on when each ticks next (then on the order their effects
/// were enqueued): a step that delivers many ticks of many timers finds each next one in a
/// logarithmic time, not by a pass over them all.
struct TimerQueue {
    private var heap: [VirtualTimer] = []

    /// Every queued timer, in no particular order.
    var all: [VirtualTimer] { heap }

    mutating func insert(_ timer: VirtualTimer) {
        heap.append(timer)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes out the timer that ticks first, if it ticks by `target`.
    mutating func popFirst(dueBy target: Duration) -> VirtualTimer? {
        guard let first = heap.first, first.due <= target else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    private static func precedes(_ lhs: VirtualTimer, _ rhs: VirtualTimer) -> Bool {
        (lhs.due, lhs.id) < (rhs.due, rhs.id)
    }
}

extension ScopeRuntime {
    /// Starts ticking a recorded timer on the scope's plan clock, its first interval beginning
    /// `delay` from now; outside a plan's tree it never ticks.
    func startTimer(_ id: EffectID, _ timer: RepeatingTimer, after delay: Duration) {
        guard let clock = planClock else { return }
        clock.queue(
            VirtualTimer(runtime: self, id: id, start: clock.later(by: delay), interval: timer.tickInterval))
    }

    /// Delivers a recorded timer's latest tick, through its map chain.
    func deliverTick(_ timer: VirtualTimer) {
        guard let entry = effects.entry(timer.id), entry.phase == .running else { return }
        deliverElement(timer.id, outcome: entry.payload.element(timer.ticks))
    }
}
