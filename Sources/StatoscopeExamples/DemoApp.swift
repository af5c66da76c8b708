// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation
import Statoscope

/// The demo's root: a counter tab and a profile tab, each a subscope with its own effects, and the
/// live count, a view the user opens and closes, whose pushed counts the app hands to the counter.
@MainActor
package final class DemoApp: Scope {
    package enum Tab: String, Codable, Sendable, Equatable, CustomStringConvertible {
        case counter
        case profile

        package var description: String { rawValue }
    }

    package private(set) var selectedTab = Tab.counter
    @Subscope package var counter = Counter()
    @Subscope package var profile = ProfileScreen()
    @Subscope package var liveCount: LiveCount? = nil

    package init() {}

    /// Tracked: which tabs and views users open is what analytics is for.
    package enum When: Codable, Sendable, Equatable, TrackedWhen {
        case userSelectsTab(Tab)
        case userOpensLiveCount
        case userClosesLiveCount
        case liveCountPushed(Int)

        /// A pushed count is the server's doing, not the user's.
        package var isTracked: Bool {
            if case .liveCountPushed = self { return false }
            return true
        }
    }

    package func update(_ when: When) throws {
        switch when {
        case .userSelectsTab(let tab):
            let wasShowing = selectedTab
            selectedTab = tab
            // The profile loads when it is shown; the event is queued and handled after this one.
            if tab == .profile, wasShowing != .profile {
                profile.send(.systemShowsUserProfileView)
            }
        case .userOpensLiveCount:
            // Already open: the view has its own Reconnect button.
            guard liveCount == nil else { return }
            let live = LiveCount()
            liveCount = live
            // The view connects when it is shown; the event is queued and handled after this one.
            live.send(.userConnects)
        case .userClosesLiveCount:
            // Dismissing the view cancels its effects: the connection closes.
            liveCount = nil
        case .liveCountPushed(let count):
            counter.send(.serverChangedCount(count))
        }
    }

    /// The app wired to a server at `baseURL`: the API clients are injected at the root, so every
    /// scope and effect of the tree reads them.
    package static func live(baseURL: URL) -> DemoApp {
        let app = DemoApp()
        app.inject(CounterAPI.live(baseURL: baseURL))
        app.inject(ProfileAPI.live(baseURL: baseURL))
        app.inject(LiveCountAPI.live(baseURL: baseURL))
        return app
    }
}
