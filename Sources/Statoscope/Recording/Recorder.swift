import Foundation

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
/// ``Analytics``: ``Sensitive`` values and ``SensitiveWhen`` cases are stored redacted.
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
///
/// Each event is encoded once, straight into the text of its line: a few microseconds for a typical
/// event, cheap enough to leave recording on.
///
/// Recording stops at ``stop()`` or when the recorder is released, which writes the end line; it
/// holds its root weakly.
@MainActor
public final class Recorder {
    /// How many events were recorded so far.
    public var recordedEventCount: Int { writer.eventCount }
    /// The events that could not be recorded, each with its line and the reason, oldest first.
    public var refusals: [RecordingError] { writer.refusals }

    /// The recorded root; held weakly, since recording must not keep a tree alive.
    private weak var root: AnyObject?
    private let output: @MainActor (String) -> Void
    private var registration: MiddlewareRegistration?
    private var writer = RecordingWriter()
    /// Lines recorded during the running event, not yet handed to the output.
    private var pending: [String] = []
    /// Made once rather than per event: a closure per event was a tenth of recording's cost.
    private lazy var flushWork: @MainActor () -> Void = { [weak self] in self?.flush() }

    /// Starts recording the subtree of `root`, handing `output` the text of each line, newline
    /// included, starting with the header.
    public init<Root: Scope>(recording root: Root, output: @escaping @MainActor (String) -> Void) {
        self.root = root
        self.output = output
        output(writer.header(rootTypeName: "\(type(of: root))"))
        registration = MiddlewareChain.entryTaps.add { [weak self] scope, when in
            self?.record(scope, when)
        }
    }

    /// Starts recording the subtree of `root` into a new file at `url`.
    public convenience init<Root: Scope>(recording root: Root, toFile url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw RecordingError(line: 0, reason: "cannot create \(url.path)")
        }
        let file = try FileHandle(forWritingTo: url)
        self.init(recording: root) { text in
            do {
                try file.write(contentsOf: Data(text.utf8))
            } catch {
                ErrorReporting.logger.error("Recorder cannot write to \(url.path): \(error)")
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
        guard !writer.isEnded else { return }
        output(writer.endLine())
    }

    private func flush() {
        // One at a time: a line the output's own events add is handed over after those before it.
        while !pending.isEmpty {
            output(pending.removeFirst())
        }
    }

    private func record(_ scope: any Scope, _ when: any Sendable) {
        guard !writer.isEnded, let path = RecordedPath.of(scope, below: root) else { return }
        let refused = writer.refusals.count
        // Handed to the output once the event has settled, outside any update: an output that
        // sends events then sends inputs, recorded after this one and its consequences, in the
        // order a replay applies them.
        if pending.isEmpty {
            Dispatcher.afterOutermost.append(flushWork)
        }
        pending.append(
            writer.eventLine(path: path, scopeTypeName: RecordedPath.typeName(of: scope), event: when))
        if writer.refusals.count > refused, let refusal = writer.refusals.last {
            ErrorReporting.logger.error("Recorder: \(refusal)")
        }
    }
}
