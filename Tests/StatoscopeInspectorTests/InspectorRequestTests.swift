import FlyingFox
import Foundation
import Statoscope
import StatoscopeInspector
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

/// What the inspector's server answers, and what it refuses: each test starts an inspector of its own,
/// one at a time, with instruments isolated from other suites.
extension InspectorTests {
    @MainActor
    @Suite struct InspectorRequestTests {
        @Test func aRequestWithoutTheTokenIsRefused() async throws {
            try await withInspector { requests in
                let missing = try await requests.send("/")
                #expect(missing.status == 401)
                #expect(
                    missing.text
                        == "refused: the request does not carry this inspector's token (open the URL the app printed)\n"
                )
                let wrong = try await requests.send(
                    "/events", query: ["token": String(repeating: "0", count: 64)])
                #expect(wrong.status == 401)
                #expect(wrong.text.hasPrefix("refused: the request does not carry this inspector's token"))
            }
        }

        @Test func aForeignHostHeaderIsRefusedEvenWithTheToken() async throws {
            try await withInspector { requests in
                let answer = try await requests.send(
                    "/", query: ["token": requests.token],
                    headers: [.host: "attacker.example:\(requests.port)"])
                #expect(answer.status == 403)
                #expect(
                    answer.text.hasPrefix(
                        "refused: the Host header \"attacker.example:\(requests.port)\" names none of this inspector's addresses ("
                    ))
                #expect(answer.text.contains("localhost:\(requests.port)"))
            }
        }

        @Test func aCrossOriginRequestIsRefusedEvenWithTheToken() async throws {
            try await withInspector { requests in
                let page = try await requests.send(
                    "/events", query: ["token": requests.token],
                    headers: [HTTPHeader("Origin"): "https://attacker.example"])
                #expect(page.status == 403)
                #expect(
                    page.text == "refused: a page from https://attacker.example may not read the inspector\n")
                let upgrade = try await requests.send(
                    "/events", query: ["token": requests.token],
                    headers: [
                        HTTPHeader("Origin"): "http://localhost:1", .upgrade: "websocket",
                        .connection: "Upgrade",
                    ])
                #expect(upgrade.status == 403)
                #expect(
                    upgrade.text == "refused: a page from http://localhost:1 may not read the inspector\n")
                let site = try await requests.send(
                    "/recording", query: ["token": requests.token],
                    headers: [HTTPHeader("Sec-Fetch-Site"): "cross-site"])
                #expect(site.status == 403)
                #expect(site.text == "refused: a cross-site request may not read the inspector\n")
            }
        }

        @Test func anotherInterfaceAnswersTheHostNamesItWasGiven() async throws {
            let inspector = try await Inspector.start(
                root: Account(), interfaces: .every(hostNames: ["devbox.local"]))
            let requests = InspectorRequests(inspector: inspector.url)
            let named = try await requests.send(
                "/", query: ["token": requests.token], headers: [.host: "devbox.local:\(requests.port)"])
            let other = try await requests.send(
                "/", query: ["token": requests.token], headers: [.host: "other.local:\(requests.port)"])
            await inspector.stop()
            #expect(named.status == 200)
            #expect(other.status == 403)
            #expect(other.text.contains("devbox.local:\(requests.port)"))
        }

        @Test func nothingServedChangesTheApp() async throws {
            try await withInspector { requests in
                let answer = try await requests.send(
                    "/state", query: ["token": requests.token], method: .POST)
                #expect(answer.status == 405)
                #expect(answer.text == "the inspector only reads: POST is refused\n")
            }
        }

        @Test func thePageIsServedToItsOwnOriginWithTheToken() async throws {
            try await withInspector { requests in
                let answer = try await requests.send(
                    "/", query: ["token": requests.token],
                    headers: [
                        .host: "localhost:\(requests.port)",
                        HTTPHeader("Origin"): "http://localhost:\(requests.port)",
                    ])
                #expect(answer.status == 200)
                #expect(answer.text.contains("<title>Statoscope inspector</title>"))
                #expect(answer.text.contains("inspector.js?token=\(requests.token)"))
                // No other origin may read it, nor frame it, nor learn the token from a referrer.
                #expect(answer.headers[HTTPHeader("Access-Control-Allow-Origin")] == nil)
                #expect(answer.headers[HTTPHeader("X-Frame-Options")] == "DENY")
                #expect(answer.headers[HTTPHeader("Referrer-Policy")] == "no-referrer")
                let script = try await requests.send("/inspector.js", query: ["token": requests.token])
                #expect(script.status == 200)
                #expect(script.text.contains("EventSource"))
            }
        }

        @Test func theStateAfterAnEarlierEventIsReplayedIntoAFreshTree() async throws {
            let account = Account()
            try await withInspector(account) { requests in
                account.send(.rename("Ada"))
                account.send(.rename("Grace"))
                // Event 1 is the first rename: the tree after it is replayed, the live one is left alone.
                let answer = try await waitForAnswer(requests, "/state", query: ["event": "1"])
                #expect(answer.status == 200)
                let states = try JSONDecoder().decode([String: String].self, from: Data(answer.text.utf8))
                #expect(states["after"]?.contains(#"name = "Ada""#) == true)
                #expect(states["before"]?.contains(#"name = """#) == true)
                #expect(account.name == "Grace")
                let unknown = try await requests.send(
                    "/state", query: ["token": requests.token, "event": "99"])
                #expect(unknown.status == 404)
                #expect(unknown.text == "no event 99 in this session\n")
            }
        }

        @Test func aPageStepsBackToAnEventBeforeTheLast20000ByTheInputsItsMessageCarries() async throws {
            let account = Account()
            try await withInspector(account) { requests in
                for index in 1...20_010 { account.send(.rename("n\(index)")) }
                // Once the journal answers for the last event, it has taken every one.
                let last = try await waitForAnswer(requests, "/state", query: ["event": "20010"])
                #expect(last.status == 200)
                let byNumber = try await requests.send(
                    "/state", query: ["token": requests.token, "event": "3"])
                #expect(byNumber.status == 404)
                #expect(
                    byNumber.text
                        == "event 3 is older than the last 20000 the inspector numbers: name its inputs, as the page does\n"
                )
                let byInputs = try await requests.send(
                    "/state", query: ["token": requests.token, "event": "3", "inputs": "3"])
                #expect(byInputs.status == 200, "\(byInputs.text)")
                let states = try JSONDecoder().decode([String: String].self, from: Data(byInputs.text.utf8))
                #expect(states["after"]?.contains(#"name = "n3""#) == true)
                #expect(states["before"]?.contains(#"name = "n2""#) == true)
                // No event older than the oldest kept (event 11, after 11 inputs) follows more inputs.
                let tooMany = try await requests.send(
                    "/state", query: ["token": requests.token, "event": "3", "inputs": "20000"])
                #expect(tooMany.status == 400)
                #expect(
                    tooMany.text
                        == "inputs=20000 cannot be event 3's count of recorded inputs: an event older than the last 20000 the inspector numbers has 0 to 11\n"
                )
            }
        }

        @Test func aStateAskedForAnEventTheSessionNeverHadIsRefusedWithOneWording() async throws {
            let account = Account()
            try await withInspector(account) { requests in
                account.send(.rename("Ada"))
                account.send(.rename("Grace"))
                // Asked at once: the inspector takes the events the app has had before it answers.
                let known = try await requests.send("/state", query: ["token": requests.token, "event": "2"])
                #expect(known.status == 200, "\(known.text)")
                let unknown: [(String, String?)] = [
                    ("3", "1"), ("-5", "1"), ("0", nil), ("999999", "abc"), ("abc", "1"),
                ]
                for (event, inputs) in unknown {
                    var query = ["token": requests.token, "event": event]
                    query["inputs"] = inputs
                    let answer = try await requests.send("/state", query: query)
                    #expect(answer.status == 404, "\(event)")
                    #expect(answer.text == "no event \(event) in this session\n")
                }
            }
        }

        @Test func aCountOfInputsThatIsNotTheEventsOwnIsRefusedSayingWhichItIs() async throws {
            let account = Account()
            try await withInspector(account) { requests in
                account.send(.rename("Ada"))
                account.send(.rename("Grace"))
                let own = try await requests.send("/state", query: ["token": requests.token, "event": "1"])
                let named = try await requests.send(
                    "/state", query: ["token": requests.token, "event": "1", "inputs": "1"])
                #expect(own.status == 200)
                let states = { (text: String) in
                    try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
                }
                #expect(states(own.text)?["after"]?.contains(#"name = "Ada""#) == true, "\(own.text)")
                #expect(states(named.text) == states(own.text))
                for inputs in ["0", "2", "-1", "abc", "9223372036854775807"] {
                    let answer = try await requests.send(
                        "/state", query: ["token": requests.token, "event": "1", "inputs": inputs])
                    #expect(answer.status == 400, "\(inputs)")
                    #expect(
                        answer.text
                            == "inputs=\(inputs) is not event 1's count of recorded inputs (1): leave inputs out, and the inspector uses the event's own\n"
                    )
                }
            }
        }

        @Test func withoutAWayToBuildAFreshTreeTheStateAfterAnEventSaysWhy() async throws {
            let account = Account()
            let inspector = try await Inspector.start(root: account)
            let requests = InspectorRequests(inspector: inspector.url)
            account.send(.rename("Ada"))
            let answer = try await waitForAnswer(requests, "/state", query: ["event": "1"])
            await inspector.stop()
            #expect(answer.status == 409)
            #expect(
                answer.text
                    == "cannot show the state after event 1: the inspector was started without a way to build a fresh tree: pass replayingInto to Inspector.start\n"
            )
        }

        @Test func theRecordingDownloadsWithSensitiveValuesRedacted() async throws {
            let account = Account()
            try await withInspector(account) { requests in
                account.send(.typePassword(Sensitive("hunter2")))
                let answer = try await requests.send("/recording", query: ["token": requests.token])
                #expect(answer.status == 200)
                let recording = try Recording(jsonLines: answer.text)
                #expect(recording.events.count == 1)
                #expect(!answer.text.contains("hunter2"))
            }
        }

        @Test func copyingAsATestPlanGivesThePlanOfTheSessionWithoutItsSensitiveValues() async throws {
            let account = Account()
            try await withInspector(account) { requests in
                account.send(.rename("Ada"))
                account.send(.typePassword(Sensitive("hunter2")))
                let answer = try await requests.send("/test-plan", query: ["token": requests.token])
                #expect(answer.status == 200)
                #expect(answer.text.contains("try Account.GIVEN { Account() }"))
                #expect(answer.text.contains(#".WHEN(.rename("Ada"))"#))
                #expect(answer.text.contains(#".THEN(\.name, equals: "Ada")"#))
                #expect(!answer.text.contains("hunter2"))
                #expect(account.name == "Ada")
            }
        }

        @Test func withoutAWayToBuildAFreshTreeCopyingAsATestPlanSaysWhy() async throws {
            let account = Account()
            let inspector = try await Inspector.start(root: account)
            let requests = InspectorRequests(inspector: inspector.url)
            account.send(.rename("Ada"))
            let answer = try await requests.send("/test-plan", query: ["token": requests.token])
            await inspector.stop()
            #expect(answer.status == 409)
            #expect(
                answer.text
                    == "cannot write a test plan of this session: the inspector was started without a way to build a fresh tree: pass replayingInto to Inspector.start\n"
            )
        }

        @Test func aSecondInspectorIsRefusedWhileOneRuns() async throws {
            try await withInspector { _ in
                await #expect(throws: (any Error).self) { try await Inspector.start(root: Account()) }
                do {
                    _ = try await Inspector.start(root: Account())
                } catch {
                    #expect("\(error)" == "an inspector is already running: stop it before starting another")
                }
            }
        }

        /// Runs `body` with an inspector of `root` started, and stops it after.
        private func withInspector(
            _ root: Account = Account(), _ body: (InspectorRequests) async throws -> Void
        ) async throws {
            let inspector = try await Inspector.start(root: root, replayingInto: { Account() })
            do {
                try await body(InspectorRequests(inspector: inspector.url))
            } catch {
                await inspector.stop()
                throw error
            }
            await inspector.stop()
        }

        /// Asks until the answer is not a 404: the journal takes events off the main actor, a little later.
        private func waitForAnswer(
            _ requests: InspectorRequests, _ path: String, query: [String: String]
        ) async throws -> (status: Int, text: String, headers: HTTPHeaders) {
            var answer = try await requests.send(path, query: query.merging(["token": requests.token]) { $1 })
            var patience = TestPatience()
            while answer.status == 404, await patience.pause(for: .milliseconds(5)) {
                answer = try await requests.send(path, query: query.merging(["token": requests.token]) { $1 })
            }
            return answer
        }
    }
}
