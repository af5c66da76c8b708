// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Foundation
import Statoscope

/// The demo's settings: kept in a file, so that they last from one run to the next.
package struct DemoSettings: Codable, Sendable, Equatable, CustomStringConvertible {
    package enum Theme: String, Codable, Sendable, Equatable, CaseIterable {
        case light
        case dark
    }

    package var fontSize = 14
    package var theme = Theme.light

    package init(fontSize: Int = 14, theme: Theme = .light) {
        self.fontSize = fontSize
        self.theme = theme
    }

    package var description: String { "font size \(fontSize), theme \(theme.rawValue)" }

    /// The sizes the app can show.
    package static let fontSizes = 8...40
}

extension SharedKey where Value == DemoSettings {
    /// The demo's settings, saved as `settings.json` by the store's storage.
    package static var demoSettings: SharedKey<DemoSettings> {
        .persisted("settings", default: DemoSettings())
    }
}

/// The settings screen: every scope reading `.demoSettings` sees what it changes.
@MainActor
package final class SettingsScreen: Scope {
    @Shared(.demoSettings) package var settings: DemoSettings

    package init() {}

    package enum When: Codable, Sendable, Equatable {
        case userSetsFontSize(Int)
        case userChoosesTheme(DemoSettings.Theme)
    }

    package func update(_ when: When) throws {
        switch when {
        case .userSetsFontSize(let size):
            guard DemoSettings.fontSizes.contains(size) else {
                throw InvalidStateError(
                    "a font size between \(DemoSettings.fontSizes.lowerBound) and "
                        + "\(DemoSettings.fontSizes.upperBound), not \(size)")
            }
            settings.fontSize = size
        case .userChoosesTheme(let theme):
            settings.theme = theme
        }
    }

    /// A settings screen whose store saves in `directory`.
    package static func saving(in directory: URL) -> (screen: SettingsScreen, store: SharedStore) {
        let screen = SettingsScreen()
        let store = SharedStore(storage: JSONFileStorage(directory: directory))
        screen.inject(store)
        return (screen, store)
    }
}
