import Foundation
import Statoscope
import StatoscopeExamples

/// The demo's settings screen and the store that keeps its values in a file, from one run to the
/// next.
@MainActor
final class DemoSettingsSession {
    let screen: SettingsScreen
    private let store: SharedStore
    private let directory: URL

    /// Loads the settings saved in `directory`, and says where they are.
    init(directory: URL) {
        self.directory = directory.standardizedFileURL
        (screen, store) = SettingsScreen.saving(in: self.directory)
        PlainLogHandler.print(
            "settings",
            "\(screen.settings), from \(self.directory.appendingPathComponent("settings.json").path)")
    }

    /// The script's part: the user makes the text one size larger (back to 14 past 40), so that each
    /// run starts from what the one before it saved.
    func playScript(in session: DemoSession) async {
        let size = screen.settings.fontSize
        let next = size < DemoSettings.fontSizes.upperBound ? size + 1 : DemoSettings().fontSize
        await session.user("makes the text larger") { screen.send(.userSetsFontSize(next)) }
    }

    /// Saves what changed, and says so.
    func finish() async {
        await store.flush()
        PlainLogHandler.print("settings", "\(screen.settings), saved")
    }
}

extension DemoSession {
    /// Performs a settings command of `--interactive`.
    func performSettings(_ command: InteractiveCommand) async {
        guard let settings else { return }
        switch command {
        case .fontSize(let size):
            await user("sets the font size to \(size)") { settings.screen.send(.userSetsFontSize(size)) }
        case .theme(let theme):
            await user("chooses the \(theme.rawValue) theme") {
                settings.screen.send(.userChoosesTheme(theme))
            }
        default:
            PlainLogHandler.print("settings", "\(settings.screen.settings)")
        }
    }
}
