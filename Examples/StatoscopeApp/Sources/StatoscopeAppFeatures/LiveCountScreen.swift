// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The count the server holds, pushed over a long-lived connection each time any device changes it.
///
/// The connection is one keyed stream effect: connecting again replaces it, disconnecting cancels it,
/// and going back from the screen, which drops its scope, ends it. When the server closes it or it
/// fails, the screen says so and offers to connect again.
@Observable
public final class LiveCountScreen: Scope {
    /// Whether the screen connects when it appears: the settings chose it when the screen opened.
    public let connectsOnOpen: Bool
    public private(set) var isConnected = false
    /// Nil until the server's first push after connecting.
    public private(set) var count: Int?
    /// Why the updates stopped, when the server stopped them.
    public private(set) var errorMessage: String?
    /// Whether the window went to the background while connected: it connects again when it is back.
    public private(set) var reconnectsWhenActive = false

    static let updatesKey = "updates"

    public init(connectsOnOpen: Bool = true) {
        self.connectsOnOpen = connectsOnOpen
    }

    public enum When: Equatable, Sendable {
        case screenAppeared
        case userTappedConnect
        case userTappedDisconnect
        case serverPushed(Int)
        case updatesEnded(errorMessage: String?)
        case windowWentToBackground
        case windowBecameActive
    }

    public func update(_ when: When) throws {
        switch when {
        case .screenAppeared:
            guard connectsOnOpen, !isConnected else { return }
            connect()
        case .userTappedConnect:
            connect()
        case .userTappedDisconnect:
            effectsState.cancelEffect(key: Self.updatesKey)
            isConnected = false
        case .serverPushed(let count):
            // A cancelled connection delivers nothing more: a push while disconnected is forged.
            guard isConnected else { throw InvalidStateError("a count was pushed while disconnected") }
            self.count = count
        case .windowWentToBackground:
            // Nobody sees the count: the connection is closed rather than kept open for nothing.
            guard isConnected else { return }
            effectsState.cancelEffect(key: Self.updatesKey)
            isConnected = false
            reconnectsWhenActive = true
        case .windowBecameActive:
            guard reconnectsWhenActive else { return }
            reconnectsWhenActive = false
            connect()
        case .updatesEnded(let errorMessage):
            guard isConnected else { throw InvalidStateError("the updates ended while disconnected") }
            isConnected = false
            self.errorMessage = errorMessage ?? "The server closed the connection."
        }
    }

    private func connect() {
        isConnected = true
        reconnectsWhenActive = false
        errorMessage = nil
        // Until the first push, the screen shows that it is connecting, not a count that may be old.
        count = nil
        effectsState.enqueue(
            LiveCountUpdates()
                .map(When.serverPushed)
                .onEnd { end in
                    switch end {
                    case .finished: When.updatesEnded(errorMessage: nil)
                    case .failed(let error): When.updatesEnded(errorMessage: APIError(error).message)
                    }
                },
            key: Self.updatesKey)
    }
}
