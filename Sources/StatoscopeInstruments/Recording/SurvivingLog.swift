import Foundation

/// The surviving mode of a flight recorder: each entry the recorder keeps goes to a writer thread of
/// its own, which encodes it, with a recording's redaction, into its slot of a memory-mapped file
/// (``SurvivingLogFile``).
///
/// The main actor's share per entry is numbering it and putting it in the hand-over's ring under a
/// lock (``SurvivingLogHandOver``): no encoding, no allocation, and no system call unless the writer
/// sleeps and must be woken. What the writer has not yet written when the process dies is lost, so
/// a fatal signal first gives the writer time to catch up (see `SurvivingLog+FatalSignals.swift`).
final class SurvivingLog {
    let file: SurvivingLogFile
    private let handOver: SurvivingLogHandOver
    private(set) var isClosed = false

    var url: URL { file.url }

    /// Creates or replaces the file at `url`, of a fixed size, maps it, and starts its writer.
    init(
        url: URL, capacity: Int, maximumLineLength: Int, rootTypeName: String, appVersion: String
    ) throws {
        guard Self.canNoteAnotherFile else {
            throw RecordingError(
                line: 0,
                reason:
                    "cannot keep a surviving flight recording in \(url.path): \(Self.maximumOpenFiles) surviving flight recorders are running, the most a process runs at once"
            )
        }
        file = try SurvivingLogFile(
            url: url, capacity: capacity, maximumLineLength: maximumLineLength, rootTypeName: rootTypeName,
            appVersion: appVersion)
        handOver = SurvivingLogHandOver(file: file)
        let thread = Thread { [handOver, file] in
            handOver.writerStarted(as: SurvivingLog.currentThreadIdentity())
            SurvivingLog.write(from: handOver, into: file)
        }
        thread.name = "Statoscope surviving flight recording"
        thread.start()
        // Room was checked above, and only the main actor opens files.
        _ = Self.noteFatalSignals(in: file.base, writtenBy: handOver.waitForWriter())
    }

    deinit {
        guard !isClosed else { return }
        Self.stopNotingFatalSignals(in: file.base)
        handOver.close(waiting: false)
    }

    /// Hands an event to the writer.
    func keepEvent(path: [String], scopeTypeName: String, event: any Sendable) {
        guard !isClosed else { return }
        handOver.handOver(
            .event(path: path, scopeTypeName: scopeTypeName, event: event), isEvent: true,
            at: SurvivingLogLayout.now())
    }

    /// Hands a step of an effect's life to the writer.
    func keepStep(path: [String], scopeTypeName: String, effectTypeName: String, step: String) {
        guard !isClosed else { return }
        handOver.handOver(
            .effect(path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName, step: step),
            isEvent: false, at: SurvivingLogLayout.now())
    }

    /// Returns once the writer has written every entry handed over so far.
    func waitUntilWritten() {
        handOver.waitUntilWritten()
    }

    /// Waits for the writer to write every entry handed over and end, then marks the file closed
    /// cleanly: its run stopped recording rather than ended. Nothing is written after this.
    func markClosed() {
        guard !isClosed else { return }
        isClosed = true
        Self.stopNotingFatalSignals(in: file.base)
        handOver.close(waiting: true)
        file.markClosed()
    }

    /// The writer thread's work: encodes each entry handed over into its slot, in batches, until the
    /// log closes.
    private static func write(from handOver: SurvivingLogHandOver, into file: SurvivingLogFile) {
        var writer = RecordingWriter()
        writer.maximumLineLength = file.slotSize - SurvivingLogLayout.Slot.line
        writer.lineLimitHolder = "a surviving flight recording"
        writer.keepsRefusals = false
        var batch: [SurvivingLogPending.Entry] = []
        while handOver.takeEntries(into: &batch) {
            for entry in batch {
                let line: [UInt8]
                switch entry.content {
                case .event(let path, let scopeTypeName, let event):
                    line = writer.eventLineBytes(path: path, scopeTypeName: scopeTypeName, event: event)
                case .effect(let path, let scopeTypeName, let effectTypeName, let step):
                    line = writer.stepLineBytes(
                        path: path, scopeTypeName: scopeTypeName, effectTypeName: effectTypeName, step: step)
                }
                file.store(entry, line: line)
            }
        }
    }

    /// The calling thread's identity, as the fatal-signal handler compares it.
    static func currentThreadIdentity() -> UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
