// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation
import Statoscope

/// The demo's root: a counter tab and a profile tab, each a subscope with its own effects.
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

    package init() {}

    /// Tracked: which tabs users open is what analytics is for.
    package enum When: Codable, Sendable, Equatable, TrackedWhen {
        case userSelectsTab(Tab)
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
        }
    }

    /// The app wired to a server at `baseURL`: both API clients are injected at the root, so every
    /// scope and effect of the tree reads them.
    package static func live(baseURL: URL) -> DemoApp {
        let app = DemoApp()
        app.injectObject(CounterAPI.live(baseURL: baseURL))
        app.injectObject(ProfileAPI.live(baseURL: baseURL))
        return app
    }
}
