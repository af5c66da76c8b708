import Foundation
import Testing

/// The demo, run as a user runs it: real HTTP round trips to its embedded server on 127.0.0.1.
@Suite(.timeLimit(.minutes(20)))
struct DemoEndToEndTests {
    // Each run passes a long --patience: on a busy machine a round trip may take longer than the
    // simulated user's default two seconds, and a user who moves on changes the session's story.
    @Test func theScriptedSessionTalksToTheServerAndItsRecordingReplaysToTheSameState() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }

        let session = try await demo.run(["--recording", "session.jsonl", "--patience", "15000"])
        #expect(session.status == 0, "stderr: \(session.errors)")
        // Each tap is posted over HTTP and the server's answer comes back as an event.
        #expect(session.output.contains("DemoApp.counter effect PostCount(count: 1) started"))
        #expect(session.output.contains("DemoApp.counter effect PostCount(count: 1) completed"))
        #expect(
            session.output.contains("DemoApp.counter <- networkPostCompleted(success(CounterDTO(count: 1)))"))
        #expect(session.output.contains("DemoApp.counter changed viewDisplaysTotalCount: 0 -> 1"))
        // The profile is loaded from the server and the edited email is never printed.
        #expect(session.output.contains("name: \"\" -> \"John Appleseed\""))
        #expect(
            session.output.contains(
                "analytics userTypesNewEmail{userEmail: \"<redacted>\"} at DemoApp.profile"))
        #expect(!session.output.contains("john.appleseed@example.org"))
        // The completion that arrives when nothing is saving is rejected and reported.
        #expect(session.output.contains("threw InvalidStateError"))
        // The live count listens on a long-lived connection: the server pushes its count at once,
        // then another device's change, which reaches the counter; closing the view ends it.
        #expect(session.output.contains("DemoApp.liveCount effect LiveCountUpdates() started"))
        #expect(session.output.contains("DemoApp.liveCount <- serverPushesCount(CounterDTO(count: 0))"))
        #expect(session.output.contains("device    another device sets the count to 10"))
        let pushed = try #require(
            session.output.components(separatedBy: "another device sets the count to 10\n").dropFirst().first)
        #expect(pushed.contains("DemoApp.liveCount <- serverPushesCount(CounterDTO(count: 10))"))
        #expect(pushed.contains("DemoApp.counter changed viewDisplaysTotalCount: 2 -> 10"))
        #expect(pushed.contains("DemoApp.liveCount effect LiveCountUpdates() cancelled"))
        #expect(!session.output.contains("any longer"))
        let finalState = try #require(session.finalState)
        #expect(finalState.contains("viewDisplaysTotalCount = 11"))
        #expect(finalState.contains("liveCount = nil"))

        let recording = try DemoExecutable.text(of: demo.folder.appendingPathComponent("session.jsonl"))
        #expect(recording.hasPrefix("{\"format\":\"statoscope-recording\""))
        #expect(!recording.contains("john.appleseed@example.org"))

        let replay = try await demo.run(["--replay", "session.jsonl"])
        #expect(replay.status == 0, "stderr: \(replay.errors)")
        #expect(replay.finalState == finalState)
    }

    @Test func aFailingServerShowsItsErrorsInTheState() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let session = try await demo.run([
            "--failing-server", "--recording", "failing.jsonl", "--patience", "15000",
        ])
        #expect(session.status == 0, "stderr: \(session.errors)")
        #expect(session.output.contains("networkPostCompleted(failure(POST /counter answered 503"))
        #expect(
            session.output.contains(
                "DemoApp.liveCount <- liveUpdatesEnd(failed(GET /counter/live answered 503: failing on purpose"
            ))
        #expect(session.output.contains("the server refused it: POST /counter answered 503"))
        let finalState = try #require(session.finalState)
        #expect(finalState.contains("viewDisplaysError = \"PUT /profile answered 503"))
        // The rejected duplicate answer is reported with the flight recording, which is printed and
        // replayed into a fresh app, where it throws again.
        #expect(session.output.contains("reported  with its flight recording ("))
        let record = try #require(
            session.output.components(separatedBy: "flight recording of the report:\n").dropFirst().first)
        #expect(record.hasPrefix("  {\"format\":\"statoscope-recording\",\"root\":\"DemoApp\""))
        #expect(record.contains("\"effect\":\"SaveProfile\",\"step\":\"completed\""))
        #expect(record.contains("replay    reproduces the error: DemoApp.profile: ProfileScreen.update("))
        #expect(record.contains("replay    the flight recording replayed 17 events into a fresh app:"))
        #expect(!record.contains("does not replay"))
        // What the replay reproduces: the state when the error was reported, before the last taps.
        #expect(record.contains("    viewDisplaysTotalCount = 2\n"))
    }

    @Test func theProfileEmailNeverShowsInTheDemosOutputOrFiles() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let sessions = [
            try await demo.run(["--recording", "session.jsonl", "--patience", "15000"]),
            try await demo.run(["--failing-server", "--recording", "failing.jsonl", "--patience", "15000"]),
            try await demo.run(["--replay", "session.jsonl"]),
        ]
        for session in sessions {
            #expect(session.status == 0, "stderr: \(session.errors)")
        }
        // The server's address and the one the user types, in the events, the state and the effects.
        let emails = ["john@example.com", "john.appleseed@example.org"]
        // The folder holds every run's output and errors too, next to the recordings, and the settings
        // the runs saved, in a folder of their own.
        let entries = FileManager.default.enumerator(at: demo.folder, includingPropertiesForKeys: nil)
        let files = (entries?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true
        }
        #expect(files.count == 9)
        for file in files {
            let text = try DemoExecutable.text(of: file)
            #expect(!text.isEmpty || file.lastPathComponent.hasPrefix("stderr"), "\(file.lastPathComponent)")
            for email in emails {
                #expect(!text.contains(email), "\(file.lastPathComponent) shows \(email)")
            }
        }
        #expect(sessions[1].output.contains("\"email\":\"<redacted>\""))
    }

    @Test func interactiveCommandsDriveTheAppAndUnknownOnesAreExplained() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let session = try await demo.run(
            ["--interactive", "--recording", "interactive.jsonl", "--patience", "15000"],
            input: "tap\nfly away\nload\nstate\nquit\n"
        )
        #expect(session.status == 0, "stderr: \(session.errors)")
        #expect(session.output.contains("unknown command \"fly away\"; type help for the list"))
        #expect(session.output.contains("<- networkPostCompleted(success(CounterDTO(count: 1)))"))
        #expect(session.output.contains("<- networkFinishesLoadingProfile(success("))
        #expect(session.finalState?.contains("selectedTab = profile") == true)
    }

    @Test func theLiveCountShowsPushesUntilItIsDisconnectedAndAgainOnceReconnected() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let session = try await demo.run(
            ["--interactive", "--recording", "live.jsonl", "--patience", "15000"],
            input: "live\nother 7\ndisconnect\nother 9\nlive\nother\nclose\ndisconnect\nquit\n"
        )
        #expect(session.status == 0, "stderr: \(session.errors)")
        #expect(session.output.contains("usage: other COUNT (a whole number, 0 or more)"))
        #expect(session.output.contains("the live count is not open; type live to open it"))
        let (connected, rest) = try Self.split(session.output, at: "taps Disconnect on the live count")
        #expect(connected.contains("DemoApp.liveCount <- serverPushesCount(CounterDTO(count: 7))"))
        #expect(connected.contains("DemoApp.counter changed viewDisplaysTotalCount: 0 -> 7"))
        // Disconnected, the app hears nothing of another device's change.
        let (disconnected, reconnected) = try Self.split(rest, at: "taps Reconnect on the live count")
        #expect(disconnected.contains("DemoApp.liveCount effect LiveCountUpdates() cancelled"))
        #expect(disconnected.contains("another device sets the count to 9"))
        #expect(!disconnected.contains("serverPushesCount"))
        // Reconnected, the server's first push is the count it holds now.
        #expect(reconnected.contains("DemoApp.liveCount <- serverPushesCount(CounterDTO(count: 9))"))
        #expect(reconnected.contains("DemoApp.liveCount effect LiveCountUpdates() cancelled"))
        #expect(session.finalState?.contains("viewDisplaysTotalCount = 9") == true)
        #expect(session.finalState?.contains("liveCount = nil") == true)

        let replay = try await demo.run(["--replay", "live.jsonl"])
        #expect(replay.status == 0, "stderr: \(replay.errors)")
        #expect(replay.finalState == session.finalState)
    }

    /// The text before and after the first line that contains `marker`.
    private static func split(_ output: String, at marker: String) throws -> (String, String) {
        let range = try #require(output.range(of: marker), "no \"\(marker)\" in the output")
        return (String(output[..<range.lowerBound]), String(output[range.upperBound...]))
    }

    @Test func badArgumentsAndUnreachableServersFailWithAMessage() async throws {
        let demo = try DemoExecutable()
        defer { demo.removeFolder() }
        let badNumber = try await demo.run(["--slow-server", "soon"])
        #expect(badNumber.status != 0)
        #expect(badNumber.errors.contains("--slow-server"))

        let unreachable = try await demo.run(["--server", "http://127.0.0.1:1/"])
        #expect(unreachable.status != 0)
        #expect(unreachable.errors.contains("cannot reach the server at http://127.0.0.1:1/"))

        let missing = try await demo.run(["--replay", "no-such-recording.jsonl"])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("cannot replay"))
    }
}
