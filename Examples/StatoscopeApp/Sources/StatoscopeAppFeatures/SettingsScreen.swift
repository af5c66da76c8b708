// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The settings sheet: plain state the user changes with toggles. The root reads it back when the
/// sheet closes; the screens opened after use it.
@Observable
public final class SettingsScreen: IdentifiableScope {
    public private(set) var settings: AppSettings

    /// The sheet showing `settings`: a preview makes one too.
    public init(settings: AppSettings = AppSettings()) {
        self.settings = settings
    }

    public enum When: Equatable, Sendable {
        case userToggledCountsInTens(Bool)
        case userToggledConnectsLiveCountOnOpen(Bool)
    }

    public func update(_ when: When) throws {
        switch when {
        case .userToggledCountsInTens(let isOn): settings.countsInTens = isOn
        case .userToggledConnectsLiveCountOnOpen(let isOn): settings.connectsLiveCountOnOpen = isOn
        }
    }
}
