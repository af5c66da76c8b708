import Statoscope
import Testing

/// The trailing throttle as plain data: when each effect starts, without a task or a clock.
struct TrailingThrottleStateMachineTests {
    typealias Machine = EffectsStateMachine<String>

    /// Enqueues `payload` with the trailing throttle at `now`, commits it, and returns how long it
    /// waits before it starts (zero when it starts at once).
    private func start(
        _ payload: String, at now: Duration, in machine: inout Machine,
        interval: Duration = .seconds(1), clock: AnyObject? = nil
    ) -> Duration? {
        guard
            case .staged = machine.enqueue(
                payload, key: "k", policy: .throttleLatest(interval), now: now, clock: clock)
        else { return nil }
        return machine.commitStaged().started.last.map { $0.delay ?? .zero }
    }

    @Test func theFirstStartsAtOnceAndTheLatestOfTheWindowAtItsEnd() {
        var machine = Machine()
        #expect(start("a", at: .seconds(10), in: &machine) == .zero)
        #expect(start("b", at: .milliseconds(10_200), in: &machine) == .milliseconds(800))
        #expect(
            start("c", at: .milliseconds(10_700), in: &machine) == .milliseconds(300),
            "it waits for the same end as the one it replaced")
        #expect(machine.inFlight.map(\.payload) == ["c"], "each newer effect replaced the one in flight")
        #expect(
            start("d", at: .milliseconds(11_000), in: &machine) == .seconds(1),
            "c started at 11 s and opened the next window")
        #expect(start("e", at: .seconds(13), in: &machine) == .zero, "the window is over")
    }

    @Test func anIntervalOfZeroOrLessStartsEveryEffectAtOnce() {
        var machine = Machine()
        for (index, interval) in [Duration.zero, .milliseconds(-5)].enumerated() {
            #expect(start("a\(index)", at: .seconds(1), in: &machine, interval: interval) == .zero)
            #expect(start("b\(index)", at: .seconds(1), in: &machine, interval: interval) == .zero)
        }
    }

    @Test func aWindowOpenedOnAnotherClockIsOver() {
        var machine = Machine()
        let first = Identity()
        #expect(start("a", at: .seconds(10), in: &machine, clock: first) == .zero)
        #expect(start("b", at: .milliseconds(10_100), in: &machine, clock: Identity()) == .zero)
    }

    @Test func aCenturyLongWindowSaturatesWithoutTrapping() {
        var machine = Machine()
        #expect(start("a", at: .zero, in: &machine, interval: .seconds(Int64.max)) == .zero)
        #expect(
            start("b", at: .seconds(1), in: &machine, interval: .seconds(Int64.max))
                == EffectClock.longestWait - .seconds(1))
    }

    private final class Identity {}
}
