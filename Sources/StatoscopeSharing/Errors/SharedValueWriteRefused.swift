@_spi(StatoscopeInternals) import StatoscopeCore

/// A shared value was written by code other than the update of the event being delivered: the write
/// was refused and the value kept.
///
/// A shared value changes only in `update(_:)`, where an event says why, so that middleware, logs
/// and recordings see every change. The update of the event being delivered writes, and so does the
/// code it calls, the methods of its children included. Everything else is refused: code outside
/// any update (a view's closure, an effect's task), code around an update while an event is
/// delivered (a middleware, app-wide or a scope's own, analytics, a recorder, an error handler),
/// a scope out of the app (dismissed, or being released: its `deinit`), even while its parent's
/// update runs, and a scope of another tree than the running update's, which is written outside
/// any update of its own tree. Reported to ``ErrorReporting`` with the path of the scope that wrote it; a write an
/// error handler makes is logged instead, so that no handler receives its own refusals.
public struct SharedValueWriteRefused: Error, Sendable, CustomStringConvertible {
    /// The name of the value's key (`owned` for a value a scope owns).
    public let key: String
    /// The store holding the value, and where it saves a persisted one:
    /// `SharedStore(InMemoryStorage)`, `SharedStore(JSONFileStorage) (saved at /…/settings.json)`.
    public let store: String
    /// What wrote the value, which makes the write refused: `outside an update`, `by a middleware
    /// …`, `by a dismissed scope`.
    public let reason: String
    /// What to do instead.
    let advice: String

    init(key: String, store: String, cause: WriteRefusalCause) {
        self.key = key
        self.store = store
        (reason, advice) = cause.text
    }

    /// One line naming the key, the store, what wrote it and what to do instead.
    public var description: String {
        "the shared value \"\(key)\" in \(store) was written \(reason) and kept its value: \(advice)"
    }
}

/// Why a write to a shared value is refused.
enum WriteRefusalCause {
    case outsideUpdate
    case aroundUpdate
    case errorHandler
    case scopeDismissed
    case scopeReleased

    init(_ refusal: WriteRefusal) {
        switch refusal {
        case .outsideUpdate: self = .outsideUpdate
        case .aroundUpdate: self = .aroundUpdate
        case .errorHandler: self = .errorHandler
        }
    }

    /// What wrote the value, and what to do instead.
    var text: (reason: String, advice: String) {
        let onlyUpdates =
            "only the update of the event being delivered changes shared values: change it there, or "
            + "send an event whose update does"
        let outOfTheApp =
            "a scope out of the app changes nothing: change it in the update that dismisses the scope"
        switch self {
        case .outsideUpdate:
            return ("outside an update", "change it in update(_:), in answer to an event")
        case .aroundUpdate:
            return (
                "by code running around an update while an event was delivered (a middleware, analytics, "
                    + "a recorder)", onlyUpdates
            )
        case .errorHandler:
            return ("by an error handler while an event was delivered", onlyUpdates)
        case .scopeDismissed:
            return ("by a dismissed scope", outOfTheApp)
        case .scopeReleased:
            return ("by a scope being released (from its deinit)", outOfTheApp)
        }
    }
}
