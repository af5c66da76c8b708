import FlyingFox
import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `InspectingARunningApp.md` promises of what a client may do: read only, no method changes the
/// app, replaying runs no effect, and no path reads a file outside the page.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(20))) struct InspectorReadOnlyTests: InspectorProbing {
        @Test func noMethodButAReadChangesTheApp() async throws {
            let account = Account()
            try await withInspector(account) { _, port, token in
                account.send(.rename("Ada"))
                let host = "127.0.0.1:\(port)"
                let body = #"{"rename":{"_0":"Mallory"}}"#
                for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "CONNECT"] {
                    for target in [
                        "/?token=\(token)", "/state?token=\(token)", "/events?token=\(token)",
                        "/recording?token=\(token)",
                    ] {
                        let request =
                            "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nX-Echo: echo-me-\(method)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                        let answer = await Raw.exchange(request, port: port)
                        #expect(
                            answer?.status.map { !(200..<300).contains($0) } ?? true,
                            "\(method) \(target) answered \(String(describing: answer))")
                        #expect(answer?.text.contains("echo-me") != true, "\(method) echoed the request")
                    }
                }
                #expect(account.name == "Ada")
                let recording = await Raw.exchange(
                    Raw.get("/recording?token=\(token)", host: host), port: port)
                #expect(recording?.body.contains("Mallory") == false)
            }
        }

        @Test func replayingTheStateAfterAnEventRunsNoEffect() async throws {
            let counter = TrickyCounter()
            let inspector = try await Inspector.start(root: counter, replayingInto: { TrickyCounter() })
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            counter.send(.increment)
            counter.send(.increment)
            #expect(await counter.effectsState.settlesWithinTestPatience())
            let runsBefore = TrickyCounter.runs.value
            var states: [RawAnswer?] = []
            for event in 1...4 {
                states.append(
                    await Raw.exchange(
                        Raw.get("/state?event=\(event)&token=\(token)", host: "127.0.0.1:\(port)"), port: port
                    ))
            }
            _ = await Raw.exchange(
                Raw.get("/test-plan?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            try await Task.sleep(for: .milliseconds(300))
            let runsAfter = TrickyCounter.runs.value
            await inspector.stop()
            #expect(runsBefore == 2)
            #expect(
                runsAfter == runsBefore, "the replays ran the effect \(runsAfter - runsBefore) more times")
            #expect(counter.count == 2)
            #expect(states.contains { $0?.status == 200 })
        }

        @Test func aReplayForTheStatePageLeavesTheLiveSharedValuesAndTheirFileAlone() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "inspector-replay-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // The app's one store, saving in a file, which its builder gives every tree it makes.
            let store = SharedStore(storage: JSONFileStorage(directory: folder))
            let screen = ThemedScreen()
            screen.inject(store)
            let inspector = try await Inspector.start(
                root: screen,
                replayingInto: {
                    let fresh = ThemedScreen()
                    fresh.inject(store)
                    return fresh
                })
            let requests = InspectorRequests(inspector: inspector.url)
            screen.badge.send(.appeared)
            screen.send(.choose("dark"))
            screen.send(.choose("light"))
            await store.flush()
            let file = JSONFileStorage(directory: folder)
            let saved = try #require(try file.load(InspectedKeys.theme.name))

            // Event 2 is `choose("dark")`: the journal numbers it once it has taken it.
            var state = try await requests.send("/state", query: ["event": "2", "token": requests.token])
            var patience = TestPatience()
            while state.status == 404, await patience.pause(for: .milliseconds(10)) {
                state = try await requests.send("/state", query: ["event": "2", "token": requests.token])
            }
            let plan = try await requests.send("/test-plan", query: ["token": requests.token])
            await inspector.stop()

            #expect(state.status == 200, "\(state.text)")
            let shown = try JSONDecoder().decode([String: String].self, from: Data(state.text.utf8))
            // The session's values: the replay starts from the key's default, not from the live value.
            #expect(shown["before"]?.contains(#"theme = "system""#) == true, "\(shown)")
            #expect(shown["after"]?.contains(#"theme = "dark""#) == true, "\(shown)")
            #expect(plan.status == 200, "\(plan.text)")
            #expect(screen.theme == "light")
            #expect(store.value(of: InspectedKeys.theme) == "light")
            #expect(
                screen.badge.told == ["dark", "light"], "the replays told the live badge of their changes")
            await store.flush()
            #expect(try file.load(InspectedKeys.theme.name) == saved, "the replays rewrote the saved file")
        }

        @Test func noPathReadsAFileOutsideThePage() async throws {
            try await withInspector { _, port, token in
                let host = "127.0.0.1:\(port)"
                let targets = [
                    "/../Package.swift", "/%2e%2e/%2e%2e/%2e%2e/Package.swift",
                    "/..%2f..%2f..%2fPackage.swift",
                    "/Page/../../../../../../etc/passwd", "/inspector.js/../../../../../../etc/passwd",
                    "//etc/passwd",
                    "/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                    "/....//....//....//....//etc/passwd", "/..\\..\\..\\etc\\passwd",
                    "/%252e%252e/etc/passwd",
                    "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/Page/../Inspector.swift",
                    "/../Inspector.swift",
                    "/../../../../../../../../../etc/passwd", "/etc/passwd", "/Page", "/Page/", "/.",
                    "/%00", "/inspector.js%00.html",
                ]
                for target in targets {
                    let separator = target.contains("?") ? "&" : "?"
                    let answer = await Raw.exchange(
                        Raw.get(target + separator + "token=\(token)", host: host), port: port)
                    let text = answer?.text ?? ""
                    #expect(!text.contains("root:x:0:0"), "\(target) served /etc/passwd")
                    #expect(!text.contains("swift-tools-version"), "\(target) served Package.swift")
                    #expect(!text.contains("import FlyingFox"), "\(target) served a source file")
                }
            }
        }
    }
}
