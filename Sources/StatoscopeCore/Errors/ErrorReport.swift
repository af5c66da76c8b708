import Foundation

/// An error thrown by a scope's update or by one of its effects, or met by an instrument watching a
/// scope, with what caused it; or an error the app handled and reported itself (``isHandled``).
public struct ErrorReport: Sendable, CustomStringConvertible {
    /// What threw the error, or, for a handled error, what reported it.
    public enum Source: Sendable {
        /// The scope's `update` threw while handling this event (a `When` of the scope), or reported
        /// an error it handled while handling it.
        case update(any Sendable)
        /// This effect (its pristine value, as first enqueued) threw and was not mapped to a result,
        /// or its body reported an error it handled.
        case effect(any Effect)
        /// A change to the tree was refused: assigning a child to a `@Subscope` property would have
        /// linked a scope below itself (the error is a ``ScopeCycleRefused``).
        case treeChange
        /// The output of a ``Recorder`` of the scope's subtree failed: recording stopped. The error is
        /// a ``RecordingError`` naming the line that was not written.
        case recording
        /// A closure given to the scope's ``Scope/observe(_:)`` kept changing what it read, run after
        /// run, up to ``ScopeObservation/consecutiveRunLimit``.
        case observation
        /// A write to a shared value was refused (by code other than the update of the event being
        /// delivered), or its saved copy could not be read or written; the error names the value's
        /// key (the scope is the writer, or the first reader).
        case sharing
        /// The scope read a dependency that nothing provides (the error is a
        /// `MissingDependencyError` naming its type); the program stops after the report.
        case dependency
    }

    /// The error that was thrown.
    public let error: any Error
    /// What threw it, or what reported it.
    public let source: Source
    /// Whether the app handled the error and reported it itself, with ``Scope/reportHandled(_:during:)``
    /// from `update` or ``ErrorReporting/reportHandled(_:)`` from an effect: nothing threw, and the app
    /// went on. False for every error the library reports.
    public let isHandled: Bool
    // SAFETY: Sound because a metatype is immutable; it is not `Sendable` only because `Scope` is
    // main-actor isolated, and a report reads it only to name or compare the type, never to call
    // into it.
    /// The type of the scope the event was sent to, or that enqueued the effect.
    nonisolated(unsafe) public let scopeType: any Scope.Type
    /// The identity of that scope, to tell apart scopes of the same type. Like any `ObjectIdentifier`,
    /// it may be reused by a new object once the scope is released.
    public let scopeID: ObjectIdentifier
    /// Where the scope sat in its tree, from the root: `App.rows[2].detail`.
    public let scopePath: String
    /// When the error was reported.
    public let date: Date
    /// The record of the running ``FlightRecorder`` when the error was reported, as the text of a
    /// recording (write it to a file to attach it or replay it), or nil when none runs. Kept when the
    /// library reports the error, before any handler sees it, and made into text when first read.
    public var flightRecording: String? { flightRecordingSource?.text }
    /// What ``flightRecording`` reads, set by the flight recorder when the report is made.
    package var flightRecordingSource: DeferredText?

    /// Creates a report; the library makes these, tests of reporting code may too.
    @MainActor
    public init<S: Scope>(
        error: any Error, source: Source, scope: S, isHandled: Bool = false, date: Date = Date()
    ) {
        self.error = error
        self.source = source
        self.isHandled = isHandled
        self.scopeType = type(of: scope)
        self.scopeID = ObjectIdentifier(scope)
        self.scopePath = scope.scopePath
        self.date = date
    }

    @MainActor
    package init(
        error: any Error, source: Source, runtime: ScopeRuntime, isHandled: Bool = false, date: Date = Date()
    ) {
        self.error = error
        self.source = source
        self.isHandled = isHandled
        self.scopeType = runtime.scopeType
        self.scopeID = runtime.scopeID
        self.scopePath = runtime.path
        self.date = date
    }

    /// A report about a scope that may be gone, from what was known of it.
    package init(
        error: any Error, source: Source, scopeType: any Scope.Type, scopeID: ObjectIdentifier,
        scopePath: String
    ) {
        self.error = error
        self.source = source
        self.isHandled = false
        self.scopeType = scopeType
        self.scopeID = scopeID
        self.scopePath = scopePath
        self.date = Date()
    }

    /// One line naming the scope, the cause and the error; values the app marked sensitive read
    /// `<redacted>`.
    public var description: String {
        if let refusal = error as? EventToDismissedScope {
            // The update never ran: the refusal says what happened, with the path and the event.
            return "\(refusal)"
        }
        if let unanimated = error as? AnimationNeverSent {
            // Nothing threw: the error names the event, which ran without its animation.
            return "\(scopePath): \(unanimated)"
        }
        let error = Redaction.describe(self.error)
        let outcome = isHandled ? "handled" : "threw"
        switch source {
        case .update(let when):
            return "\(scopePath): \(scopeType).update(\(Redaction.describe(when))) \(outcome) \(error)"
        case .effect(let effect):
            return "\(scopePath): effect \(Redaction.describe(effect)) of \(scopeType) \(outcome) \(error)"
        case _ where isHandled:
            return "\(scopePath): handled \(error)"
        case .treeChange:
            return error
        case .recording:
            return "\(scopePath): recording failed: \(error)"
        case .observation, .sharing, .dependency:
            return "\(scopePath): \(error)"
        }
    }
}
