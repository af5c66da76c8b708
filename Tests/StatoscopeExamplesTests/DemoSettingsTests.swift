import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The demo's settings: a plan of the screen, and two runs of the demo that share them.
@Suite(.timeLimit(.minutes(20)))
struct DemoSettingsTests {
    @Test func theSettingsScreenChangesAndSavesTheSharedSettings() throws {
        try SettingsScreen.GIVEN { SettingsScreen() }
            .GIVEN_Stored(.demoSettings, DemoSettings(fontSize: 20, theme: .dark))
            .WHEN(.userSetsFontSize(22))
            .THEN_Shared(.demoSettings, equals: DemoSettings(fontSize: 22, theme: .dark))
            .WHEN(.userChoosesTheme(.light))
            .WHEN_TimePasses(.milliseconds(250))
            .THEN_Saved(.demoSettings, equals: DemoSettings(fontSize: 22, theme: .light), writes: 2)
            .runTest()
    }

    @Test func aFontSizeOutOfRangeIsRefused() throws {
        try SettingsScreen.GIVEN { SettingsScreen() }
            .WHEN_Throws(.userSetsFontSize(99))
            .THEN_Shared(.demoSettings, equals: DemoSettings())
            .runTest()
    }

    @Test func settingsChangedInOneRunAreThereInTheNext() async throws {
        let demo = try DemoExecutable()
        let first = try await demo.run(["--interactive"], input: "font 18\ntheme dark\nquit\n")
        #expect(first.status == 0, "stderr: \(first.errors)")
        #expect(first.output.contains("settings  font size 14, theme light, from "))
        #expect(first.output.contains("settings  font size 18, theme dark, saved"))
        let second = try await demo.run([])
        #expect(second.status == 0, "stderr: \(second.errors)")
        #expect(second.output.contains("settings  font size 18, theme dark, from "))
        #expect(second.output.contains("settings  font size 19, theme dark, saved"))
    }
}
