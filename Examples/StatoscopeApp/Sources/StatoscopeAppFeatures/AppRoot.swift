// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// A window's root: a home screen listing the features, a navigation stack of the screens the user
/// opened, and the settings, presented as a sheet. Each window of the app has its own, made by the
/// window, so that what the user opens in one window stays in that window.
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
    public enum Feature: String, CaseIterable, Codable, Sendable {
        case counter = "Counter"
        case profile = "Profile"
        case liveCount = "Live count"
        case search = "Search"
    }

    /// What a window restores when the system brings it back: the screens it showed, bottom first,
    /// and its settings. A window saves it (in its scene's storage) each time it changes.
    public struct Restoration: Codable, Equatable, Sendable {
        public var features: [Feature]
        public var settings: AppSettings

        public init(features: [Feature], settings: AppSettings) {
            self.features = features
            self.settings = settings
        }
    }

    /// The window's state as it restores it.
    public var restoration: Restoration {
        Restoration(features: path.map(\.feature), settings: settings)
    }

    public enum When: Equatable, Sendable {
        case windowRestored(Restoration)
        case userOpens(Feature)
        case userWentBack(toDepth: Int)
        case userTapsSettings
        case userClosesSettings
    }

    public func update(_ when: When) throws {
        switch when {
        case .windowRestored(let restoration):
            // A window restores once, before the user does anything in it.
            guard path.isEmpty, settingsSheet == nil else {
                throw InvalidStateError("a window was restored after the user had used it")
            }
            settings = restoration.settings
            path = restoration.features.map { Screen($0, settings: settings) }
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
