import Foundation
import Statoscope

/// Workload 8: recording and replay throughput, per event. Baseline: the same events sent with no
/// recorder.
///
/// Budgets: the recorder costs at most half the same written by hand (send, then encode the line
/// with `JSONEncoder`, once), in the same run; the flight recorder at most 1 µs per event, a time: a
/// ring of the last events written by hand would keep the values only, where the flight recorder
/// also keeps where each event went and when, for its report; the surviving flight recorder at most
/// 1 µs per event more than the flight recorder, on the main actor (its writer thread encodes the
/// events on another core; the time until it has written them all is reported beside). The earlier
/// recorder's work (encode the event, decode it into an `EventValue`, encode its line again) is
/// reported beside them. Replay's limit is workload 12's.
@MainActor
enum RecordingWorkload {
    static func run(_ context: WorkloadContext) async {
        let count = context.settings.isSmoke ? 200 : 10_000
        let samples = await context.repeatInterleaved([
            { [send(count, context)] },
            { record(count, context) },
            { [earlierRecorder(count, context)] },
            { flight(count, context) },
            { [handWrittenRecorder(count, context)] },
            { surviving(count, context) },
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
        let earlier = Measured(
            name: "send, then the earlier recorder's work: encode, decode, encode again", unit: "ns/event",
            samples: samples[2][0], operations: count)
        let flying = Measured(
            name: "send with the flight recorder on (last 1,000 kept)", unit: "ns/event",
            samples: samples[3][0],
            operations: count)
        let dumping = Measured(
            name: "write the flight record (1,000 events) as text", unit: "ns/event", samples: samples[3][1],
            operations: 1_000)
        let byHand = Measured(
            name: "send, then record it by hand: JSONEncoder once per line", unit: "ns/event",
            samples: samples[4][0], operations: count)
        context.recordBaseline(plain)
        context.record(recording, against: plain)
        context.record(replaying, against: plain)
        context.record(earlier, against: plain)
        context.recordBaseline(byHand)
        context.record(
            Measured(
                name: "send while recording, against the same by hand", unit: "ns/event",
                samples: samples[1][0], operations: count),
            against: byHand, budget: .ratio(atMost: 0.5))
        context.record(
            Measured(
                name: "send while recording, against the earlier recorder's work", unit: "ns/event",
                samples: samples[1][0], operations: count),
            against: earlier)
        context.record(flying, against: plain, budget: .value(atMost: 1_000))
        context.record(dumping, against: plain)
        let survivingFlight = Measured(
            name: "send with the flight recorder surviving in a file (last 1,000 kept)", unit: "ns/event",
            samples: samples[5][0], operations: count)
        context.record(survivingFlight, against: flying)
        context.record(
            Measured(
                name: "the surviving flight recorder's main-actor share, more than in memory",
                unit: "ns/event",
                samples: Samples([survivingFlight.figure - flying.figure]), operations: count),
            budget: .value(atMost: 1_000))
        context.record(
            Measured(
                name: "send with the flight recorder surviving in a file, until its writer has written all",
                unit: "ns/event", samples: samples[5][1], operations: count),
            against: flying)
    }

    static func events(_ count: Int) -> [TallyScope.When] {
        (0..<count).map { $0.isMultiple(of: 100) ? .reset : .add($0) }
    }

    /// Nanoseconds per event.
    static func send(_ count: Int, _ context: WorkloadContext) -> Double {
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

    /// Nanoseconds per event with a flight recorder keeping the last 1,000, then per kept event to
    /// write its record.
    private static func flight(_ count: Int, _ context: WorkloadContext) -> [Double] {
        let events = events(count)
        let tally = TallyScope()
        let flightRecorder = FlightRecorder(recording: tally, keepingLast: 1_000)
        let stopwatch = Stopwatch()
        for event in events { tally.send(event) }
        let elapsed = stopwatch.elapsedNanoseconds
        let dumpStopwatch = Stopwatch()
        let text = flightRecorder.jsonLines()
        let dumped = dumpStopwatch.elapsedNanoseconds
        flightRecorder.stop()
        context.consume(UInt64(truncatingIfNeeded: text.utf8.count &+ tally.total))
        return [elapsed / Double(count), dumped / Double(min(count, 1_000))]
    }

    /// Nanoseconds per event on the main actor with a flight recorder keeping the last 1,000 in a
    /// file that survives the process, then per event until its writer thread has written them all.
    private static func surviving(_ count: Int, _ context: WorkloadContext) -> [Double] {
        let events = events(count)
        let tally = TallyScope()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-benchmark-surviving-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: url) }
        let flightRecorder: FlightRecorder
        do {
            flightRecorder = try FlightRecorder(recording: tally, keepingLast: 1_000, survivingIn: url)
        } catch {
            fatalError("the benchmark cannot make its surviving flight recording: \(error)")
        }
        let stopwatch = Stopwatch()
        for event in events { tally.send(event) }
        let elapsed = stopwatch.elapsedNanoseconds
        flightRecorder.stop()
        let untilWritten = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: tally.total))
        return [elapsed / Double(count), untilWritten / Double(count)]
    }

    /// Sends `count` events while recording, and nothing else: the "record" profile.
    static func recordOnly(_ count: Int) {
        let tally = TallyScope()
        var length = 0
        let recorder = Recorder(recording: tally) { length += $0.utf8.count }
        for event in events(count) { tally.send(event) }
        recorder.stop()
        precondition(length > 0)
    }

    /// A line as a recorder written by hand encodes it: its number, where the event went, the event.
    private struct HandWrittenLine: Encodable {
        let n: Int
        let path: [String]
        let scope: String
        let event: TallyScope.When
    }

    /// Nanoseconds per event to send it and record it by hand: one `JSONEncoder` pass per line.
    private static func handWrittenRecorder(_ count: Int, _ context: WorkloadContext) -> Double {
        let events = events(count)
        let tally = TallyScope()
        var text = ""
        let encoder = JSONEncoder()
        let stopwatch = Stopwatch()
        for (index, event) in events.enumerated() {
            tally.send(event)
            do {
                let line = try encoder.encode(
                    HandWrittenLine(n: index + 2, path: [], scope: "TallyScope", event: event))
                text += String(decoding: line, as: UTF8.self) + "\n"
            } catch {
                fatalError("the hand-written recorder failed: \(error)")
            }
        }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: text.utf8.count))
        return elapsed / Double(count)
    }

    /// The line the earlier recorder encoded a second time, around the decoded event.
    private struct EarlierLine: Encodable {
        let path: [String]
        let scope: String
        let event: EventValue
    }

    /// Nanoseconds per event to send it and do what the earlier recorder did with it.
    private static func earlierRecorder(_ count: Int, _ context: WorkloadContext) -> Double {
        let events = events(count)
        let tally = TallyScope()
        var text = ""
        let eventEncoder = JSONEncoder()
        let lineEncoder = JSONEncoder()
        lineEncoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let decoder = JSONDecoder()
        let stopwatch = Stopwatch()
        for event in events {
            tally.send(event)
            do {
                let value = try decoder.decode(EventValue.self, from: eventEncoder.encode(event))
                let line = try lineEncoder.encode(EarlierLine(path: [], scope: "TallyScope", event: value))
                text += String(decoding: line, as: UTF8.self) + "\n"
            } catch {
                fatalError("the earlier recorder's work failed: \(error)")
            }
        }
        let elapsed = stopwatch.elapsedNanoseconds
        context.consume(UInt64(truncatingIfNeeded: text.utf8.count))
        return elapsed / Double(count)
    }
}
