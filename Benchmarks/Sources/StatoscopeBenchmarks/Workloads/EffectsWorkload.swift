import Statoscope

/// Workload 5: effects. Each figure is compared with the same work written by hand with one
/// `Task.detached` per effect: the floor Swift's concurrency runtime sets on this machine.
///
/// - Round trip: 10,000 events, each enqueuing an effect in `update`; the effect runs and its result
///   comes back through `send`. Timed until every completion was delivered
///   (`waitUntilSettled()`). Budget: <= 5 us per effect.
/// - In flight: 100,000 effects waiting at a gate, none finishing: the time to enqueue them, the
///   process's peak memory above what it held before (budget: <= 150 MB), the time of
///   `cancelAllEffects()` (budget: <= 1 s), and the time until every cancelled task has ended.
@MainActor
enum EffectsWorkload {
    static func run(_ context: WorkloadContext) async {
        await roundTrip(context)
        await inFlight(context)
    }

    // MARK: Round trip

    private static func roundTrip(_ context: WorkloadContext) async {
        let count = context.settings.roundTripEffects
        let scope = EffectsScope(gate: ParkingGate())
        let samples = await context.repeatInterleaved([
            { [await handWrittenRoundTrip(count, context)] },
            { [await roundTrip(count, through: scope, context)] },
        ])
        let handWritten = Measured(
            name: "round trip, hand-written: Task.detached per effect, awaited on the main actor",
            unit: "ns/effect", samples: samples[0][0], operations: count)
        let library = Measured(
            name: "round trip: enqueue in update, run, deliver through send (\(count.grouped) effects)",
            unit: "ns/effect", samples: samples[1][0], operations: count)
        context.recordBaseline(handWritten)
        context.record(library, against: handWritten, budget: .value(atMost: 5_000))
    }

    /// Nanoseconds per effect, from the first `send` until every completion was handled.
    static func roundTrip(_ count: Int, through scope: EffectsScope, _ context: WorkloadContext) async
        -> Double
    {
        let stopwatch = Stopwatch()
        for index in 0..<count {
            scope.send(.echo(index))
        }
        await scope.effectsState.waitUntilSettled()
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: scope.delivered))
        return elapsed / Double(count)
    }

    static func handWrittenRoundTrip(_ count: Int, _ context: WorkloadContext) async -> Double {
        let stopwatch = Stopwatch()
        var tasks: [Task<Int, Never>] = []
        tasks.reserveCapacity(count)
        for index in 0..<count {
            tasks.append(Task.detached { await EchoEffect(value: index).runEffect() })
        }
        var delivered = 0
        for task in tasks {
            delivered &+= await task.value
        }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: delivered))
        return elapsed / Double(count)
    }

    // MARK: In flight

    private static func inFlight(_ context: WorkloadContext) async {
        let count = context.settings.inFlightEffects
        let scale = context.settings.inFlightScale
        let samples = await context.repeatInterleaved([
            { await handWrittenInFlight(count) },
            { await inFlight(count) },
        ])
        let effects = "\(count.grouped) effects"
        let figures: [(name: String, unit: String, budget: Budget?)] = [
            ("\(effects) in flight: enqueue", "ms", nil),
            ("\(effects) in flight: peak memory", "MB", .value(atMost: 150 * scale)),
            ("\(effects) in flight: cancelAllEffects()", "ms", .value(atMost: 1_000 * scale)),
            ("\(effects) in flight: cancel until every task ended", "ms", nil),
        ]
        for (index, figure) in figures.enumerated() {
            let rule: Measured.Figure = figure.unit == "MB" ? .highest : .lowest
            let handWritten = Measured(
                name: figure.name + ", hand-written", unit: figure.unit, samples: samples[0][index],
                operations: count, rule: rule)
            let library = Measured(
                name: figure.name, unit: figure.unit, samples: samples[1][index], operations: count,
                rule: rule)
            context.recordBaseline(handWritten)
            context.record(library, against: handWritten, budget: figure.budget)
        }
    }

    /// Enqueue time (ms), peak memory (MB), cancel time (ms) and time until all ended (ms).
    static func inFlight(_ count: Int) async -> [Double] {
        let gate = ParkingGate()
        let scope = EffectsScope(gate: gate)
        return await parked(
            count, at: gate,
            enqueue: {
                for _ in 0..<count {
                    scope.send(.park)
                }
            },
            cancel: { scope.effectsState.cancelAllEffects() })
    }

    static func handWrittenInFlight(_ count: Int) async -> [Double] {
        let gate = ParkingGate()
        var tasks: [Task<Void, Never>] = []
        return await parked(
            count, at: gate,
            enqueue: {
                tasks.reserveCapacity(count)
                for _ in 0..<count {
                    tasks.append(Task.detached { await gate.park() })
                }
            },
            cancel: {
                for task in tasks {
                    task.cancel()
                }
            })
    }

    /// Measures `count` effects that `enqueue` starts and that wait at `gate` until `cancel` cancels
    /// them: the figures of ``inFlight(_:)``.
    private static func parked(
        _ count: Int, at gate: ParkingGate, enqueue: () -> Void, cancel: () -> Void
    ) async -> [Double] {
        let residentBefore = PeakMemory.restart() ?? 0
        let enqueueing = Stopwatch()
        enqueue()
        let enqueued = enqueueing.elapsedNanoseconds
        await gate.waitForArrivals(count)
        let peak = PeakMemory.peak() ?? 0
        let cancelling = Stopwatch()
        cancel()
        let cancelled = cancelling.elapsedNanoseconds
        await gate.waitForDepartures(count)
        let ended = cancelling.elapsedNanoseconds
        await settle()
        return [enqueued / 1e6, Double(peak - residentBefore) / 1e6, cancelled / 1e6, ended / 1e6]
    }

    /// Lets the main actor handle what the cancelled tasks posted back, so the next measurement
    /// starts from a quiet runtime.
    private static func settle() async {
        try? await Task.sleep(for: .milliseconds(20))
    }
}
