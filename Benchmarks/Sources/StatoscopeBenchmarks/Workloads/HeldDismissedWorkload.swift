import Statoscope

/// Workload 11: what dismissed scopes that are still held (by a view during its dismissal animation,
/// a cache, a snapshot) cost the rest of the app: `send` to an unrelated scope, and dismissing one
/// more, with 0, 100 and 10,000 of them held.
///
/// Budget: `send` with 100 or 10,000 held at most 1.5x `send` with none held: one probe of a filter,
/// under a nanosecond, on a `send` of a dozen instructions, whatever the number held.
@MainActor
enum HeldDismissedWorkload {
    static let counts = [0, 100, 10_000]

    static func run(_ context: WorkloadContext) {
        let host = ListScreen()
        let unrelated = TallyScope()
        let spare = ListRow(text: 0)
        // Each count is the whole app's state. For `send`, its scopes are held only while its case
        // is timed, so that the counts' cases interleave and a burst of load lands on all of them.
        var sendCases: [TimedCase] = []
        for count in counts {
            var held: [ListRow] = []
            var send = TimedCase(name: "send to an unrelated scope, \(Format.count(count)) held") {
                iterations in
                for index in 0..<iterations {
                    unrelated.send(.add(index & 7))
                }
                return UInt64(truncatingIfNeeded: unrelated.total)
            }
            send.setUp = { held = hold(count, in: host) }
            send.tearDown = { release(&held, from: host) }
            sendCases.append(send)
        }
        let sends = Sampler.measure(sendCases, in: context)
        // Dismissing changes what is held, so each count's dismissals run apart from the others'.
        var dismissals: [Measured] = []
        for count in counts {
            var held = hold(count, in: host)
            let dismissal = TimedCase(
                name: "link a held row again, then dismiss it, \(Format.count(count)) held"
            ) { iterations in
                for index in 0..<iterations {
                    host.send(.change(index & 1 == 0 ? .append : .removeLast, index & 1 == 0 ? spare : nil))
                }
                return UInt64(host.rows.count)
            }
            dismissals += Sampler.measure([dismissal], in: context)
            release(&held, from: host)
        }
        context.recordBaseline(sends[0])
        for result in sends.dropFirst() {
            context.record(result, against: sends[0], budget: .ratio(atMost: MiddlewareWorkload.probe))
        }
        context.recordBaseline(dismissals[0])
        for result in dismissals.dropFirst() {
            context.record(result, against: dismissals[0])
        }
    }

    /// `count` rows linked below `host`, then dismissed, and held here.
    private static func hold(_ count: Int, in host: ListScreen) -> [ListRow] {
        let rows = (0..<count).map { ListRow(text: $0) }
        host.send(.load(rows))
        host.send(.load([]))
        return rows
    }

    /// Links the held rows again and drops them: the app holds no dismissed scope any more.
    private static func release(_ rows: inout [ListRow], from host: ListScreen) {
        host.send(.load(rows))
        rows = []
        host.send(.load([]))
    }
}
