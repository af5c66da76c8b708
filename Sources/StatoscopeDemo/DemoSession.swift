import Foundation
import Logging
import Statoscope
import StatoscopeExamples

/// One run of the demo app against a server: the tree, its instruments, its recording.
@MainActor
final class DemoSession {
    let app: DemoApp
    private let recorder: Recorder
    private let recordingURL: URL
    /// How long the simulated user waits for the app to settle before acting again.
    private let patience: Duration
    private(set) var errorReports = 0

    init(baseURL: URL, recordingURL: URL, patience: Duration) throws {
        Self.installInstruments()
        app = DemoApp.live(baseURL: baseURL)
        self.recordingURL = recordingURL
        self.patience = patience
        do {
            recorder = try Recorder(recording: app, toFile: recordingURL)
        } catch {
            throw DemoFailure("cannot write the recording at \(recordingURL.path): \(error)")
        }
        ErrorReporting.addHandler { [weak self] report in
            self?.errorReports += 1
            PlainLogHandler.print("reported", "to the crash reporter: \(report.description)")
        }
    }

    /// Logging with state diffs, and analytics, both printed plainly; done once per process.
    static func installInstruments() {
        let logger = Logger(label: "statoscope-demo") { _ in PlainLogHandler() }
        EventLogging.enable(logger: logger, level: .info, stateDiffs: true)
        // EventLogging already logs what updates throw, and the demo's error handler prints each
        // report: keep the library's own error log quiet so that each error is printed once.
        var quiet = Logger(label: "statoscope-errors") { _ in PlainLogHandler() }
        quiet.logLevel = .critical
        ErrorReporting.logger = quiet
        analytics = Analytics.install { event in
            PlainLogHandler.print("analytics", event.description)
        }
    }

    /// Analytics tracks events while its registration is kept: for the whole process.
    private static var analytics: MiddlewareRegistration?

    /// Narrates a user's action and sends it.
    func user(_ narration: String, _ action: () -> Void) async {
        PlainLogHandler.print("user", narration)
        action()
        await settle()
    }

    /// Waits until the tree has nothing in flight, or until the user runs out of patience (a slow
    /// server): then the session goes on while completions are still on their way.
    func settle() async {
        let deadline = ContinuousClock.now + patience
        while isBusy {
            guard ContinuousClock.now < deadline else {
                PlainLogHandler.print("user", "does not wait for the server any longer")
                return
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    private var isBusy: Bool {
        !app.effectsState.effects.isEmpty || !app.counter.effectsState.effects.isEmpty
            || !app.profile.effectsState.effects.isEmpty
    }

    /// Waits for every completion still on its way, stops recording and prints the final tree.
    func finish() async {
        await app.effectsState.waitUntilSubtreeSettled()
        recorder.stop()
        PlainLogHandler.print(
            "recording", "\(recorder.recordedEventCount) events written to \(recordingURL.path)")
        print("final state:")
        print(app.subtreeDescription)
    }

    /// The scripted session of `swift run statoscope-demo`.
    func playScript() async {
        for tap in 1...3 {
            await user("taps + (\(tap) of 3)") { app.counter.send(.userTappedIncrementButton) }
        }
        await user("taps -") { app.counter.send(.userTappedDecrementButton) }
        await user("opens the profile tab") { app.send(.userSelectsTab(.profile)) }
        await user("types a new email") {
            app.profile.send(.userTypesNewEmail(userEmail: Sensitive("john.appleseed@example.org")))
        }
        await user("taps Change email") { app.profile.send(.userTapsChangeEmailButton) }
        // A proxy that retries delivers the save's answer a second time, after the first was
        // handled: the profile screen rejects it with an InvalidStateError instead of applying it.
        PlainLogHandler.print("network", "delivers the save's answer again, when nothing is saving")
        app.profile.send(
            .networkFinishesSavingProfile(
                .success(ProfileDTO(name: "John Appleseed", email: "john.appleseed@example.org"))))
        await user("goes back to the counter tab and taps +") {
            app.send(.userSelectsTab(.counter))
            app.counter.send(.userTappedIncrementButton)
        }
    }
}
