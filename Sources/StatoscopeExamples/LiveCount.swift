// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// The live count: the count the server holds, pushed over a long-lived connection whenever any
/// device changes it, shown while the view is open.
///
/// The updates are one keyed stream effect: connecting again restarts it, disconnecting cancels it,
/// and closing the view (dismissing the scope) ends it. When the server closes the connection or it
/// fails, the view says so and offers to connect again. Inside the demo app, each pushed count also
/// goes to the counter, through the app.
@MainActor
package final class LiveCount: Scope {
    /// The key of the one connection this view keeps open at a time.
    static let updatesKey = "liveCountUpdates"

    package private(set) var viewShowsLive = false
    package private(set) var viewDisplaysServerCount: Int?
    /// Why the updates stopped, when the server stopped them.
    package private(set) var viewDisplaysError: String?

    package init() {}

    /// How the server's updates stopped, in words the view shows; `Codable` so that recordings keep it.
    package enum End: Codable, Sendable, Equatable, CustomStringConvertible {
        case serverClosed
        case failed(ServerError)

        package init(_ end: StreamEnd) {
            switch end {
            case .finished: self = .serverClosed
            case .failed(let error): self = .failed(ServerError(error))
            }
        }

        package var description: String {
            switch self {
            case .serverClosed: "serverClosed"
            case .failed(let error): "failed(\(error))"
            }
        }

        var message: String {
            switch self {
            case .serverClosed: "the server closed the live updates"
            case .failed(let error): error.message
            }
        }
    }

    package enum When: Codable, Sendable, Equatable {
        /// Sent when the view is shown, and by its Reconnect button.
        case userConnects
        case userDisconnects
        case serverPushesCount(CounterDTO)
        case liveUpdatesEnd(End)
    }

    package func update(_ when: When) throws {
        switch when {
        case .userConnects:
            viewShowsLive = true
            viewDisplaysError = nil
            // Until the server's first push, the view shows that it is connecting, not a count that
            // may have changed while it was off.
            viewDisplaysServerCount = nil
            // Keyed: a reconnect replaces the connection in flight, which delivers nothing more.
            effectsState.enqueue(
                LiveCountUpdates()
                    .map { When.serverPushesCount($0) }
                    .onEnd { When.liveUpdatesEnd(End($0)) },
                key: Self.updatesKey)
        case .userDisconnects:
            effectsState.cancelEffect(key: Self.updatesKey)
            viewShowsLive = false
        case .serverPushesCount(let dto):
            // A cancelled stream delivers nothing more: a push while off is a duplicated or forged event.
            guard viewShowsLive else {
                throw InvalidStateError("a count was pushed while the live updates were off")
            }
            viewDisplaysServerCount = dto.count
            // Shown on its own, the view has no app to tell.
            if let app = try? superscope(DemoApp.self) {
                app.send(.liveCountPushed(dto.count))
            }
        case .liveUpdatesEnd(let end):
            guard viewShowsLive else {
                throw InvalidStateError("the live updates ended (\(end)) while they were off")
            }
            viewShowsLive = false
            viewDisplaysError = end.message
        }
    }
}
