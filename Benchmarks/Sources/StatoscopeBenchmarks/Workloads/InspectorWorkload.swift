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
    }

    /// Nanoseconds per event sent to a tree the inspector watches, with a page reading its events: the
    /// time, and the main thread's CPU time (which a loaded machine's other processes do not inflate).
    private static func inspected(_ count: Int, _ context: WorkloadContext) async -> [Double] {
        let events = RecordingWorkload.events(count)
        let tally = TallyScope()
        let inspector: Inspector
        do {
            inspector = try await Inspector.start(root: tally)
        } catch {
            fatalError("the inspector did not start: \(error)")
        }
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

/// The CPU time the calling thread used: unlike the time on a clock, other processes do not add to it.
private enum ThreadCPUTime {
    static func nanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
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
