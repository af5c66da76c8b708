import Foundation
import Logging
import Statoscope
import StatoscopeExamples

/// One run of the demo app against a server: the tree, its instruments, its recording.
///
/// It runs with what a shipped app installs: analytics, an error handler (a stand-in for a crash
/// reporter) and a flight recorder, whose record every error report carries.
@MainActor
final class DemoSession {
    let app: DemoApp
    private let recorder: Recorder
    private let flightRecorder: FlightRecorder
    /// The crash reporter's registration, kept for as long as the session runs.
    private var crashReporting: ErrorReporting.Registration?
    /// Whether reports print their flight recording and replay it (`--failing-server`); otherwise
    /// they only say how much of it they carry, to keep the output short.
    private let showsFlightRecordings: Bool
    /// The flight recording of the last report, replayed once the update that threw has returned:
    /// a replay from inside an update is refused.
    private var flightRecordingToReplay: String?
    private var isReplaying = false
    private let recordingURL: URL
    /// Another device, changing the count on the same server: the pushes the live count receives.
    private let anotherDevice: CounterAPI
    /// How long the simulated user waits for the app to settle before acting again.
    private let patience: Duration
    private(set) var errorReports = 0
    /// The settings screen, whose values last from one run to the next.
    var settings: DemoSettingsSession?

    init(baseURL: URL, recordingURL: URL, patience: Duration, showsFlightRecordings: Bool) throws {
        Self.installInstruments()
        app = DemoApp.live(baseURL: baseURL)
        anotherDevice = CounterAPI.live(baseURL: baseURL)
        flightRecorder = FlightRecorder(recording: app, keepingLast: 500)
        self.showsFlightRecordings = showsFlightRecordings
        self.recordingURL = recordingURL
        self.patience = patience
        do {
            recorder = try Recorder(recording: app, toFile: recordingURL)
        } catch {
            throw DemoFailure("cannot write the recording at \(recordingURL.path): \(error)")
        }
        crashReporting = ErrorReporting.addHandler { [weak self] report in self?.handle(report) }
    }

    /// What the crash reporter does with a report: prints it, and keeps its flight recording.
    private func handle(_ report: ErrorReport) {
        guard !isReplaying else {
            PlainLogHandler.print("replay", "reproduces the error: \(report.description)")
            return
        }
        errorReports += 1
        PlainLogHandler.print("reported", "to the crash reporter: \(report.description)")
        guard let record = report.flightRecording else { return }
        let lines = record.split(separator: "\n").count
        PlainLogHandler.print("reported", "with its flight recording (\(lines) lines)")
        if showsFlightRecordings { flightRecordingToReplay = record }
    }

    /// Prints the flight recording of the last report and replays it into a fresh app, quietly.
    private func replayReportedFlightRecording() {
        guard let record = flightRecordingToReplay else { return }
        flightRecordingToReplay = nil
        print("flight recording of the report:")
        for line in record.split(separator: "\n") { print("  \(line)") }
        isReplaying = true
        // The replay's events are the session's again: logging and analytics would print them twice.
        EventLogging.disable()
        Self.analytics = nil
        defer {
            isReplaying = false
            Self.installInstruments()
        }
        do {
            let recording = try Recording(jsonLines: record)
            // Effects are off while reproducing: these clients are never called.
            let replayed = try recording.reproduce {
                DemoApp.live(baseURL: URL(string: "http://127.0.0.1/")!)
            }
            PlainLogHandler.print(
                "replay", "the flight recording replayed \(recording.events.count) events into a fresh app:")
            print(replayed.subtreeDescription)
        } catch {
            PlainLogHandler.print("replay", "the flight recording does not replay: \(error)")
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
    private static var analytics: InstrumentRegistration?

    /// Narrates a user's action and sends it.
    func user(_ narration: String, _ action: () -> Void) async {
        replayReportedFlightRecording()
        PlainLogHandler.print("user", narration)
        action()
        await settle()
    }

    /// Another device posts `count` to the server, which pushes it to the live count if it is open;
    /// the session waits for that push.
    func anotherDeviceSetsCount(_ count: Int) async {
        replayReportedFlightRecording()
        PlainLogHandler.print("device", "another device sets the count to \(count)")
        do {
            _ = try await anotherDevice.postCount(count)
        } catch {
            PlainLogHandler.print("device", "the server refused it: \(ServerError(error).message)")
            return
        }
        await wait(for: "the pushed count") {
            app.liveCount?.viewShowsLive != true || app.liveCount?.viewDisplaysServerCount == count
        }
    }

    /// Sends what (re)connects the live count, then waits for the server's first push, or for the
    /// updates to stop.
    func connectLiveCount(_ narration: String, _ action: () -> Void) async {
        await user(narration, action)
        await wait(for: "the live count to connect") {
            guard let live = app.liveCount else { return true }
            return !live.viewShowsLive || live.viewDisplaysServerCount != nil
        }
    }

    /// Waits until `condition` holds, or until the user runs out of patience, saying what it waited
    /// for. A pushed update has no effect to settle: this is how the session waits for one.
    private func wait(for what: String, until condition: () -> Bool) async {
        let deadline = ContinuousClock.now + patience
        while !condition() {
            guard ContinuousClock.now < deadline else {
                PlainLogHandler.print("user", "does not wait for \(what) any longer")
                return
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits until the tree has nothing in flight, or until the user runs out of patience (a slow
    /// server): then the session goes on while completions are still on their way. The live
    /// count's connection stays open: it is not waited for.
    func settle() async {
        await waitForEffects()
        // Analytics hands events to its sink off the main actor: the lines of this step's events
        // are printed before the next step's.
        await Analytics.waitUntilDelivered()
    }

    private func waitForEffects() async {
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

    /// Closes the live count, whose connection would never settle, waits for every completion
    /// still on its way, stops recording and prints the final tree.
    func finish() async {
        if app.liveCount != nil {
            await user("closes the live count") { app.send(.userClosesLiveCount) }
        }
        await app.effectsState.waitUntilSubtreeSettled()
        await Analytics.waitUntilDelivered()
        replayReportedFlightRecording()
        recorder.stop()
        flightRecorder.stop()
        PlainLogHandler.print(
            "recording", "\(recorder.recordedEventCount) events written to \(recordingURL.path)")
        print("final state:")
        print(app.subtreeDescription)
    }

    /// The scripted session of `swift run statoscope-demo`.
    func playScript() async {
        await connectLiveCount("opens the live count") { app.send(.userOpensLiveCount) }
        for tap in 1...3 {
            await user("taps + (\(tap) of 3)") { app.counter.send(.userTappedIncrementButton) }
        }
        await user("taps -") { app.counter.send(.userTappedDecrementButton) }
        // Each post is pushed back on the live connection too; the session waits for the last push
        // so that another device's change comes after it.
        await wait(for: "the live count to catch up") {
            app.liveCount?.viewShowsLive != true
                || app.liveCount?.viewDisplaysServerCount == app.counter.viewDisplaysTotalCount
        }
        await anotherDeviceSetsCount(10)
        await user("closes the live count") { app.send(.userClosesLiveCount) }
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
