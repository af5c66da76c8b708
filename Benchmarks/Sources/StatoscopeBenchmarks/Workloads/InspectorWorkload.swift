import Foundation
import Statoscope
import StatoscopeInspector

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Workload 13: `send` with the live inspector started and a page connected to it, against plain
/// `send` in the same process. Baseline: the same events sent with no inspector.
///
/// Budget: the main actor's time per event at most half a `Recorder`'s for the same events, measured
/// beside it in the same run, each read as the main thread's CPU time, which the other processes of a
/// loaded machine do not inflate (the time on the clock is shown too). The inspector records the same
/// inputs, and also notes every event, effect step and report for its timeline; it encodes and renders
/// all of it off the main actor, where a recorder encodes each event as it is sent. The loop runs on
/// the main actor, the inspector's hand-over at the end of the turn included; what the inspector does
/// off the main actor is not counted, as it does not hold up the app.
///
/// Memory, with the inspector started and no page connected: the process's peak resident memory
/// above what it held before, across 200,000 events sent a thousand to a turn of the main actor, as
/// bytes per event, beside the same events recorded by a `Recorder` into a file. Budget: the growth
/// under 100 MB, which the inspector promises however long it runs, and at most 64 bytes per event
/// (fixed limits: the recorder keeps nothing of an event once its line is written, so it shows what
/// a run costs the process without any keeping, not a limit on what the inspector may keep).
@MainActor
enum InspectorWorkload {
    static func run(_ context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 200 : 10_000
        let samples = await context.repeatInterleaved([
            { [RecordingWorkload.send(count, context)] },
            { await inspected(count, context) },
            { recorded(count) },
        ])
        let plain = Measured(
            name: "send with no inspector (\(count.grouped) events)", unit: "ns/event",
            samples: samples[0][0],
            operations: count)
        let watched = Measured(
            name: "send with the inspector started and a page connected", unit: "ns/event",
            samples: samples[1][0], operations: count)
        let watchedCPU = Measured(
            name: "the inspector started and a page connected, the main thread's CPU time", unit: "ns/event",
            samples: samples[1][1], operations: count)
        let recording = Measured(
            name: "send while recording, for comparison", unit: "ns/event", samples: samples[2][0],
            operations: count)
        let recordingCPU = Measured(
            name: "recording, the main thread's CPU time", unit: "ns/event", samples: samples[2][1],
            operations: count)
        context.recordBaseline(plain)
        context.record(watched, against: plain)
        context.record(recording, against: plain)
        context.recordBaseline(recordingCPU)
        context.record(watchedCPU, against: recordingCPU, budget: .ratio(atMost: 0.5))
        await recordMemory(in: context)
    }

    /// An inspector started on `tally`'s tree; the run stops when it cannot start.
    private static func startInspector(watching tally: TallyScope) async -> Inspector {
        do {
            return try await Inspector.start(root: tally)
        } catch {
            fatalError("the inspector did not start: \(error)")
        }
    }

    /// The growth of the process's memory across many events, inspected with no page connected and
    /// recorded into a file.
    private static func recordMemory(in context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 2_000 : 200_000
        let samples = await context.repeatInterleaved(
            [{ await inspectedMemory(count) }, { await recordedMemory(count) }],
            repetitions: context.settings.isSmoke ? 1 : 3)
        func measured(_ name: String, _ unit: String, _ values: Samples) -> Measured {
            Measured(name: name, unit: unit, samples: values, operations: count, rule: .highest)
        }
        let recordedPerEvent = measured(
            "\(count.grouped) events recorded into a file: memory growth per event", "B/event", samples[1][1])
        let inspectedPerEvent = measured(
            "\(count.grouped) events, the inspector started, no page: memory growth per event", "B/event",
            samples[0][1])
        let inspectedGrowth = measured(
            "\(count.grouped) events, the inspector started, no page: memory growth", "MB", samples[0][0])
        context.recordBaseline(recordedPerEvent)
        context.record(inspectedPerEvent, budget: .value(atMost: 64))
        context.record(inspectedGrowth, budget: .value(atMost: 100))
    }

    /// The growth of the peak resident memory (MB) across `count` events sent to a tree the
    /// inspector watches with no page connected, and the same per event (bytes).
    private static func inspectedMemory(_ count: Int) async -> [Double] {
        let events = RecordingWorkload.events(count)
        let tally = TallyScope()
        let inspector = await startInspector(watching: tally)
        let growth = await residentGrowth(sending: events, to: tally)
        await inspector.stop()
        return [growth / 1e6, growth / Double(count)]
    }

    /// The same with a `Recorder` writing the events into a file instead.
    private static func recordedMemory(_ count: Int) async -> [Double] {
        let events = RecordingWorkload.events(count)
        let tally = TallyScope()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-benchmarks-\(ProcessInfo.processInfo.processIdentifier)-recording.jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder: Recorder
        do {
            recorder = try Recorder(recording: tally, toFile: file)
        } catch {
            fatalError("the recorder did not start: \(error)")
        }
        let growth = await residentGrowth(sending: events, to: tally)
        recorder.stop()
        return [growth / 1e6, growth / Double(count)]
    }

    /// Bytes the process's peak resident memory grew by while `events` were sent to `tally`, a
    /// thousand to a turn of the main actor as an app's taps arrive, and while what they left to do
    /// off the main actor was done.
    private static func residentGrowth(sending events: [TallyScope.When], to tally: TallyScope) async
        -> Double
    {
        // What starting left to do ends before the peak starts.
        try? await Task.sleep(for: .milliseconds(100))
        let before = PeakMemory.restart() ?? 0
        var index = 0
        while index < events.count {
            for event in events[index..<min(index + 1_000, events.count)] { tally.send(event) }
            index += 1_000
            await Task.yield()
        }
        // What the events left to do off the main actor ends first, 10 s at most: the resident size
        // stops growing once it has, and what it keeps is then counted.
        var resident = PeakMemory.resident() ?? 0
        for _ in 0..<40 {
            try? await Task.sleep(for: .milliseconds(250))
            let now = PeakMemory.resident() ?? 0
            if now < resident + (1 << 20) { break }
            resident = now
        }
        let peak = PeakMemory.peak() ?? 0
        return Double(peak - before)
    }

    /// Nanoseconds per event sent to a tree the inspector watches, with a page reading its events: the
    /// time, and the main thread's CPU time (which a loaded machine's other processes do not inflate).
    private static func inspected(_ count: Int, _ context: WorkloadContext) async -> [Double] {
        let events = RecordingWorkload.events(count)
        let tally = TallyScope()
        let inspector = await startInspector(watching: tally)
        let page = ConnectedPage(url: inspector.url)
        await page.waitUntilConnected()
        let cpu = ThreadCPUTime.nanoseconds()
        let stopwatch = Stopwatch()
        for event in events { tally.send(event) }
        // The inspector hands what happened over when the main actor's turn ends: counted too.
        await Task.yield()
        let elapsed = stopwatch.elapsedNanoseconds
        let used = ThreadCPUTime.nanoseconds() - cpu
        context.consume(UInt64(truncatingIfNeeded: tally.total))
        page.close()
        await inspector.stop()
        return [elapsed / Double(count), used / Double(count)]
    }

    /// The same for a recorder alone, which the inspector runs: its share of the inspector's cost.
    private static func recorded(_ count: Int) -> [Double] {
        let events = RecordingWorkload.events(count)
        let tally = TallyScope()
        var lines: [String] = []
        let recorder = Recorder(recording: tally) { lines.append($0) }
        let cpu = ThreadCPUTime.nanoseconds()
        let stopwatch = Stopwatch()
        for event in events { tally.send(event) }
        let elapsed = stopwatch.elapsedNanoseconds
        let used = ThreadCPUTime.nanoseconds() - cpu
        recorder.stop()
        withExtendedLifetime(lines) {}
        return [elapsed / Double(count), used / Double(count)]
    }
}

/// A page connected to the inspector's events, reading whatever it sends.
private final class ConnectedPage: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // SAFETY: Sound because `received` is only read and written under `lock`.
    private let lock = NSLock()
    private var received = 0
    private var session: URLSession?

    init(url: URL) {
        super.init()
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.path = "/events"
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        self.session = session
        session.dataTask(with: components.url!).resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { received += data.count }
    }

    /// Waits, a minute at most, for the page's first message.
    func waitUntilConnected() async {
        let deadline = ContinuousClock.now + .seconds(60)
        while lock.withLock({ received == 0 }) {
            guard ContinuousClock.now < deadline else { fatalError("the page never received a message") }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    func close() {
        session?.invalidateAndCancel()
        session = nil
    }
}
