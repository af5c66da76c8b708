// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

import Foundation
import Statoscope

/// The demo's root: a counter tab and a profile tab, each a subscope with its own effects.
@MainActor
public final class DemoApp: Scope {
    public enum Tab: String, Codable, Sendable, Equatable, CustomStringConvertible {
        case counter
        case profile

        public var description: String { rawValue }
    }

    public private(set) var selectedTab = Tab.counter
    @Subscope public var counter = Counter()
    @Subscope public var profile = ProfileScreen()

    public init() {}

    public enum When: Codable, Sendable, Equatable {
        case userSelectsTab(Tab)
    }

    public func update(_ when: When) throws {
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
    public static func live(baseURL: URL) -> DemoApp {
        let app = DemoApp()
        app.injectObject(CounterAPI.live(baseURL: baseURL))
        app.injectObject(ProfileAPI.live(baseURL: baseURL))
        return app
    }
}
