import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInstruments

/// An input of the session as the main actor notes it: where it was sent and the event as it is,
/// encoded later by ``RecordedLines``.
struct RecordedInput: Sendable {
    let path: [String]
    let scopeTypeName: String
    let when: any Sendable
}

/// The session's recording as text, made off the main actor: it encodes each input the main actor
/// hands over into its line, in order, and writes the lines to a file of the inspector's own in the
/// temporary directory, a batch of about ``batchBytes`` at a time, so that its memory stays flat
/// however long the session. The file goes with the recording.
actor RecordedLines {
    /// How many bytes of event lines wait in memory before they are written to the file.
    static let batchBytes = 65_536

    /// Where the events' lines are kept.
    nonisolated let file: URL
    private var writer = RecordingWriter()
    private let header: String
    private let output: FileHandle?
    /// Event lines not yet written to the file, each with its newline.
    private var batch = ""
    /// Why the file could not be made or written, once it could not: the recording then ends there.
    private var failure: String?
    /// Readers waiting until this many inputs are encoded.
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var isFinished = false

    init(rootTypeName: String) {
        header = writer.header(rootTypeName: rootTypeName)
        file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "statoscope-inspector-\(UUID().uuidString).jsonl")
        output =
            FileManager.default.createFile(atPath: file.path, contents: nil)
            ? try? FileHandle(forWritingTo: file) : nil
        if output == nil { failure = "the file could not be made" }
    }

    /// Encodes the inputs of each batch handed over, until the stream ends.
    func consume(_ batches: AsyncStream<[RecordedInput]>, backlog: HandOverBacklog) async {
        // Whatever ends the stream, the main actor never waits for this consumer again.
        defer { backlog.close() }
        for await inputs in batches {
            for input in inputs { encode(input) }
            backlog.taken(inputs.count)
            if batch.utf8.count >= Self.batchBytes { writeBatch() }
            resumeWaiters()
        }
        isFinished = true
        // Nothing more comes: whoever still waits gets what there is.
        for waiter in waiters { waiter.continuation.resume() }
        waiters.removeAll()
    }

    /// The file goes once nothing can read it any more: the inspector stopped and released its
    /// recording, and the last input was encoded.
    deinit {
        try? output?.close()
        try? FileManager.default.removeItem(at: file)
    }

    private func encode(_ input: RecordedInput) {
        let refused = writer.refusals.count
        batch += writer.eventLine(path: input.path, scopeTypeName: input.scopeTypeName, event: input.when)
        if writer.refusals.count > refused, let refusal = writer.refusals.last {
            Task { @MainActor in
                ErrorReporting.logger.error("Inspector: \(refusal)", source: LogSource.name)
            }
        }
    }

    private func writeBatch() {
        guard !batch.isEmpty else { return }
        defer { batch = "" }
        guard failure == nil, let output else { return }
        do {
            try output.write(contentsOf: Data(batch.utf8))
        } catch {
            failure = "\(error)"
        }
    }

    /// Returns once the first `count` inputs are encoded (or nothing more will come).
    func waitUntilEncoded(_ count: Int) async {
        guard writer.eventCount < count, !isFinished else { return }
        await withCheckedContinuation { continuation in
            waiters.append((count, continuation))
        }
    }

    private func resumeWaiters() {
        let encoded = writer.eventCount
        waiters.removeAll { waiter in
            guard waiter.count <= encoded else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// The recording of the first `count` inputs, as a finished recording: its end line counts what
    /// it holds.
    ///
    /// - Throws: When the file could not be written or read: the recording says why, and where.
    func text(firstEvents count: Int) throws -> String {
        writeBatch()
        if let failure {
            throw InspectorUnavailable(
                reason: "the inspector could not keep the session's recording in \(file.path): \(failure)")
        }
        let (lines, kept) = try eventLines(min(count, writer.eventCount))
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
}
