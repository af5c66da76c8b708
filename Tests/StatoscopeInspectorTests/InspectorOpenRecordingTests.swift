import Foundation
import Statoscope
import StatoscopeTestSupport
import Testing

@testable import StatoscopeInspector

/// A recording opened without its app: its events on the timeline, the state after each, its plan,
/// and the files the inspector refuses, each named.
extension InspectorTests {
    @MainActor
    @Suite struct InspectorOpenRecordingTests {
        /// A file of the test's own in the temporary directory, removed by the test.
        private func temporaryFile(_ name: String) -> URL {
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "statoscope-open-\(UUID().uuidString)-\(name)")
        }

        /// A file of the test's own holding `text`.
        private func file(_ name: String, holding text: String) throws -> URL {
            let url = temporaryFile(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        /// The error opening `url` throws, once checked that it throws one; the file is removed.
        private func refusal<Root: Scope>(
            opening url: URL, into makeRoot: @escaping @MainActor () -> Root,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async -> RecordingError? {
            defer { try? FileManager.default.removeItem(at: url) }
            return await #expect(throws: RecordingError.self, sourceLocation: sourceLocation) {
                _ = try await Inspector.open(contentsOf: url, replayingInto: makeRoot)
            }
        }

        /// The text of a recorded session of an account: a sensitive value, an update that throws.
        private func accountSession() -> String {
            let account = Account()
            var written = ""
            let recorder = Recorder(recording: account) { written += $0 }
            account.send(.rename("Ada"))
            account.send(.typePassword(Sensitive("hunter2")))
            account.send(.fail)
            account.send(.rename("Grace"))
            recorder.stop()
            return written
        }

        /// The messages a page receives from `inspector`, once it has `events` events and a tree
        /// showing `tree`.
        private func page(of inspector: Inspector, events: Int, tree: String) async -> [String] {
            let stream = await inspector.journal.connect()
            return await InspectorTimelineTests.messages(from: stream) { messages in
                messages.count { $0.contains(#""kind":"event""#) } == events
                    && messages.contains { $0.contains(#""kind":"tree""#) && $0.contains(tree) }
            }
        }

        @Test func anOpenedRecordingShowsItsEventsInOrderAndSaysItIsARecording() async throws {
            let text = accountSession()
            let inspector = try await Inspector.open(
                try Recording(jsonLines: text), replayingInto: { Account() })
            let messages = await page(of: inspector, events: 4, tree: #"name = \"Grace\""#)
            await inspector.stop()
            let events = messages.filter { $0.contains(#""kind":"event""#) }
            #expect(
                events.map { $0.components(separatedBy: #""text":"#).last ?? "" } == [
                    #""rename(\"Ada\")","inputs":1}"#, #""typePassword(<redacted>)","inputs":2}"#,
                    #""fail","inputs":3}"#, #""rename(\"Grace\")","inputs":4}"#,
                ], "\(events)")
            let hello = try #require(messages.first { $0.contains(#""kind":"hello""#) })
            #expect(
                hello.contains(
                    "A recording of 4 events, replayed into a fresh Account with effects off: no app is running."
                ),
                "\(hello)")
            #expect(!hello.contains("ended without stopping"), "\(hello)")
            #expect(
                messages.contains {
                    $0.contains(#""kind":"eventFailed""#) && $0.contains("the account refused")
                })
            #expect(messages.contains { $0.contains(#""kind":"tree""#) && $0.contains(#"name = \"Grace\""#) })
            #expect(!messages.joined().contains("hunter2"))
        }

        @Test func theStateAfterEachEventIsTheReplaysAndThePlanIsTestPlanSources() async throws {
            let text = accountSession()
            let url = try file("account.jsonl", holding: text)
            defer { try? FileManager.default.removeItem(at: url) }
            let inspector = try await Inspector.open(contentsOf: url, replayingInto: { Account() })
            let requests = InspectorRequests(inspector: inspector.url)
            let recording = try Recording(jsonLines: text)
            let replay = try Replay(recording, into: Account())
            var before = Account().subtreeDescription
            for event in 1...recording.events.count {
                try replay.step()
                let answer = try await requests.send(
                    "/state", query: ["event": "\(event)", "token": requests.token])
                #expect(answer.status == 200, "\(answer.text)")
                let states = try JSONDecoder().decode([String: String].self, from: Data(answer.text.utf8))
                #expect(states["after"] == replay.root.subtreeDescription, "event \(event)")
                #expect(states["before"] == before, "event \(event)")
                before = replay.root.subtreeDescription
            }
            let plan = try await requests.send("/test-plan", query: ["token": requests.token])
            let expected = try TestPlanSource(recording: recording) { Account() }.swiftSource(
                checks: .afterEachStep)
            #expect(plan.status == 200)
            #expect(plan.text == expected)
            let download = try await requests.send("/recording", query: ["token": requests.token])
            #expect(download.text == text)
            await inspector.stop()
        }

        @Test func aSurvivingFileLeftWithoutStoppingOpensWithItsLastEventShownNotReplayed() async throws {
            let url = temporaryFile("launchpad.flight")
            defer { try? FileManager.default.removeItem(at: url) }
            let app = Launchpad()
            let recorder = try FlightRecorder(
                recording: app, keepingLast: 16, survivingIn: url, appVersion: "3.0 (12)")
            for count in 1...3 { app.send(.count(count)) }
            recorder.waitUntilWritten()
            // Read while its recorder runs, the file is as a killed process leaves it.
            let crash = try FlightRecordingFile(contentsOf: url)
            let inspector = try await Inspector.open(contentsOf: url, replayingInto: { Launchpad() })
            recorder.stop()
            #expect(!crash.endedCleanly)
            let requests = InspectorRequests(inspector: inspector.url)
            let messages = await page(of: inspector, events: 3, tree: "count = 2")
            let hello = try #require(messages.first { $0.contains(#""kind":"hello""#) })
            #expect(hello.contains("A recording of 3 events from \(url.path)"), "\(hello)")
            #expect(hello.contains("Recorded by version 3.0 (12), last event at "), "\(hello)")
            #expect(
                hello.contains(
                    "Its run ended without stopping its recorder: the last event may be where it ended, and is shown but not replayed"
                ), "\(hello)")
            #expect(messages.contains(#"data: {"kind":"eventEndedTheRun","id":3}"#), "\(messages)")
            #expect(messages.contains { $0.contains(#""kind":"tree""#) && $0.contains("count = 2") })

            let second = try await requests.send("/state", query: ["event": "2", "token": requests.token])
            #expect(second.status == 200 && second.text.contains(#"count = 2"#), "\(second.text)")
            let last = try await requests.send("/state", query: ["event": "3", "token": requests.token])
            #expect(last.status == 409)
            #expect(
                last.text
                    == "event 3 is where the recorded run ended: the inspector does not replay it, since its update could end this process too; select the event before it for the state the run ended in\n"
            )
            let plan = try await requests.send("/test-plan", query: ["token": requests.token])
            let expected = try TestPlanSource(recording: crash.recording) { Launchpad() }
                .swiftSource(checks: .afterEachStep)
            #expect(plan.text == expected)
            #expect(plan.text.contains("// .WHEN(.count(3))"), "\(plan.text)")
            await inspector.stop()
        }

        @Test func aFileThatIsNotARecordingIsRefusedNamingIt() async throws {
            let url = try file("notes.txt", holding: "hello\n")
            let error = await refusal(opening: url, into: { Account() })
            #expect(
                error?.description
                    == "\(url.path) is not a recording: neither a recording's text (line 1: not valid JSON) nor a surviving flight recording (it does not start with \"STSFLREC\")"
            )
            // Refused before serving: another inspector starts.
            await (try await Inspector.start(root: Account())).stop()
        }

        @Test func aDamagedRecordingIsRefusedNamingTheFileAndTheLine() async throws {
            // Its end line lost, as a copy cut short leaves it.
            let lines = accountSession().split(separator: "\n")
            let url = try file("cut.jsonl", holding: lines.dropLast().joined(separator: "\n") + "\n")
            let error = await refusal(opening: url, into: { Account() })
            #expect(
                error?.description
                    == "line 6: cut: the recording ends after line 5 without its end line (lines were lost, or its recorder never stopped) (in \(url.path))"
            )
        }

        @Test func aDamagedSurvivingFileIsRefusedNamingTheByte() async throws {
            let url = temporaryFile("cut.flight")
            let app = Launchpad()
            let recorder = try FlightRecorder(recording: app, keepingLast: 4, survivingIn: url)
            app.send(.count(1))
            recorder.stop()
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 100)
            try handle.close()
            let error = await refusal(opening: url, into: { Launchpad() })
            #expect(
                error?.description.hasPrefix("\(url.path): at byte ") == true, "\(String(describing: error))")
        }

        @Test func aFlightRecordingThatLostItsFirstEventsIsRefusedSayingWhy() async throws {
            let url = temporaryFile("last-two.flight")
            let app = Launchpad()
            let recorder = try FlightRecorder(recording: app, keepingLast: 2, survivingIn: url)
            for count in 1...5 { app.send(.count(count)) }
            recorder.stop()
            let error = await refusal(opening: url, into: { Launchpad() })
            #expect(error?.line == 1)
            #expect(
                error?.reason.hasPrefix(
                    "a flight recording that kept only its last events: the 3 before them are lost") == true,
                "\(String(describing: error))")
            #expect(error?.reason.hasSuffix("(in \(url.path))") == true, "\(String(describing: error))")
        }

        @Test func aRecordingOfAnotherRootIsRefusedNamingBoth() async throws {
            let url = try file("account.jsonl", holding: accountSession())
            let error = await refusal(opening: url, into: { Launchpad() })
            #expect(
                error?.description
                    == "line 1: recorded from a Account; cannot replay into a Launchpad (in \(url.path))")
        }
    }
}
