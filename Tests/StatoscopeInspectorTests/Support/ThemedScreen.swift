import Statoscope

/// The key the replay tests share: persisted, so that a replay writing to the app's store would
/// rewrite its file.
enum InspectedKeys {
    static let theme = SharedKey<String>.persisted("inspectedTheme", default: "system")
}

/// A screen whose theme is a persisted shared value, and a badge that is told of its changes: the
/// app's shared state, which a replay must leave alone.
@MainActor
final class ThemedScreen: Scope {
    @Shared(InspectedKeys.theme) var theme: String
    @Subscope var badge = ThemeBadge()

    enum When: Codable, Sendable {
        case choose(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .choose(let theme): self.theme = theme
        }
    }
}

/// Asks to be told of the theme's changes, and keeps each one it was told of.
@MainActor
final class ThemeBadge: Scope {
    var told: [String] = []

    enum When: Codable, Sendable {
        case appeared
        case themeChanged(String)
    }

    func update(_ when: When) throws {
        switch when {
        case .appeared: receiveChanges(of: InspectedKeys.theme, as: When.themeChanged)
        case .themeChanged(let theme): told.append(theme)
        }
    }
}
