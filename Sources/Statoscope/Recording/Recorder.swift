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
/// ``Analytics``: ``Sensitive`` values and ``SensitiveWhen`` cases are stored redacted. An event that
/// is not `Codable`, or fails to encode, is recorded as unrecordable, and the recording refuses to
/// replay past it.
///
/// Recording stops at ``stop()`` or when the recorder is released; it holds its root weakly.
@MainActor
public final class Recorder {
    /// How many events were recorded so far.
    public private(set) var recordedEventCount = 0

    /// The recorded root; held weakly, since recording must not keep a tree alive.
    private weak var root: AnyObject?
    private let output: @MainActor (String) -> Void
    private var registration: MiddlewareRegistration?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Starts recording the subtree of `root`, handing `output` the text of each line, newline
    /// included, starting with the header.
    public init<Root: Scope>(recording root: Root, output: @escaping @MainActor (String) -> Void) {
        self.root = root
        self.output = output
        write(
            RecordingFormat.Header(
                format: RecordingFormat.name, version: RecordingFormat.version, root: "\(type(of: root))"))
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

    /// Stops recording; events from now on are not recorded.
    public func stop() {
        registration?.remove()
        registration = nil
    }

    private func record(_ scope: any Scope, _ when: any Sendable) {
        guard let path = path(of: scope) else { return }
        var line = RecordingFormat.Line(path: path, scope: "\(type(of: scope))")
        if let encodable = when as? any Encodable {
            do {
                line.event = try EventEncoding.redactedValue(of: encodable)
            } catch {
                line.unrecordable = "it failed to encode: \(error)"
            }
        } else {
            line.unrecordable = "\(type(of: scope)).When is not Codable"
        }
        write(line)
        recordedEventCount += 1
    }

    /// The names from the recorded root down to `scope`, or nil outside the recorded subtree.
    private func path(of scope: any Scope) -> [String]? {
        guard let root else { return nil }
        if scope === root { return [] }
        guard let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope) else { return nil }
        var names: [String] = []
        for ancestor in runtime.selfAndAncestors {
            if ancestor.scope === root { return names.reversed() }
            guard ancestor.tree.lifetime == .linked, let name = ancestor.nameInParent else { return nil }
            names.append(name)
        }
        return nil
    }

    private func write(_ value: some Encodable) {
        // Lines are made of the library's own types and `EventValue`s, which always encode.
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else {
            return
        }
        output(text + "\n")
    }
}
