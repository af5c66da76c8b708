import ArgumentParser
import Foundation
import Statoscope
import StatoscopeExamples

/// `swift run statoscope-demo`: the example app, talking over HTTP to a server of its own.
@main
struct StatoscopeDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statoscope-demo",
        abstract: "Runs Statoscope's example app against an embedded HTTP server on 127.0.0.1.",
        discussion: """
            With no options, plays a scripted session: opening the live count (the server pushes its \
            count over a long-lived connection), counter taps (each one posted to the server), another \
            device's change pushed to the app, loading the profile, editing the email, saving it, and \
            one completion arriving when nothing expects it. It prints every event, effect, state change, analytics event and \
            reported error, writes a recording of the session, and prints the final state.

            Replay that recording with --replay: it prints the same final state, without a server. \
            Add --inspect to step through it in the inspector instead, with no app running.

            --crash records a countdown that dies in an update, in a flight recording that survives \
            the process; run it again to print that recording and the test plan that reproduces it.

            --slow-server with a shorter --patience shows completions arriving after the user moved \
            on; --failing-server shows failed completions, and prints the flight recording the error report \
            carries, then replays it. --interactive reads these commands: tap, \
            untap, counter, load, email ADDRESS, save, live, disconnect, close, other COUNT, font SIZE, \
            theme NAME, settings, state, help, quit. The settings (font and theme) are saved in \
            --settings-directory and loaded on the next run.
            """
    )

    @Option(help: ArgumentHelp("Where to write the session's recording (JSON lines).", valueName: "path"))
    var recording = "statoscope-demo.jsonl"

    @Option(
        name: .customLong("slow-server"),
        help: ArgumentHelp(
            "Make the embedded server wait this long before each answer.", valueName: "milliseconds"))
    var slowServer: Int?

    @Flag(
        name: .customLong("failing-server"), help: "Make the embedded server answer every request with 503.")
    var failingServer = false

    @Option(
        help: ArgumentHelp(
            "How long the simulated user waits for the app to settle before acting again.",
            valueName: "milliseconds"))
    var patience = 2000

    @Option(
        help: ArgumentHelp(
            "Talk to a server at this URL instead of starting the embedded one.", valueName: "url"))
    var server: String?

    @Flag(help: "Read commands from standard input instead of playing the script (type help).")
    var interactive = false

    @Option(
        name: .customLong("settings-directory"),
        help: ArgumentHelp("Where the settings are saved, from one run to the next.", valueName: "path"))
    var settingsDirectory = "statoscope-demo-settings"

    @Option(help: ArgumentHelp("Replay a recording and print the state it reproduces.", valueName: "file"))
    var replay: String?

    @Flag(
        help: """
            Serve the live inspector on 127.0.0.1 while the session plays, print its URL, and keep \
            serving it after the session until interrupted; with --replay, serve it for that \
            recording instead, with no session.
            """)
    var inspect = false

    @Flag(
        help: """
            Record a countdown whose last update ends the process; run again with --crash to print \
            what the previous run's flight recording kept and the test plan that plays it again.
            """)
    var crash = false

    func validate() throws {
        if let slowServer, slowServer < 0 {
            throw ValidationError(
                "--slow-server takes a number of milliseconds, 0 or more (got \(slowServer))")
        }
        guard patience >= 0 else {
            throw ValidationError("--patience takes a number of milliseconds, 0 or more (got \(patience))")
        }
        if let server {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme), url.host != nil
            else {
                throw ValidationError(
                    "--server takes an http(s) URL such as http://127.0.0.1:8080/ (got \(server))")
            }
            if slowServer != nil || failingServer {
                throw ValidationError(
                    "--slow-server and --failing-server apply to the embedded server, not --server")
            }
        }
        if crash,
            interactive || server != nil || slowServer != nil || failingServer || inspect || replay != nil
        {
            throw ValidationError("--crash runs no server and no session: use it alone")
        }
        if replay != nil, interactive || server != nil || slowServer != nil || failingServer {
            throw ValidationError("--replay runs no server and no session: use it alone, or with --inspect")
        }
    }

    func run() async throws {
        if crash {
            try await DemoCrash.run()
            return
        }
        if let replay, inspect {
            try await DemoInspection.open(URL(fileURLWithPath: replay)).serveUntilInterrupted(
                saying: "the recording is replayed, no app running; serving the inspector until interrupted")
            return
        }
        if let replay {
            try await Self.replay(URL(fileURLWithPath: replay))
            return
        }
        let embedded: DemoServer?
        let baseURL: URL
        if let server, let url = URL(string: server) {
            embedded = nil
            baseURL = url
        } else {
            var behaviour = DemoServer.Behaviour()
            behaviour.delay = .milliseconds(slowServer ?? 0)
            behaviour.failing = failingServer
            let started = try await DemoServer.start(behaviour: behaviour)
            print("server    listening at \(started.baseURL.absoluteString)\(Self.describe(behaviour))")
            embedded = started
            baseURL = started.baseURL
        }
        do {
            try await ServerCheck.requireReachable(baseURL)
            try await Self.play(
                baseURL: baseURL, recording: URL(fileURLWithPath: recording),
                patience: .milliseconds(patience),
                interactive: interactive, showsFlightRecordings: failingServer, inspects: inspect,
                settingsDirectory: URL(fileURLWithPath: settingsDirectory, isDirectory: true))
        } catch {
            await embedded?.stop()
            throw error
        }
        await embedded?.stop()
    }

    @MainActor
    private static func play(
        baseURL: URL, recording: URL, patience: Duration, interactive: Bool, showsFlightRecordings: Bool,
        inspects: Bool, settingsDirectory: URL
    ) async throws {
        let session = try DemoSession(
            baseURL: baseURL, recordingURL: recording, patience: patience,
            showsFlightRecordings: showsFlightRecordings)
        let inspection = inspects ? try await DemoInspection.start(session.app) : nil
        let settings = DemoSettingsSession(directory: settingsDirectory)
        session.settings = settings
        if interactive {
            await session.playInteractively()
        } else {
            await session.playScript()
            await settings.playScript(in: session)
        }
        await settings.finish()
        await session.finish()
        await inspection?.serveUntilInterrupted()
    }

    @MainActor
    private static func replay(_ url: URL) async throws {
        let recording: Recording
        do {
            recording = try Recording(contentsOf: url)
        } catch {
            throw DemoFailure("cannot replay \(url.path): \(error)")
        }
        DemoSession.installInstruments()
        print("replaying \(recording.events.count) events from \(url.path), effects off")
        // Effects are off while reproducing, so these clients are never called: they are injected so
        // that the reproduced tree is described exactly as the recorded one was.
        let unused = URL(string: "http://127.0.0.1/")!
        let app: DemoApp
        do {
            app = try recording.reproduce { DemoApp.live(baseURL: unused) }
        } catch {
            throw DemoFailure("cannot replay \(url.path): \(error)")
        }
        await Analytics.waitUntilDelivered()
        print("final state:")
        print(app.subtreeDescription)
    }

    private static func describe(_ behaviour: DemoServer.Behaviour) -> String {
        var notes: [String] = []
        if behaviour.delay > .zero { notes.append("answering after \(behaviour.delay)") }
        if behaviour.failing { notes.append("failing every request") }
        return notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
    }
}
