import Foundation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeEffects
import StatoscopeInjection

/// Replays a recording into a tree of scopes, one event at a time or to the end, with effects off.
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func sample(recording: Recording) throws { … } -->
/// ```swift
/// let replay = try Replay(recording, into: App())
/// while let event = try replay.step() {
///     print("line \(event.line):", replay.root.subtreeDescription)
/// }
/// ```
///
/// Each event goes through the scope's `send`, like the original. Effects its updates enqueue are
/// dropped rather than run: their completions are in the recording, as the events they delivered.
/// The tree shares nothing with the live app: its shared values live in a store of its own, in
/// memory, starting from each key's default (a recording holds events, not values), so a replay
/// changes none of the app's shared values, tells none of their readers and saves nothing.
@MainActor
public final class Replay<Root: Scope> {
    /// The recording being replayed.
    public let recording: Recording
    /// The tree it is replayed into.
    public let root: Root
    /// How many events were replayed so far.
    public private(set) var replayedEventCount = 0

    /// Prepares a replay into `root`, which must be of the recorded root's type.
    public init(_ recording: Recording, into root: Root) throws {
        // The dynamic type, as the recorder wrote it: a subclass is recorded under its own name.
        guard recording.rootTypeName == "\(type(of: root))" else {
            throw RecordingError(
                line: 1,
                reason: "recorded from a \(recording.rootTypeName); cannot replay into a \(type(of: root))")
        }
        self.recording = recording
        self.root = root
        ScopeRuntimeTable.runtime(for: root).keepApartFromTheLiveApp()
    }

    /// Whether every event was replayed.
    public var isFinished: Bool { replayedEventCount == recording.events.count }

    /// Replays the next event and returns it, or returns nil when there is none left.
    ///
    /// - Throws: ``RecordingError`` naming the event's line when its scope is not in the tree, the
    ///   event does not decode, or an update is running (a replay from inside an update is refused:
    ///   its events would only run after that update, with effects on); the event is then not
    ///   replayed.
    @discardableResult
    public func step() throws -> RecordedEvent? {
        try step(observing: nil)
    }

    /// Replays the next event as ``step()`` does, handing `observe` its scope and the decoded event
    /// just before it is sent: for tools that write down what a session did. Without `sending`, the
    /// event is decoded, observed and counted as replayed, but not sent: for an event that ended
    /// the recorded run.
    @discardableResult
    package func step(
        observing observe: ((any Scope, any Sendable) -> Void)?, sending: Bool = true
    ) throws -> RecordedEvent? {
        guard !isFinished else { return nil }
        let event = recording.events[replayedEventCount]
        guard !Dispatcher.isUpdating else {
            // Its events would wait for the running update to end, and by then effects would be on.
            throw RecordingError(
                line: event.line,
                reason:
                    "cannot be replayed from inside an update: replay from outside any update, after it returns"
            )
        }
        let execution = ScopeRuntime.effectExecution
        ScopeRuntime.effectExecution = .discarded
        defer { ScopeRuntime.effectExecution = execution }
        try Self.replay(
            event, into: try Self.scope(at: event, below: root), observing: observe, sending: sending)
        replayedEventCount += 1
        return event
    }

    /// Replays every remaining event.
    public func playToEnd() throws {
        while try step() != nil {}
    }

    /// Sends a recorded event to the scope its path names below `root`, leaving what happens to
    /// effects to the caller: a replay drops them, a test plan records them.
    package static func send(_ event: RecordedEvent, into root: Root) throws {
        try replay(event, into: try scope(at: event, below: root), observing: nil)
    }

    private static func scope(at event: RecordedEvent, below root: Root) throws -> any Scope {
        var scope: any Scope = root
        var path = "\(type(of: root))"
        for name in event.path {
            path += ".\(name)"
            let runtime = ScopeRuntimeTable.existingRuntime(forObject: scope)
            let children = TreeReading.children(of: scope, runtime: runtime)
            guard let child = children.first(where: { $0.name == name && $0.linkedElsewhere == nil }) else {
                throw RecordingError(line: event.line, reason: "no scope at \(path)")
            }
            // Sending it an event is a use, like reading its property: an initial child is linked.
            ScopeRuntimeTable.runtime(for: scope).adoptIfNeverLinked(child.scope, as: .property(name))
            scope = child.scope
        }
        guard RecordedPath.typeName(of: scope) == event.scopeTypeName else {
            throw RecordingError(
                line: event.line,
                reason: "expected a \(event.scopeTypeName) at \(path), found a \(type(of: scope))")
        }
        return scope
    }

    private static func replay<S: Scope>(
        _ event: RecordedEvent, into scope: S, observing observe: ((any Scope, any Sendable) -> Void)?,
        sending: Bool = true
    ) throws {
        guard let decodable = decodableTypes.value(for: S.When.self) else {
            throw RecordingError(line: event.line, reason: "\(S.self).When is not Decodable")
        }
        let when: S.When
        do {
            guard
                let decoded = try decodable.decodedEvent(fromLine: event.json, at: event.eventSpan) as? S.When
            else {
                throw RecordingError(line: event.line, reason: "the event is not a \(S.self).When")
            }
            when = decoded
        } catch let error as RecordingError {
            throw error
        } catch {
            throw RecordingError(
                line: event.line,
                reason: "cannot decode \(S.self).When: \(RecordingError.reason(decoding: error))")
        }
        observe?(scope, when)
        if sending { scope.send(when) }
    }
}

/// Each event type's `Decodable` conformance, looked up once: a dynamic cast per event cost a
/// tenth of replaying it.
@MainActor private let decodableTypes = TypeMemo { $0 as? any Decodable.Type }

extension Decodable {
    /// The `event` of a recorded line, decoded as this type; callable on an existential metatype.
    ///
    /// Without `JSONDecoder` when the fast decoder reads the event exactly; with it otherwise, so
    /// that values and errors are `JSONDecoder`'s.
    fileprivate static func decodedEvent(fromLine line: [UInt8], at span: Range<Int>?) throws -> Self {
        if let span, let json = RecordingJSON(line, in: span),
            let value = RecordingEventDecoder.decode(Self.self, from: json, at: 0)
        {
            return value
        }
        return try RecordingFormat.eventDecoder().decode(
            RecordingFormat.EventField<NaNReading<Self>>.self, from: Data(line)
        )
        .event.value
    }
}
