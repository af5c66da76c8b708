import Statoscope

/// Workload 5: effects. Each figure is compared with the same work written by hand with one
/// `Task.detached` per effect: the floor Swift's concurrency runtime sets on this machine.
///
/// - Round trip: 10,000 events, each enqueuing an effect in `update`; the effect runs and its result
///   comes back through `send`. Timed until every completion was delivered
///   (`waitUntilSettled()`), against one `Task.detached` per effect awaited on the main actor.
///   Budget: 2.5x: the library's effects pass through one more thread than the hand-written tasks
///   (a task of the library makes their tasks), and on a machine whose other core is busy that hop
///   waits for it. Three times the other effect workloads' repetitions: see
///   ``Settings/roundTripRepetitions``.
/// - In flight: 100,000 effects waiting at a gate, none finishing: the time to enqueue them, the
///   process's peak memory above what it held before (budget: 1.15x the same tasks written by hand),
///   the time of `cancelAllEffects()` (budget: 3x cancelling the hand-written tasks), and the time
///   until every cancelled task has ended.
/// - Stream: 100,000 elements of a filled `AsyncStream`, each delivered through `send` by a stream
///   effect, against a hand-written `for await` loop on the main actor consuming the same stream.
///   Budget: 2x.
/// - Keyed cancellation: 4,000 keyed effects in flight, cancelled one by one by key, against a
///   dictionary of tasks cancelled one by one by hand. Cancelling by key finds the effect without a
///   pass over the others, so the ratio stays flat as the count grows. Reported, with no budget.
@MainActor
enum EffectsWorkload {
    static func run(_ context: WorkloadContext) async {
        await roundTrip(context)
        await inFlight(context)
        await keyedCancellation(context)
        await streamDelivery(context)
    }

    // MARK: Stream

    private static func streamDelivery(_ context: WorkloadContext) async {
        let count = context.settings.roundTripEffects * 10
        let scope = EffectsScope(gate: ParkingGate())
        await comparePerEffect(
            count, context,
            handWritten: (
                "stream, hand-written: for await over an AsyncStream on the main actor",
                { await handWrittenStream(count, context) }
            ),
            library: (
                "stream: \(count.grouped) elements of a stream effect, each delivered through send",
                { await stream(count, through: scope, context) }
            ),
            budget: .ratio(atMost: 2), unit: "ns/element")
    }

    /// An `AsyncStream` already holding `count` elements and finished: both sides measure consuming.
    private static func filledStream(_ count: Int) -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        for index in 0..<count {
            continuation.yield(index)
        }
        continuation.finish()
        return stream
    }

    /// Nanoseconds per element, from the enqueue until the last element was handled.
    static func stream(_ count: Int, through scope: EffectsScope, _ context: WorkloadContext) async
        -> Double
    {
        let stream = filledStream(count)
        let stopwatch = Stopwatch()
        scope.send(.follow(stream))
        await scope.effectsState.waitUntilSettled()
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: scope.delivered))
        return elapsed / Double(count)
    }

    static func handWrittenStream(_ count: Int, _ context: WorkloadContext) async -> Double {
        let stream = filledStream(count)
        let stopwatch = Stopwatch()
        var delivered = 0
        for await value in stream {
            delivered &+= value
        }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: delivered))
        return elapsed / Double(count)
    }

    // MARK: Keyed cancellation

    private static func keyedCancellation(_ context: WorkloadContext) async {
        let count = max(context.settings.inFlightEffects / 25, 1)
        await comparePerEffect(
            count, context,
            handWritten: (
                "cancel \(count.grouped) effects one by one, hand-written: tasks in a dictionary",
                { await handWrittenKeyedCancellation(count) }
            ),
            library: (
                "cancel \(count.grouped) keyed effects one by one: cancelEffect(key:)",
                { await keyedCancellation(count) }
            ),
            budget: nil)
    }

    /// Measures a hand-written baseline and the library's figure in nanoseconds per effect,
    /// interleaved, and records both.
    private static func comparePerEffect(
        _ count: Int, _ context: WorkloadContext,
        handWritten: (name: String, measure: @MainActor () async -> Double),
        library: (name: String, measure: @MainActor () async -> Double), budget: Budget?,
        unit: String = "ns/effect", repetitions: Int? = nil
    ) async {
        let samples = await context.repeatInterleaved(
            [
                { [await handWritten.measure()] },
                { [await library.measure()] },
            ], repetitions: repetitions)
        let baseline = Measured(
            name: handWritten.name, unit: unit, samples: samples[0][0], operations: count)
        let measured = Measured(
            name: library.name, unit: unit, samples: samples[1][0], operations: count)
        context.recordBaseline(baseline)
        context.record(measured, against: baseline, budget: budget)
    }

    /// Nanoseconds per effect to cancel `count` keyed effects one by one, newest key first.
    static func keyedCancellation(_ count: Int) async -> Double {
        let gate = ParkingGate()
        let scope = EffectsScope(gate: gate)
        for key in 0..<count {
            scope.send(.parkKeyed(key))
        }
        await gate.waitForArrivals(count)
        let stopwatch = Stopwatch()
        for key in (0..<count).reversed() {
            scope.effectsState.cancelEffect(key: key)
        }
        let elapsed = stopwatch.elapsedNanoseconds
        await gate.waitForDepartures(count)
        await settle()
        return elapsed / Double(count)
    }

    static func handWrittenKeyedCancellation(_ count: Int) async -> Double {
        let gate = ParkingGate()
        var tasks: [Int: Task<Void, Never>] = [:]
        for key in 0..<count {
            tasks[key] = Task.detached { await gate.park() }
        }
        await gate.waitForArrivals(count)
        let stopwatch = Stopwatch()
        for key in (0..<count).reversed() {
            tasks.removeValue(forKey: key)?.cancel()
        }
        let elapsed = stopwatch.elapsedNanoseconds
        await gate.waitForDepartures(count)
        await settle()
        return elapsed / Double(count)
    }

    // MARK: Round trip

    private static func roundTrip(_ context: WorkloadContext) async {
        let count = context.settings.roundTripEffects
        let scope = EffectsScope(gate: ParkingGate())
        await comparePerEffect(
            count, context,
            handWritten: (
                "round trip, hand-written: Task.detached per effect, awaited on the main actor",
                { await settled(await handWrittenRoundTrip(count, context)) }
            ),
            library: (
                "round trip: enqueue in update, run, deliver through send (\(count.grouped) effects)",
                { await settled(await roundTrip(count, through: scope, context)) }
            ),
            budget: .ratio(atMost: 2.5), repetitions: context.settings.roundTripRepetitions)
    }

    /// `figure`, once what the measured run left to other threads (the library releases a burst of
    /// finished effects away from the main actor) is done: the next measurement, interleaved with
    /// this one, starts from a quiet machine.
    private static func settled(_ figure: Double) async -> Double {
        await settle()
        return figure
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
        let samples = await context.repeatInterleaved([
            { await handWrittenInFlight(count) },
            { await inFlight(count) },
        ])
        let effects = "\(count.grouped) effects"
        let figures: [(name: String, unit: String, budget: Budget?)] = [
            ("\(effects) in flight: enqueue", "ms", nil),
            ("\(effects) in flight: peak memory", "MB", .ratio(atMost: 1.15)),
            ("\(effects) in flight: cancelAllEffects()", "ms", .ratio(atMost: 3)),
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
        // Longer than after a round trip: releasing 100,000 ended effects (or tasks) away from the
        // main actor takes tens of milliseconds on a busy machine, and memory still held then would
        // be read as the next measurement's resident memory before it starts.
        await settle(for: .milliseconds(200))
        return [enqueued / 1e6, Double(peak - residentBefore) / 1e6, cancelled / 1e6, ended / 1e6]
    }

    /// Lets the main actor handle what the cancelled tasks posted back, so the next measurement
    /// starts from a quiet runtime.
    private static func settle(for duration: Duration = .milliseconds(20)) async {
        try? await Task.sleep(for: duration)
    }
}
