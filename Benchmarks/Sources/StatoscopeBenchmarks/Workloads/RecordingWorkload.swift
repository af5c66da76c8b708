import Statoscope

/// Workload 8: recording and replay throughput, per event. Baseline: the same events sent with no
/// recorder. Reported only: the issue sets no limit.
@MainActor
enum RecordingWorkload {
    static func run(_ context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 200 : 10_000
        let samples = await context.repeatInterleaved([
            { [send(count, context)] },
            { record(count, context) },
        ])
        let plain = Measured(
            name: "send with no recorder (\(count.grouped) events)", unit: "ns/event", samples: samples[0][0],
            operations: count)
        let recording = Measured(
            name: "send while recording (JSON lines, in memory)", unit: "ns/event", samples: samples[1][0],
            operations: count)
        let replaying = Measured(
            name: "read the recording and replay it into a new scope", unit: "ns/event",
            samples: samples[1][1], operations: count)
        context.recordBaseline(plain)
        context.record(recording, against: plain)
        context.record(replaying, against: plain)
    }

    private static func events(_ count: Int) -> [TallyScope.When] {
        (0..<count).map { $0.isMultiple(of: 100) ? .reset : .add($0) }
    }

    /// Nanoseconds per event.
    private static func send(_ count: Int, _ context: WorkloadContext) -> Double {
        let events = events(count)
        let tally = TallyScope()
        let stopwatch = Stopwatch()
        for event in events { tally.send(event) }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: tally.total))
        return elapsed / Double(count)
    }

    /// Nanoseconds per event to record, then to read and replay the recording.
    private static func record(_ count: Int, _ context: WorkloadContext) -> [Double] {
        let events = events(count)
        let tally = TallyScope()
        var text = ""
        let recordStopwatch = Stopwatch()
        let recorder = Recorder(recording: tally) { text += $0 }
        for event in events { tally.send(event) }
        recorder.stop()
        let recorded = recordStopwatch.elapsedNanoseconds
        let replayStopwatch = Stopwatch()
        do {
            let replayed = try Recording(jsonLines: text).reproduce { TallyScope() }
            guard replayed.total == tally.total else { fatalError("the replay did not reproduce the total") }
            context.consume(UInt64(truncatingIfNeeded: replayed.total))
        } catch {
            fatalError("the benchmark's recording does not replay: \(error)")
        }
        return [recorded / Double(count), replayStopwatch.elapsedNanoseconds / Double(count)]
    }

}
