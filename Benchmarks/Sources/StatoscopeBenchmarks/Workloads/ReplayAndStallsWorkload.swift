import Foundation
import Logging
import Statoscope

/// Workload 12: what the instruments cost away from `send`: replaying a recording, a stream that
/// delivers as fast as it can, error reports while a flight recorder runs.
///
/// Budgets: replay, reading included, at most half the same written by hand (each line decoded once
/// with `JSONDecoder` into its typed event, which is sent); while a stream delivers as fast as it
/// can, the main actor free at least once every 16 ms; an error report, with a flight recorder of
/// 1,000 events, at most 100 µs of the main actor (1,000 reports a second then cost at most 10% of
/// a core). The earlier reader's work (`JSONDecoder` for each line, then for each event) runs in the
/// same run to compare with, and so does a handler that reads each report's flight recording, which
/// the library itself never serialises on the main actor.
@MainActor
enum ReplayAndStallsWorkload {
    static func run(_ context: WorkloadContext) async {
        await replay(context)
        await stalls(context)
        await errorReports(context)
    }

    // MARK: Replay

    private static func replay(_ context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 200 : 10_000
        let text = recording(count)
        let samples = await context.repeatInterleaved([
            { [RecordingWorkload.send(count, context)] },
            { [replay(text, count, context)] },
            { [earlierReplay(text, count, context)] },
            { [handWrittenReplay(text, count, context)] },
        ])
        let plain = Measured(
            name: "send with no recorder (\(count.grouped) events)", unit: "ns/event", samples: samples[0][0],
            operations: count)
        let replaying = Measured(
            name: "read a recording and replay it into a new scope", unit: "ns/event", samples: samples[1][0],
            operations: count)
        let earlier = Measured(
            name: "read and replay as the earlier reader did: JSONDecoder per line, per event",
            unit: "ns/event", samples: samples[2][0], operations: count)
        context.recordBaseline(plain)
        let byHand = Measured(
            name: "read and replay by hand: JSONDecoder once per line, the event sent", unit: "ns/event",
            samples: samples[3][0], operations: count)
        context.record(replaying, against: plain)
        context.record(earlier, against: plain)
        context.recordBaseline(byHand)
        context.record(
            Measured(
                name: "read and replay, against the same by hand", unit: "ns/event",
                samples: samples[1][0], operations: count),
            against: byHand, budget: .ratio(atMost: 0.5))
        context.record(
            Measured(
                name: "read and replay, against the earlier reader's work", unit: "ns/event",
                samples: samples[1][0], operations: count),
            against: earlier)
    }

    /// The text of a recording of `count` tally events.
    private static func recording(_ count: Int) -> String {
        let tally = TallyScope()
        var text = ""
        let recorder = Recorder(recording: tally) { text += $0 }
        for event in RecordingWorkload.events(count) { tally.send(event) }
        recorder.stop()
        return text
    }

    /// Nanoseconds per event to read `text` and replay it.
    private static func replay(_ text: String, _ count: Int, _ context: WorkloadContext) -> Double {
        let stopwatch = Stopwatch()
        do {
            let replayed = try Recording(jsonLines: text).reproduce { TallyScope() }
            context.consume(UInt64(truncatingIfNeeded: replayed.total))
        } catch {
            fatalError("the benchmark's recording does not replay: \(error)")
        }
        return stopwatch.elapsedNanoseconds / Double(count)
    }

    /// Reads and replays a recording of 100 events `count` times, for callgrind: the "replay"
    /// profile.
    static func replayOnly(_ count: Int) {
        let text = recording(100)
        do {
            for _ in 0..<count { _ = try Recording(jsonLines: text).reproduce { TallyScope() } }
        } catch {
            fatalError("the benchmark's recording does not replay: \(error)")
        }
    }

    /// A line as the earlier reader decoded it, to check it.
    private struct EarlierLine: Decodable {
        let n: Int
        var path: [String]?
        var scope: String?
        var event: EventValue?
    }

    private struct EarlierEvent: Decodable {
        let event: TallyScope.When
    }

    /// Nanoseconds per event to do what the earlier reader did: decode each line with `JSONDecoder`,
    /// then each event again, and send it.
    private static func earlierReplay(_ text: String, _ count: Int, _ context: WorkloadContext) -> Double {
        let stopwatch = Stopwatch()
        let lineDecoder = JSONDecoder()
        let eventDecoder = JSONDecoder()
        let tally = TallyScope()
        do {
            var lines: [Data] = []
            for line in text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst() {
                let data = Data(line)
                let decoded = try lineDecoder.decode(EarlierLine.self, from: data)
                if decoded.event != nil { lines.append(data) }
            }
            for line in lines {
                tally.send(try eventDecoder.decode(EarlierEvent.self, from: line).event)
            }
        } catch {
            fatalError("the earlier reader's work failed: \(error)")
        }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: tally.total))
        return elapsed / Double(count)
    }

    /// A line of the recording as a reader written by hand decodes it: the event typed.
    private struct HandWrittenLine: Decodable {
        let n: Int
        var path: [String]?
        var event: TallyScope.When?
    }

    /// Nanoseconds per event to read and replay by hand: each line decoded once with `JSONDecoder`
    /// into its typed event, which is sent.
    private static func handWrittenReplay(_ text: String, _ count: Int, _ context: WorkloadContext) -> Double
    {
        let stopwatch = Stopwatch()
        let decoder = JSONDecoder()
        let tally = TallyScope()
        do {
            for line in text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst() {
                if let event = try decoder.decode(HandWrittenLine.self, from: Data(line)).event {
                    tally.send(event)
                }
            }
        } catch {
            fatalError("the hand-written reader failed: \(error)")
        }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: tally.total))
        return elapsed / Double(count)
    }

    // MARK: Stalls

    /// Yields the same element for ever, as fast as it is asked.
    private static func endless() -> AsyncStream<Int> {
        AsyncStream(unfolding: { 1 })
    }

    private static func stalls(_ context: WorkloadContext) async {
        let duration: Duration = context.settings.isSmoke ? .milliseconds(30) : .milliseconds(300)
        let samples = await context.repeatInterleaved([{ await longestStall(for: duration, context) }])
        let stall = Measured(
            name: "longest the main actor waits while a stream delivers as fast as it can", unit: "ms",
            samples: samples[0][0], operations: 1)
        let rate = Measured(
            name: "time per element that stream delivered meanwhile", unit: "ns/element",
            samples: samples[0][1],
            operations: 1)
        context.record(stall, budget: .value(atMost: 16))
        context.record(rate)
    }

    /// The longest gap, in milliseconds, between two turns of a main-actor task that only yields,
    /// while a stream effect delivers as fast as it can for `duration`; then nanoseconds per element
    /// delivered meanwhile.
    private static func longestStall(for duration: Duration, _ context: WorkloadContext) async -> [Double] {
        let scope = EffectsScope(gate: ParkingGate())
        let clock = ContinuousClock()
        scope.send(.follow(endless()))
        let start = clock.now
        let end = start.advanced(by: duration)
        var longest = Duration.zero
        var last = clock.now
        while last < end {
            await Task.yield()
            let now = clock.now
            longest = max(longest, now - last)
            last = now
        }
        let delivered = scope.delivered
        scope.effectsState.cancelAllEffects()
        await scope.effectsState.waitUntilSettled()
        context.consume(UInt64(truncatingIfNeeded: delivered))
        return [nanoseconds(longest) / 1e6, nanoseconds(last - start) / Double(max(delivered, 1))]
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    // MARK: Error reports

    private static func errorReports(_ context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 20 : 1_000
        let samples = await context.repeatInterleaved([
            { [report(count, .ignoring, context)] },
            { [report(count, .keeping, context)] },
            { [report(count, .reading, context)] },
        ])
        let reports = Measured(
            name: "error report, flight recorder of 1,000 events, handler not reading it", unit: "ns/report",
            samples: samples[0][0], operations: count)
        let keeping = Measured(
            name: "error report, as above, handler keeping every report", unit: "ns/report",
            samples: samples[1][0], operations: count)
        let reading = Measured(
            name: "error report, as above, handler reading its flight recording", unit: "ns/report",
            samples: samples[2][0], operations: count)
        context.record(reports, budget: .value(atMost: 100_000))
        context.record(keeping, against: reports)
        context.record(reading, against: reports)
    }

    /// What the error handler does with each report.
    private enum Handling {
        /// Reads its path, and lets it go.
        case ignoring
        /// Keeps it, as a reporter that sends reports later would: the flight recorder's next event
        /// then copies the entries the report holds.
        case keeping
        /// Reads its flight recording: made into text, on the main actor.
        case reading
    }

    /// Nanoseconds of the main actor per report: `count` events, each sent to a scope whose update
    /// throws, with a flight recorder already holding 1,000 events and an error handler.
    private static func report(_ count: Int, _ handling: Handling, _ context: WorkloadContext) -> Double {
        let scope = EffectsScope(gate: ParkingGate())
        let recorder = FlightRecorder(recording: scope, keepingLast: 1_000)
        for index in 0..<1_000 { scope.send(.echoed(index)) }
        let logger = ErrorReporting.logger
        // What a shipped app logs goes to its own handler; the default writes each report to the
        // terminal, which is not the library's cost.
        ErrorReporting.logger = Logger(label: "benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        var kept = 0
        var reports: [ErrorReport] = []
        let handler = ErrorReporting.addHandler { report in
            switch handling {
            case .ignoring: kept &+= report.scopePath.utf8.count
            case .keeping: reports.append(report)
            case .reading: kept &+= report.flightRecording?.utf8.count ?? 0
            }
        }
        let stopwatch = Stopwatch()
        for index in 0..<count { scope.send(.unparked(index)) }
        let elapsed = stopwatch.elapsedNanoseconds
        handler.remove()
        recorder.stop()
        ErrorReporting.logger = logger
        context.consume(UInt64(truncatingIfNeeded: kept &+ reports.count &+ scope.delivered))
        return elapsed / Double(count)
    }
}
