import Statoscope

/// Single operations run `count` times and nothing else, for `valgrind --tool=callgrind`.
///
/// Instruction counts are repeatable whatever else the machine does, where times are not. The cost of
/// one operation is the difference between two runs, `--count N` and `--count 0`, divided by N; with
/// `--separate-threads=yes`, thread 1 is the main actor's.
@MainActor
enum Profiles {
    static let all: [(name: String, run: @MainActor (_ count: Int) async -> Void)] = [
        ("handle", { count in _ = SendWorkload.handWritten(TapSequence()).run(count) }),
        (
            "send",
            { count in _ = SendWorkload.send(to: CounterScope(), TapSequence(), name: "send").run(count) }
        ),
        (
            "injected-cached-1000",
            { count in
                let chain = ChainNode.chain(depth: 1_000)
                chain[0].inject(BenchService(value: 1))
                _ = InjectedWorkload.cached(readBy: chain[999], depth: 1_000).run(count)
            }
        ),
        (
            "injected-after-injection-1000",
            { count in
                let chain = ChainNode.chain(depth: 1_000)
                chain[0].inject(BenchService(value: 1))
                _ = InjectedWorkload.afterInjection(at: chain[0], readBy: chain[999], depth: 1_000).run(count)
            }
        ),
        (
            "injected-after-linking-1000",
            { count in
                let chain = ChainNode.chain(depth: 1_000)
                chain[0].inject(BenchService(value: 1))
                _ = InjectedWorkload.afterLinking(at: chain[0], readBy: chain[999], depth: 1_000).run(count)
            }
        ),
        (
            "round-trip",
            { count in
                let context = WorkloadContext(settings: .smoke)
                _ = await EffectsWorkload.roundTrip(
                    count, through: EffectsScope(gate: ParkingGate()), context)
            }
        ),
        (
            "round-trip-hand-written",
            { count in
                _ = await EffectsWorkload.handWrittenRoundTrip(count, WorkloadContext(settings: .smoke))
            }
        ),
        (
            "stream",
            { count in
                let context = WorkloadContext(settings: .smoke)
                _ = await EffectsWorkload.stream(count, through: EffectsScope(gate: ParkingGate()), context)
            }
        ),
        (
            "stream-hand-written",
            { count in _ = await EffectsWorkload.handWrittenStream(count, WorkloadContext(settings: .smoke)) }
        ),
        ("in-flight", { count in _ = await EffectsWorkload.inFlight(count) }),
        ("in-flight-hand-written", { count in _ = await EffectsWorkload.handWrittenInFlight(count) }),
        ("record", { count in RecordingWorkload.recordOnly(count) }),
        ("replay", { count in ReplayAndStallsWorkload.replayOnly(count) }),
        (
            "app-wide-pass-through",
            { count in profile(MiddlewareWorkload.withAppWidePassThrough(TapSequence()), count) }
        ),
        (
            "scope-pass-through",
            { count in profile(MiddlewareWorkload.withPassThrough(count: 1, TapSequence()), count) }
        ),
        (
            "scope-pass-through-3",
            { count in profile(MiddlewareWorkload.withPassThrough(count: 3, TapSequence()), count) }
        ),
        (
            "scope-pass-through-base-class",
            { count in profile(MiddlewareWorkload.withPassThroughSubclass(count: 1, TapSequence()), count) }
        ),
        (
            "scope-middleware-elsewhere-1000",
            { count in profile(MiddlewareWorkload.elsewhere(count: 1_000, TapSequence()), count) }
        ),
        ("quiet-logging", { count in profile(MiddlewareWorkload.withQuietLogging(TapSequence()), count) }),
        (
            "analytics-not-tracked",
            { count in profile(MiddlewareWorkload.withAnalyticsNotTracking(TapSequence()), count) }
        ),
        ("analytics-tracked", { count in profile(MiddlewareWorkload.withAnalyticsTracking(), count) }),
        ("everything-on", { count in profile(MiddlewareWorkload.withEverythingOn(), count) }),
        (
            "list-append-1000",
            { count in
                let screen = ListScreen()
                screen.send(.load((0..<1_000).map { ListRow(text: $0) }))
                for index in 0..<count {
                    screen.send(.change(index & 1 == 0 ? .append : .removeLast, ListRow(text: index)))
                }
            }
        ),
        (
            "list-load-clear-10000",
            { count in
                let screen = ListScreen()
                for _ in 0..<count {
                    screen.send(.load((0..<10_000).map { ListRow(text: $0) }))
                    screen.send(.load([]))
                }
            }
        ),
        (
            "list-replace-10000-after-dismissals",
            { count in
                let gate = ParkingGate()
                let root = ScreenNode(gate: gate)
                var held: [ScreenNode] = []
                for _ in 0..<100 {
                    let (top, _) = ScreenNode.subtree(count: 1_000, gate: gate)
                    root.send(.present(top))
                    root.send(.present(nil))
                    held.append(top)
                }
                held.removeAll()
                let screen = ListScreen()
                for _ in 0..<count {
                    screen.send(.load((0..<10_000).map { ListRow(text: $0) }))
                }
            }
        ),
        (
            "list-replace-10000",
            { count in
                let screen = ListScreen()
                for _ in 0..<count {
                    screen.send(.load((0..<10_000).map { ListRow(text: $0) }))
                }
            }
        ),
    ]

    /// Runs a case between its set-up and tear-down, as the timed loop does.
    private static func profile(_ timedCase: TimedCase, _ count: Int) {
        timedCase.setUp()
        _ = timedCase.run(count)
        timedCase.tearDown()
    }
}
