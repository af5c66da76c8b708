import Statoscope

/// Workload 1: `send` on a counter scope against the same counter written by hand.
///
/// Budget: `send` <= 2x the hand-written `handle(_:)`.
@MainActor
enum SendWorkload {
    static func run(_ context: WorkloadContext) {
        let taps = TapSequence()
        let results = Sampler.measure(
            [handWritten(taps), send(to: CounterScope(), taps, name: "send")], in: context)
        context.recordBaseline(results[0])
        context.record(results[1], against: results[0], budget: .ratio(atMost: 2))
    }

    /// The hand-written view model's `handle(_:)`, called once per tap.
    static func handWritten(_ taps: TapSequence) -> TimedCase {
        let model = HandWrittenCounter()
        let events = taps.handWrittenEvents
        return TimedCase(name: "hand-written handle(_:)") { iterations in
            events.withUnsafeBufferPointer { events in
                for index in 0..<iterations {
                    model.handle(events[index & TapSequence.mask])
                }
            }
            return UInt64(model.viewDisplaysTotalCount)
        }
    }

    /// `send`, once per tap, to `scope`: a counter seen as its own type or through a base class.
    /// Specialised for each (the benchmarks are one module, optimised whole).
    static func send<Counter: CountingScope>(to scope: Counter, _ taps: TapSequence, name: String)
        -> TimedCase
    {
        let events = taps.scopeEvents
        return TimedCase(name: name) { iterations in
            events.withUnsafeBufferPointer { events in
                for index in 0..<iterations {
                    scope.send(events[index & TapSequence.mask])
                }
            }
            return UInt64(scope.viewDisplaysTotalCount)
        }
    }
}
