// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// One screen of the navigation stack: exactly one of its subscopes is set, the feature the user
/// opened. A stack holds children of one type, and this one holds any feature.
@Observable
public final class Screen: IdentifiableScope {
    @ObservationIgnored @Subscope public var counter: CounterScreen? = nil
    @ObservationIgnored @Subscope public var profile: ProfileScreen? = nil
    @ObservationIgnored @Subscope public var liveCount: LiveCountScreen? = nil
    @ObservationIgnored @Subscope public var search: SearchScreen? = nil

    /// The feature the screen shows.
    public let feature: AppRoot.Feature

    /// The screen of `feature`, as the settings have it: a preview makes one too.
    public init(_ feature: AppRoot.Feature, settings: AppSettings = AppSettings()) {
        self.feature = feature
        switch feature {
        case .counter: counter = CounterScreen(step: settings.counterStep)
        case .profile: profile = ProfileScreen()
        case .liveCount: liveCount = LiveCountScreen(connectsOnOpen: settings.connectsLiveCountOnOpen)
        case .search: search = SearchScreen()
        }
    }

    public enum When: Sendable {}

    public func update(_ when: When) throws {}
}
