// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The app's root: a home screen listing the features, a navigation stack of the screens the user
/// opened, and the settings, presented as a sheet.
///
/// Each screen is a scope the root creates when the user opens it and drops when the user goes back,
/// which ends its work (a save in flight, the live count's connection). The settings the user chose
/// reach the screens opened after.
@Observable
public final class AppRoot: Scope {
    public private(set) var settings = AppSettings()
    /// The navigation stack, bottom first: what `NavigationStack(path:)` shows above the home screen.
    @ObservationIgnored @Subscope public var path: [Screen] = []
    /// The settings sheet, while it is presented.
    @ObservationIgnored @Subscope public var settingsSheet: SettingsScreen? = nil

    public init() {}

    /// The features the home screen lists.
    public enum Feature: String, CaseIterable, Sendable {
        case counter = "Counter"
        case profile = "Profile"
        case liveCount = "Live count"
        case search = "Search"
    }

    public enum When: Equatable, Sendable {
        case userOpens(Feature)
        case userWentBack(toDepth: Int)
        case userTapsSettings
        case userClosesSettings
    }

    public func update(_ when: When) throws {
        switch when {
        case .userOpens(let feature):
            path.append(Screen(feature, settings: settings))
        case .userWentBack(let depth):
            guard (0...path.count).contains(depth) else {
                throw InvalidStateError("went back to depth \(depth) of a stack of \(path.count)")
            }
            path.removeLast(path.count - depth)
        case .userTapsSettings:
            // Already presented: a second tap that gets through the sheet's animation changes nothing.
            guard settingsSheet == nil else { return }
            settingsSheet = SettingsScreen(settings: settings)
        case .userClosesSettings:
            // Closing the sheet keeps what the user chose: there is no Cancel.
            if let sheet = settingsSheet {
                settings = sheet.settings
            }
            settingsSheet = nil
        }
    }

    /// The app wired to `server`: the clients are injected at the root, so every scope and effect of
    /// the tree reads them.
    public static func simulated(_ server: SimulatedServer) -> AppRoot {
        let root = AppRoot()
        root.inject(CounterClient.simulated(server))
        root.inject(ProfileClient.simulated(server))
        root.inject(LiveCountClient.simulated(server))
        root.inject(SearchClient.simulated(server))
        return root
    }
}
