import Foundation
import Statoscope

/// What the main actor hands the inspector for each thing that happens, as it is: values are rendered
/// and serialised later, off the main actor, so that an event costs the app only the hand-over.
enum Capture: Sendable {
    /// An event reached a scope: `inputs` counts the session's recorded inputs up to and including it
    /// (what a replay plays to show the state after it); `cause` is the event whose update sent it.
    case event(id: Int, cause: Int?, scopePath: String, when: any Sendable, inputs: Int)
    /// The update of event `id` threw `error`.
    case eventFailed(id: Int, error: any Error)
    /// Event `id`, the last of a recording opened without its app, is where its run ended: it is
    /// shown, not replayed.
    case eventEndedTheRun(id: Int)
    /// A step in an effect's life, during event `during` if an update was running.
    case effect(
        runtime: ObjectIdentifier, scopePath: String, step: EffectStep, effect: any Sendable,
        isStream: Bool, during: Int?)
    /// An error report, during event `during` if an update was running.
    case report(ErrorReport, during: Int?)
    /// An analytics event, as the app's analytics receive it.
    case analytics(AnalyticsEvent)
    /// The tree as it stands.
    case tree(TreeSnapshot)
}

/// A step in an effect's life, as the timeline shows it.
enum EffectStep: String, Sendable {
    case enqueued, dropped, discarded, scheduled, started, completed, failed, retrying, cancelled, dismissed
}

/// The tree as it stands: its description and the work of each scope.
struct TreeSnapshot: Sendable {
    /// The root's `subtreeDescription`: sensitive values redacted.
    let description: String
    /// The effects staged, running or scheduled, and the streams open, scope by scope.
    let work: [Work]

    struct Work: Sendable, Encodable {
        let scope: String
        let effect: String
        /// `running`, `staged`, `scheduled` or `stream`.
        let phase: String
    }
}
