import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore

/// Records the events that reach a tree of scopes from outside, effect completions included, as JSON
/// lines.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func sample(app: App, url: URL) throws { … _ = reproduced } -->
/// ```swift
/// let recorder = try Recorder(recording: app, toFile: url)
/// // ... the user's session ...
/// recorder.stop()
/// let reproduced = try Recording(contentsOf: url).reproduce { App() }
/// ```
///
/// A recording holds a session's inputs: every event sent to a scope of the tree from outside any
/// update (user actions, system events, effect completions), before any middleware, addressed by the
/// scope's path from the recorded root. Events that updates send to other scopes are not recorded:
/// replaying the events that caused them sends them again. Events are encoded with the redaction rules of
/// ``Analytics``: ``Sensitive`` values and ``SensitiveWhen`` cases are stored redacted, at any depth.
///
/// Every value is recorded exactly (integers of any width, floating-point values to the bit,
/// `Decimal`s to their last digit, text as its Unicode scalars), or refused when it is recorded, never
/// when it is replayed: an event that is not `Codable`, fails to encode, holds a value JSON would
/// change (a nested optional holding `nil`, a `Decimal` NaN), or whose line would be longer than a
/// recording's lines may be (1 MiB) is written as an unrecordable line, kept in ``refusals`` and
/// logged. The lines before it are untouched, and the recording refuses to replay past it.
///
/// The output may send events to the tree: each line is handed to it once its event has settled,
/// outside any update, so the events it sends are inputs like any other, recorded after that event.
/// An output that sends an event for every line it takes makes a chain as long as it likes: each line
/// is handed over in turn, none inside the handing over of another, so no chain overflows the stack.
///
/// An output that throws (a full disk, a file grown too large, an I/O error) stops the recording at
/// its first failure: the failed line is kept in ``refusals``, reported once to ``ErrorReporting``,
/// and nothing more is handed to the output, not even the end line. What the output took holds the
/// header and every line before the failed one intact (and, where it writes to a file, perhaps part of
/// the failed line); reading it refuses it as cut short, at the line after the last one it holds.
///
/// Each event is encoded once, straight into the text of its line, cheap enough to leave recording
/// on (the benchmarks' README has the figures).
///
/// Recording stops at ``stop()`` or when the recorder is released, which writes the end line; it
/// holds its root weakly.
@MainActor
public final class Recorder {
    /// How many events were recorded so far; once the output failed, how many it took.
    public var recordedEventCount: Int { eventCountAtFailure ?? writer.eventCount }
    /// The events that could not be recorded, each with its line and the reason, oldest first, then
    /// the line the output could not take, if it failed.
    public var refusals: [RecordingError] {
        guard let failure else { return writer.refusals }
        return writer.refusals.filter { $0.line < failure.line } + [failure]
    }
    /// Whether it still records: false once stopped, or once its output failed.
    public var isRecording: Bool { registration != nil }

    /// The recorded root; held weakly, since recording must not keep a tree alive.
    private weak var root: AnyObject?
    /// The root as it was when recording started, to report a failure after it is gone.
    private let rootType: any Scope.Type
    private let rootID: ObjectIdentifier
    private let rootPath: String
    private let output: @MainActor (String) throws -> Void
    private var registration: InstrumentRegistration?
    private var writer = RecordingWriter()
    /// Lines recorded during the running event, with their numbers, not yet handed to the output.
    private var pending: [(number: Int, text: String)] = []
    /// Whether ``flush()`` is handing lines over: lines that the output's own events add are handed
    /// over by its loop, in turn, rather than by a flush nested in the output's call.
    private var isFlushing = false
    /// The line the output could not take: nothing is handed to it after this.
    private var failure: RecordingError?
    private var eventCountAtFailure: Int?
    /// Made once rather than per event: a closure per event was a tenth of recording's cost.
    private lazy var flushWork: @MainActor () -> Void = { [weak self] in self?.flush() }

    /// Starts recording the subtree of `root`, handing `output` the text of each line, newline
    /// included, starting with the header.
    ///
    /// An `output` that throws stops the recording at once, reporting the line it could not take
    /// through ``ErrorReporting`` and in ``refusals``.
    public init<Root: Scope>(recording root: Root, output: @escaping @MainActor (String) throws -> Void) {
        self.root = root
        rootType = type(of: root)
        rootID = ObjectIdentifier(root)
        rootPath = root.scopePath
        self.output = output
        hand(writer.header(rootTypeName: "\(type(of: root))"), number: 1, eventLinesLeft: 0)
        guard failure == nil else { return }
        registration = InstrumentHooks.entryTaps.add { [weak self] scope, when in
            self?.record(scope, when)
        }
    }

    /// Starts recording the subtree of `root` into a new file at `url`.
    ///
    /// A write that fails (a full disk, a file grown too large, an I/O error) stops the recording,
    /// as an output that throws does.
    public convenience init<Root: Scope>(recording root: Root, toFile url: URL) throws {
        // Opened in place, not created by a rename as `FileManager.createFile` does: the recording
        // goes where the path leads, a link or a device included.
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingError(
                line: 0, reason: "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.init(recording: root) { text in
            do {
                try file.write(contentsOf: Data(text.utf8))
            } catch {
                throw RecordingError(
                    line: 0, reason: "cannot write to \(url.path): \(error.localizedDescription)")
            }
        }
    }

    isolated deinit {
        stop()
    }

    /// Stops recording and writes the end line; events from now on are not recorded.
    public func stop() {
        registration?.remove()
        registration = nil
        flush()
    }

    /// Hands the pending lines to the output, oldest first, then, once recording has stopped, the end
    /// line.
    private func flush() {
        // Called again by an output that sends an event or stops the recorder: the loop below hands
        // over what that adds, so that a chain of such calls never deepens the stack.
        guard !isFlushing else { return }
        isFlushing = true
        // One at a time: a line the output's own events add is handed over after those before it.
        while failure == nil, !pending.isEmpty {
            let line = pending.removeFirst()
            hand(line.text, number: line.number, eventLinesLeft: pending.count + 1)
        }
        isFlushing = false
        if registration == nil, failure == nil, !writer.isEnded {
            let number = writer.nextLine
            hand(writer.endLine(), number: number, eventLinesLeft: 0)
        }
    }

    /// Hands one line to the output; if it throws, recording stops there. `eventLinesLeft` counts the
    /// event lines recorded but not yet taken by the output, this one included.
    private func hand(_ text: String, number: Int, eventLinesLeft: Int) {
        do {
            try output(text)
        } catch {
            fail(at: number, because: error, eventLinesLeft: eventLinesLeft)
        }
    }

    /// Ends the recording at the first line the output could not take, and reports it once.
    private func fail(at number: Int, because error: any Error, eventLinesLeft: Int) {
        let failure = RecordingError(
            line: number, reason: "the output could not take this line (\(error)), so recording stopped here")
        self.failure = failure
        eventCountAtFailure = writer.eventCount - eventLinesLeft
        pending.removeAll()
        registration?.remove()
        registration = nil
        let report =
            if let root = root as? any Scope {
                ErrorReport(error: failure, source: .recording, scope: root)
            } else {
                ErrorReport(
                    error: failure, source: .recording, scopeType: rootType, scopeID: rootID,
                    scopePath: rootPath)
            }
        ErrorReporting.report(report)
    }

    private func record(_ scope: any Scope, _ when: any Sendable) {
        guard !writer.isEnded, let path = RecordedPath.of(scope, below: root) else { return }
        let refused = writer.refusals.count
        // Handed to the output once the event has settled, outside any update: an output that
        // sends events then sends inputs, recorded after this one and its consequences, in the
        // order a replay applies them. While a flush runs, its loop hands the line over.
        if pending.isEmpty, !isFlushing {
            Dispatcher.afterSettling(flushWork)
        }
        let number = writer.nextLine
        pending.append(
            (
                number,
                writer.eventLine(path: path, scopeTypeName: RecordedPath.typeName(of: scope), event: when)
            ))
        if writer.refusals.count > refused, let refusal = writer.refusals.last {
            ErrorReporting.logger.error("Recorder: \(refusal)", source: LogSource.name)
        }
    }
}
