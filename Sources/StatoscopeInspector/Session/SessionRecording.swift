import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInstruments

/// The session's recording: what the page downloads, and what a replay plays into a fresh tree to
/// show the state after an event.
///
/// However long the session, its memory stays flat: the events' lines go to a file of the
/// inspector's own in the temporary directory, a batch of about ``batchBytes`` at a time, written off
/// the main actor (an event costs the main actor the keeping of its line only), and the file is
/// removed with the recording. A download or a replay reads the file, and holds what it read while
/// it runs.
@MainActor
final class SessionRecording {
    /// How many bytes of event lines wait in memory before they are handed to the writer.
    static let batchBytes = 65_536

    /// The header line, with its newline; nil until the recorder hands it over.
    private var header: String?
    /// Event lines not yet handed to the writer, each with its newline, and their bytes.
    private var batch: [String] = []
    private var batchByteCount = 0
    /// Where the events' lines are kept.
    let file: URL
    private let output: FileHandle?
    /// Writes the batches to the file, one after the other, off the main actor.
    private let writer = DispatchQueue(label: "Statoscope.Inspector.recording")
    /// Why the file could not be made or written, once it could not: the recording then ends there.
    private let failure = CriticalState<String?>(nil)
    private var recorder: Recorder?
    /// How many events the recording held when it stopped.
    private var eventCountAtStop = 0
    /// Replays the first `count` events into a fresh tree and describes it; nil when the app gave
    /// the inspector no way to build one.
    let replay: (@MainActor (Recording) throws -> String)?
    /// Writes the source of a test plan that plays the recording, checking the state after each
    /// step; nil when the app gave the inspector no way to build a fresh tree.
    let testPlan: (@MainActor (Recording) throws -> String)?

    init<Root: Scope>(recording root: Root, replayingInto makeRoot: (@MainActor () -> Root)?) {
        if let makeRoot {
            replay = { recording in try recording.reproduce { makeRoot() }.subtreeDescription }
            testPlan = { recording in
                try TestPlanSource(recording: recording) { makeRoot() }.swiftSource(checks: .afterEachStep)
            }
        } else {
            replay = nil
            testPlan = nil
        }
        file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-inspector-\(UUID().uuidString).jsonl")
        output =
            FileManager.default.createFile(atPath: file.path, contents: nil)
            ? try? FileHandle(forWritingTo: file) : nil
        if output == nil { failure.withLock { $0 = "the file could not be made" } }
        recorder = Recorder(recording: root) { [weak self] line in self?.take(line) }
    }

    isolated deinit {
        // After the batches handed over before: the writer runs them in order.
        writer.async { [output, file] in
            try? output?.close()
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// How many events the session recorded so far.
    var recordedEventCount: Int { recorder?.recordedEventCount ?? eventCountAtStop }

    func stop() {
        guard let recorder else { return }
        eventCountAtStop = recorder.recordedEventCount
        recorder.stop()
        self.recorder = nil
        writeBatch()
    }

    /// Keeps a line the recorder handed over: the header, then the events' (and, once stopped, its
    /// end line, which ``text(firstEvents:)`` leaves out by counting).
    private func take(_ line: String) {
        guard header != nil else {
            header = line
            return
        }
        batch.append(line)
        batchByteCount += line.utf8.count
        if batchByteCount >= Self.batchBytes { writeBatch() }
    }

    /// Hands the batch to the writer.
    private func writeBatch() {
        guard !batch.isEmpty else { return }
        let lines = batch
        batch = []
        batchByteCount = 0
        guard let output else { return }
        writer.async { [failure] in
            guard failure.withLock({ $0 }) == nil else { return }
            do {
                try output.write(contentsOf: Data(lines.joined().utf8))
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
    }

    /// The recording of the first `count` events (all of them when nil), as a finished recording:
    /// its end line counts what it holds.
    ///
    /// - Throws: When the file could not be written or read: the recording says why, and where.
    func text(firstEvents count: Int? = nil) throws -> String {
        guard let header else { return "" }
        writeBatch()
        // Waits for the batches handed over so far to be written.
        writer.sync {}
        if let failure = failure.withLock({ $0 }) {
            throw InspectorUnavailable(
                reason: "the inspector could not keep the session's recording in \(file.path): \(failure)")
        }
        let (lines, kept) = try eventLines(min(count ?? recordedEventCount, recordedEventCount))
        return header + lines + RecordingWriter.endLine(events: kept)
    }

    /// The first `count` event lines of the file, read a megabyte at a time until they are all in,
    /// and how many it held.
    private func eventLines(_ count: Int) throws -> (String, Int) {
        guard count > 0 else { return ("", 0) }
        let input = try FileHandle(forReadingFrom: file)
        defer { try? input.close() }
        var read = Data()
        var lines = 0
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            let start = read.count
            read.append(chunk)
            for index in start..<read.count where read[index] == UInt8(ascii: "\n") {
                lines += 1
                if lines == count {
                    return (String(decoding: read.prefix(index + 1), as: UTF8.self), lines)
                }
            }
        }
        return (String(decoding: read, as: UTF8.self), lines)
    }

    /// The description of a fresh tree into which the first `count` events were replayed.
    func state(afterEvents count: Int) throws -> String {
        guard let replay else { throw InspectorUnavailable(reason: Self.noReplay) }
        return try replay(try Recording(jsonLines: text(firstEvents: count)))
    }

    /// The source of a test plan that plays the session so far.
    func testPlanSource() throws -> String {
        guard let testPlan else { throw InspectorUnavailable(reason: Self.noReplay) }
        return try testPlan(try Recording(jsonLines: text()))
    }

    static let noReplay =
        "the inspector was started without a way to build a fresh tree: pass replayingInto to Inspector.start"
}

/// A request the inspector cannot answer, and why.
struct InspectorUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
