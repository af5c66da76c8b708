import Observation
import Statoscope

/// Workload 6: `send` to an `@Observable` scope with one observer, registered anew before each event
/// as SwiftUI does after every change it sees; against the same scope with no observer. The same
/// observed counter written by hand shows what Observation itself costs.
///
/// The issue sets no budget for it: it is reported to follow what observing adds to `send`.
@MainActor
enum ObservationWorkload {
    static func run(_ context: WorkloadContext) {
        let taps = TapSequence()
        let events = taps.scopeEvents
        let unobserved = ObservedCounter()
        let withoutObserver = TimedCase(name: "send, @Observable scope, no observer") { iterations in
            events.withUnsafeBufferPointer { events in
                for index in 0..<iterations {
                    unobserved.send(events[index & TapSequence.mask])
                }
            }
            return UInt64(unobserved.viewDisplaysTotalCount)
        }
        let observed = ObservedCounter()
        let withObserver = observedCase(
            "send, @Observable scope, observer re-registered per event", events,
            read: { observed.viewDisplaysTotalCount }, handle: { observed.send($0) })
        let handWritten = HandWrittenObservedCounter()
        let handWrittenObserved = observedCase(
            "hand-written @Observable handle(_:), observer re-registered per event", taps.handWrittenEvents,
            read: { handWritten.viewDisplaysTotalCount }, handle: { handWritten.handle($0) })
        let results = Sampler.measure([withoutObserver, withObserver, handWrittenObserved], in: context)
        context.recordBaseline(results[0])
        context.record(results[1], against: results[0])
        context.record(results[2], against: results[0])
    }

    /// Before each event, registers an observer of what `read` reads; the event then changes it (or
    /// not: a decrement at zero changes nothing, and the observer stays registered).
    private static func observedCase<Event>(
        _ name: String, _ events: [Event], read: @escaping @MainActor () -> Int,
        handle: @escaping @MainActor (Event) -> Void
    ) -> TimedCase {
        let notifications = NotificationCount()
        return TimedCase(name: name) { iterations in
            events.withUnsafeBufferPointer { events in
                for index in 0..<iterations {
                    withObservationTracking {
                        _ = read()
                    } onChange: {
                        MainActor.assumeIsolated { notifications.value += 1 }
                    }
                    handle(events[index & TapSequence.mask])
                }
            }
            return UInt64(read()) &+ UInt64(notifications.value)
        }
    }
}
