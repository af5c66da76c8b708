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

/// Attacks on what `InspectingARunningApp.md` promises: the token, the Host and Origin checks, reads
/// only, redaction, and an app that keeps running whatever a client sends. Requests go through raw
/// sockets, byte for byte as the test writes them. One inspector at a time, like the other suites.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(10))) struct AttackInspectorTests {
        // MARK: The token

        @Test func everyVariantOfAWrongTokenIsRefused() async throws {
            try await withInspector { inspector, port, token in
                let host = "127.0.0.1:\(port)"
                let targets = [
                    "/?token=\(token.dropLast())", "/?token=\(token)0", "/?token=\(token.uppercased())",
                    "/?token=", "/?token", "/?Token=\(token)", "/\(token)", "/?token=\(token.prefix(1))",
                    "/?token%3D\(token)", "/inspector.js", "/state?event=1", "/recording", "/test-plan",
                    "/events",
                ]
                for target in targets
                where target != "/?token=\(token.uppercased())" || token != token.uppercased() {
                    let answer = await Raw.exchange(Raw.get(target, host: host), port: port)
                    #expect(answer?.status == 401, "\(target) answered \(String(describing: answer))")
                }
                for header in [
                    "Authorization: Bearer \(token)", "Cookie: token=\(token)", "X-Token: \(token)",
                ] {
                    let answer = await Raw.exchange(Raw.get("/", host: host, headers: [header]), port: port)
                    #expect(answer?.status == 401, "\(header) answered \(String(describing: answer))")
                }
                let good = await Raw.exchange(Raw.get("/?token=\(token)", host: host), port: port)
                #expect(good?.status == 200)
            }
        }

        @Test func eachStartHasATokenOfItsOwnAndAnOldOneIsRefused() async throws {
            let first = try await Inspector.start(root: Account())
            let firstURL = first.url
            await first.stop()
            let port = UInt16(firstURL.port ?? 0)
            let second = try await Inspector.start(root: Account(), port: port)
            let oldToken = InspectorRequests(inspector: firstURL).token
            let newToken = InspectorRequests(inspector: second.url).token
            let old = await Raw.exchange(
                Raw.get("/?token=\(oldToken)", host: "127.0.0.1:\(port)"), port: port)
            await second.stop()
            #expect(oldToken != newToken)
            #expect(oldToken.count >= 32)
            #expect(old?.status == 401)
        }

        // MARK: The Host header

        @Test func theHostsTheArticleNamesAreAnswered() async throws {
            try await withInspector { _, port, token in
                for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] {
                    let answer = await Raw.exchange(Raw.get("/?token=\(token)", host: host), port: port)
                    #expect(answer?.status == 200, "\(host) answered \(String(describing: answer))")
                }
            }
        }

        @Test func everyOtherHostIsRefused() async throws {
            try await withInspector { _, port, token in
                let hosts = [
                    "attacker.example:\(port)", "127.0.0.1.nip.io:\(port)",
                    "localhost.attacker.example:\(port)",
                    "127.0.0.1:\(port).attacker.example", "127.0.0.1:1", "localhost:\(Int(port) + 1)",
                    "localhost:\(port)0", "[::ffff:127.0.0.1]:\(port)", "0.0.0.0:\(port)",
                    "127.0.0.2:\(port)",
                    "2130706433:\(port)", "127.1:\(port)", "attacker.example@127.0.0.1:\(port)",
                    "127.0.0.1:\(port)@attacker.example", "", " ", "127.0.0.1:\(port), attacker.example",
                    "attacker.example", "localhost.:\(port)",
                ]
                for host in hosts {
                    let answer = await Raw.exchange(Raw.get("/?token=\(token)", host: host), port: port)
                    #expect(
                        answer?.status == 403 || answer?.status == 400,
                        "Host \"\(host)\" answered \(String(describing: answer))")
                }
            }
        }

        @Test func aRequestWithoutAHostHeaderIsRefused() async throws {
            try await withInspector { _, port, token in
                let http11 = await Raw.exchange(Raw.get("/?token=\(token)", host: nil), port: port)
                #expect(http11?.status != 200, "HTTP/1.1 without Host answered \(String(describing: http11))")
                let http10 = await Raw.exchange("GET /?token=\(token) HTTP/1.0\r\n\r\n", port: port)
                #expect(http10?.status != 200, "HTTP/1.0 without Host answered \(String(describing: http10))")
            }
        }

        @Test func aSecondHostHeaderNamingAnotherHostIsRefused() async throws {
            try await withInspector { _, port, token in
                for pair in [
                    ["Host: 127.0.0.1:\(port)", "Host: attacker.example:\(port)"],
                    ["Host: attacker.example:\(port)", "Host: 127.0.0.1:\(port)"],
                ] {
                    let answer = await Raw.exchange(
                        Raw.get("/?token=\(token)", host: nil, headers: pair), port: port)
                    guard pair[0].contains("attacker") else {
                        #expect(answer?.status != 200, "\(pair) answered \(String(describing: answer))")
                        continue
                    }
                    withKnownIssue(
                        "the server keeps only the last of two Host headers; a browser never sends two"
                    ) {
                        #expect(answer?.status != 200, "\(pair) answered \(String(describing: answer))")
                    }
                }
            }
        }

        @Test func anAbsoluteFormTargetNamingAnotherHostIsRefused() async throws {
            try await withInspector { _, port, token in
                // RFC 9112 §3.2.2: a server uses the target's authority and ignores Host.
                let answer = await Raw.exchange(
                    Raw.get("http://attacker.example:\(port)/?token=\(token)", host: "127.0.0.1:\(port)"),
                    port: port)
                #expect(answer?.status != 200, "answered \(String(describing: answer))")
            }
        }

        // MARK: Origins

        @Test func aPageOfAnotherOriginIsRefused() async throws {
            try await withInspector { _, port, token in
                let host = "127.0.0.1:\(port)"
                let refused = [
                    ["Origin: null"], ["Origin: http://127.0.0.1:\(Int(port) + 1)"],
                    ["Origin: https://127.0.0.1:\(port)"],
                    ["Origin: http://localhost:\(port)0"],
                    ["Origin: http://localhost:\(port).attacker.example"],
                    ["Origin: http://attacker.example"], ["Sec-Fetch-Site: cross-site"],
                    ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: cross-site"],
                    ["Origin: http://127.0.0.1:\(port)", "Origin: http://attacker.example"],
                ]
                for headers in refused {
                    for target in [
                        "/?token=\(token)", "/recording?token=\(token)", "/test-plan?token=\(token)",
                    ] {
                        let answer = await Raw.exchange(
                            Raw.get(target, host: host, headers: headers), port: port)
                        #expect(
                            answer?.status == 403,
                            "\(headers) on \(target) answered \(String(describing: answer))")
                    }
                }
                let twice = await Raw.exchange(
                    Raw.get(
                        "/?token=\(token)", host: host,
                        headers: ["Origin: http://attacker.example", "Origin: http://127.0.0.1:\(port)"]),
                    port: port)
                withKnownIssue(
                    "the server keeps only the last of two Origin headers; a browser never sends two"
                ) {
                    #expect(twice?.status == 403)
                }
                let own = await Raw.exchange(
                    Raw.get(
                        "/?token=\(token)", host: host,
                        headers: ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: same-origin"]),
                    port: port)
                #expect(own?.status == 200)
            }
        }

        @Test func noAnswerAllowsCrossOriginReads() async throws {
            try await withInspector { _, port, token in
                let host = "127.0.0.1:\(port)"
                var answers: [RawAnswer?] = []
                for method in ["GET", "OPTIONS", "HEAD", "POST"] {
                    for target in [
                        "/?token=\(token)", "/", "/recording?token=\(token)", "/nothing?token=\(token)",
                    ] {
                        answers.append(
                            await Raw.exchange(
                                Raw.get(
                                    target, host: host,
                                    headers: [
                                        "Origin: http://attacker.example",
                                        "Access-Control-Request-Method: GET",
                                        "Access-Control-Request-Private-Network: true",
                                    ], method: method), port: port))
                    }
                }
                for answer in answers {
                    #expect(
                        answer?.header("Access-Control-Allow-Origin") == nil, "\(String(describing: answer))")
                    #expect(answer?.header("Access-Control-Allow-Private-Network") == nil)
                    #expect(answer?.header("Access-Control-Allow-Credentials") == nil)
                }
            }
        }

        // MARK: Reads only

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
            let counter = AttackCounter()
            let inspector = try await Inspector.start(root: counter, replayingInto: { AttackCounter() })
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            counter.send(.increment)
            counter.send(.increment)
            #expect(await counter.effectsState.waitUntilSettled(timeout: testPatience))
            let runsBefore = AttackCounter.runs.value
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
            let runsAfter = AttackCounter.runs.value
            await inspector.stop()
            #expect(runsBefore == 2)
            #expect(
                runsAfter == runsBefore, "the replays ran the effect \(runsAfter - runsBefore) more times")
            #expect(counter.count == 2)
            #expect(states.contains { $0?.status == 200 })
        }

        // MARK: Files

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

        // MARK: Malformed and hostile clients

        @Test(
            .disabled(
                "the web server reads a request line in time that grows with the square of its length: a client on this machine sending a megabyte with no line end keeps it busy for minutes (the article says so)"
            ))
        func malformedRequestsLeaveTheAppAndTheInspectorRunning() async throws {
            let account = Account()
            try await withInspector(account) { _, port, token in
                let host = "127.0.0.1:\(port)"
                let garbage: [[UInt8]] = [
                    Array(repeating: UInt8(ascii: "A"), count: 2_000_000),
                    Array(
                        "GET /\(String(repeating: "a", count: 200_000)) HTTP/1.1\r\nHost: \(host)\r\n\r\n"
                            .utf8),
                    Array(
                        ("GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 20_000) + "\r\n").utf8),
                    Array(
                        "GET / HTTP/1.1\r\nX-Long: \(String(repeating: "b", count: 2_000_000))\r\n\r\n".utf8),
                    Array("GET / HTTP/9.9\r\nHost: \(host)\r\n\r\n".utf8),
                    Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8),
                    [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]
                        + Array(repeating: 0, count: 300),
                    Array(
                        "POST /?token=\(token) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: -1\r\n\r\n".utf8),
                    Array(
                        "POST /?token=\(token) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 99999999999999999999999\r\n\r\n"
                            .utf8),
                    Array(
                        "POST /?token=\(token) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 4294967296000\r\n\r\nx"
                            .utf8),
                    Array(
                        "POST /?token=\(token) HTTP/1.1\r\nHost: \(host)\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
                            .utf8),
                    Array(
                        "GET /?token=\(token)&event=\(String(repeating: "9", count: 5_000)) HTTP/1.1\r\nHost: \(host)\r\n\r\n"
                            .utf8),
                    Array(
                        "GET /state?token=\(token)&event=-1 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
                            .utf8),
                    Array(
                        "GET /state?token=\(token)&event=9223372036854775807 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
                            .utf8),
                    Array(
                        "GET /state?token=\(token)&event=0 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
                            .utf8),
                    Array("GET /?token=%ff%fe%00 HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8),
                    Array("GET / HTTP/1.1\r\nHost: \u{0}\u{1}\r\n\r\n".utf8),
                    Array("\r\n\r\n\r\n".utf8),
                    Array("GET\r\n\r\n".utf8),
                    (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) },
                ]
                for bytes in garbage {
                    let sent = await onAThread(within: .seconds(10)) {
                        guard let connection = RawConnection(port: port) else { return }
                        defer { connection.shut() }
                        connection.send(bytes)
                        _ = connection.receive(within: .seconds(3))
                    }
                    #expect(sent, "a client sending \(bytes.count) bytes was not done with within 10 s")
                    account.send(.rename("still running"))
                }
                let good = await answerOnAThread(Raw.get("/?token=\(token)", host: host), port: port)
                #expect(
                    good?.status == 200,
                    "after the garbage the inspector answered \(String(describing: good))")
                #expect(account.name == "still running")
            }
        }

        @Test func stalledAndSilentClientsNeitherBlockTheMainActorNorStop() async throws {
            let account = Account()
            let inspector = try await Inspector.start(root: account, replayingInto: { Account() })
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            let host = "127.0.0.1:\(port)"
            // Pages that connect to the event stream and never read, with the smallest buffer the system gives,
            // and clients that send half a request and wait.
            var silent: [RawConnection] = []
            for index in 0..<300 {
                guard let connection = RawConnection(port: port, receiveBuffer: 1) else { continue }
                if index < 100 {
                    connection.send(
                        Raw.get("/events?token=\(token)", host: host).replacingOccurrences(
                            of: "Connection: close\r\n", with: ""))
                } else {
                    connection.send("GET /?token=\(token) HTTP/1.1\r\nHost: ")
                }
                silent.append(connection)
            }
            let text = String(repeating: "x", count: 256)
            for index in 0..<20_000 {
                account.send(.rename("\(index) \(text)"))
            }
            #expect(account.name.hasPrefix("19999 "))
            let good = await answerOnAThread(Raw.get("/?token=\(token)", host: host), port: port)
            #expect(
                good?.status == 200, "with silent clients, the inspector answered \(String(describing: good))"
            )
            let stopped = await finishes(within: testPatience) { await inspector.stop() }
            #expect(stopped, "stop() did not return while pages never read")
            for connection in silent { connection.shut() }
        }

        // MARK: Starting and stopping

        @Test func stoppingTwiceThenStartingAgainWorks() async throws {
            let inspector = try await Inspector.start(root: Account())
            let port = UInt16(inspector.url.port ?? 0)
            await inspector.stop()
            await inspector.stop()
            let closed = await Task.detached { RawConnection(port: port) == nil }.value
            #expect(closed, "the stopped inspector's port still accepts connections")
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func releasingTheInspectorStopsServing() async throws {
            var inspector: Inspector? = try await Inspector.start(root: Account())
            let url = try #require(inspector?.url)
            let port = UInt16(url.port ?? 0)
            inspector = nil
            #expect(inspector == nil)
            let deadline = ContinuousClock.now + testPatience
            var listening = true
            while listening, ContinuousClock.now < deadline {
                listening = await Task.detached { RawConnection(port: port) != nil }.value
                if listening { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(!listening, "the released inspector still listens on \(port)")
            let token = InspectorRequests(inspector: url).token
            let answer = await Raw.exchange(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(answer?.status != 200, "the released inspector still serves its page")
            let again = try await Inspector.start(root: Account())
            await again.stop()
        }

        @Test func aStartOnAPortInUseFailsAndLeavesNoInspectorRunning() async throws {
            let first = try await Inspector.start(root: Account())
            let port = UInt16(first.url.port ?? 0)
            await first.stop()
            // Another inspector in another process would hold the port: here, a listening socket does.
            let holder = try #require(ListeningSocket(port: port))
            let outcome = StartOutcome()
            let started = await finishes(within: testPatience) {
                do {
                    let inspector = try await Inspector.start(root: Account(), port: port)
                    outcome.set("started")
                    await inspector.stop()
                } catch {
                    outcome.set("threw \(error)")
                }
            }
            holder.close()
            #expect(
                started, "Inspector.start on a port in use neither returned nor threw within \(testPatience)")
            #expect(
                outcome.value?.hasPrefix("threw the inspector could not listen on 127.0.0.1:\(port): ")
                    == true,
                "start on a port in use: \(outcome.value ?? "no outcome")")
            if started {
                let again = try await Inspector.start(root: Account())
                await again.stop()
            }
        }

        @Test func byDefaultItListensOnTheLoopbackOnly() async throws {
            let addresses = ListeningSocket.nonLoopbackIPv4Addresses()
            try await withInspector { _, port, _ in
                for address in addresses {
                    let reached = await Task.detached { RawConnection(port: port, host: address) != nil }
                        .value
                    #expect(!reached, "the inspector answers on \(address)")
                }
            }
        }

        // MARK: Markup

        @Test func stateThatLooksLikeMarkupIsSentAsDataNotAsAPage() async throws {
            let markup = AttackMarkup()
            let inspector = try await Inspector.start(root: markup, replayingInto: { AttackMarkup() })
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            let host = "127.0.0.1:\(port)"
            let payload =
                #"</script><script>document.title='PWNED'</script><img src=x onerror="document.title='PWNED'">"#
            markup.send(.write(payload + "\"'\n\u{2028}"))
            let events = await Task.detached {
                guard let connection = RawConnection(port: port) else { return "" }
                defer { connection.shut() }
                connection.send(Raw.get("/events?token=\(token)", host: host))
                return connection.receive(within: .seconds(20)) {
                    $0.contains("PWNED") && $0.contains("\"kind\":\"tree\"")
                }
            }.value
            var answers: [String: RawAnswer?] = [:]
            for target in [
                "/?token=\(token)", "/state?event=1&token=\(token)", "/recording?token=\(token)",
                "/test-plan?token=\(token)", "/\(payload)?token=\(token)",
                "/state?event=\(payload)&token=\(token)",
            ] {
                let escaped = target.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? target
                answers[target] = await Raw.exchange(Raw.get(escaped, host: host), port: port)
            }
            let refused = await Raw.exchange(
                Raw.get(
                    "/", host: "127.0.0.1:\(port)", headers: ["Origin: http://a<img src=x onerror=alert(1)>"]),
                port: port)
            await inspector.stop()
            #expect(events.contains("PWNED"), "the event stream never carried the state")
            #expect(events.contains("text/event-stream"))
            for (target, answer) in answers {
                let type = answer?.header("Content-Type") ?? ""
                if target.hasPrefix("/?") {
                    #expect(type.hasPrefix("text/html"))
                    #expect(answer?.body.contains("PWNED") == false, "the page itself holds the state")
                } else {
                    #expect(!type.contains("html"), "\(target) is served as \(type)")
                }
            }
            #expect(refused?.header("Content-Type")?.contains("html") != true)
        }

        // MARK: Sensitive values

        @Test func noSecretReachesAnythingServed() async throws {
            let vault = AttackVault()
            let inspector = try await Inspector.start(root: vault, replayingInto: { AttackVault() })
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            let host = "127.0.0.1:\(port)"
            let stream = Task.detached {
                guard let connection = RawConnection(port: port) else { return "" }
                defer { connection.shut() }
                connection.send(Raw.get("/events?token=\(token)", host: host))
                return connection.receive(within: .seconds(30)) {
                    $0.contains("\"kind\":\"eventFailed\"") && $0.contains("\"kind\":\"report\"")
                        && $0.contains("\"step\":\"completed\"") && $0.contains("presses = 1")
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            vault.send(
                .store(
                    AttackCredentials(
                        user: "ada", pin: Sensitive(73_915), recovery: Sensitive("rec-secret-1"),
                        hints: [Sensitive("hint-secret-2")])))
            vault.send(.keep(token: Sensitive("tok-secret-3")))
            vault.send(.remember("k", Sensitive("mem-secret-4")))
            vault.send(.login(Sensitive("pw-secret-5")))
            #expect(await vault.effectsState.waitUntilSettled(timeout: testPatience))
            vault.send(.refuse(Sensitive("err-secret-6")))
            vault.keypad.send(.typeDigits(864_209, confirm: "kp-secret-7"))
            let streamed = await stream.value
            var served = [streamed]
            for target in ["/recording", "/test-plan", "/"] + (1...7).map({ "/state?event=\($0)" }) {
                let separator = target.contains("?") ? "&" : "?"
                let answer = await Raw.exchange(
                    Raw.get(target + separator + "token=\(token)", host: host), port: port)
                served.append(answer?.text ?? "")
            }
            await inspector.stop()
            #expect(
                streamed.contains("\"kind\":\"eventFailed\""),
                "the stream missed the failure: \(streamed.suffix(2000))")
            #expect(streamed.contains("AttackLogin"), "the stream missed the effect")
            let all = served.joined(separator: "\n")
            for secret in AttackSecrets.all {
                #expect(!all.contains(secret), "\(secret) was served: \(Self.around(secret, in: all))")
            }
        }

        // MARK: A line that never ends

        @Test(
            .disabled(
                "the web server reads a request line in time that grows with the square of its length: a client on this machine sending a megabyte with no line end keeps it busy for minutes (the article says so)"
            ))
        func aLongLineWithoutAnEndNeitherStallsTheServerNorTheApp() async throws {
            let inspector = try await Inspector.start(root: Account())
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            // No token, no Host: a megabyte without a line break, from each of two clients that then wait.
            var attackers: [RawConnection] = []
            for _ in 0..<2 { attackers.append(try #require(RawConnection(port: port))) }
            let delivered = StartOutcome()
            for attacker in attackers {
                _ = await onAThread(within: .seconds(15)) {
                    if attacker.send(Array(repeating: UInt8(ascii: "A"), count: 1_000_000)) {
                        delivered.set("yes")
                    }
                }
            }
            #expect(delivered.value == "yes", "the server took none of the long lines")
            let good = await answerOnAThread(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(
                good?.status == 200, "after long lines, the inspector answered \(String(describing: good))")
            for attacker in attackers { attacker.shut() }
            let stopped = await finishes(within: testPatience) { await inspector.stop() }
            #expect(stopped)
        }

        /// The text around `needle` in `text`, to say where a secret leaked.
        private static func around(_ needle: String, in text: String) -> String {
            guard let range = text.range(of: needle) else { return "" }
            let start =
                text.index(range.lowerBound, offsetBy: -200, limitedBy: text.startIndex) ?? text.startIndex
            let end = text.index(range.upperBound, offsetBy: 100, limitedBy: text.endIndex) ?? text.endIndex
            return String(text[start..<end])
        }

        /// Runs `body` with an inspector of `root` started, and stops it after.
        private func withInspector(
            _ root: Account = Account(), _ body: (Inspector, UInt16, String) async throws -> Void
        ) async throws {
            let inspector = try await Inspector.start(root: root, replayingInto: { Account() })
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            do {
                try await body(inspector, port, token)
            } catch {
                await inspector.stop()
                throw error
            }
            await inspector.stop()
        }

        /// Whether `work` finishes on a thread of its own within `limit`, waited for from the main actor: a
        /// server that keeps the cooperative threads busy cannot keep this wait from ending.
        private func onAThread(within limit: Duration, _ work: @escaping @Sendable () -> Void) async -> Bool {
            let done = DoneFlag()
            Thread.detachNewThread {
                work()
                done.set()
            }
            let deadline = ContinuousClock.now + limit
            while !done.value, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
            return done.value
        }

        /// The answer to `request`, sent from a thread of its own; nil if none came within the test's patience.
        private func answerOnAThread(_ request: String, port: UInt16) async -> RawAnswer? {
            let answer = StartOutcome()
            _ = await onAThread(within: testPatience) {
                guard let connection = RawConnection(port: port) else { return }
                defer { connection.shut() }
                connection.send(request)
                answer.set(connection.receive(within: testPatience - .seconds(5), until: Raw.complete))
            }
            return answer.value.map(RawAnswer.init(text:))
        }

        /// Whether `work`, started now, finishes within `limit`; it is left running if not.
        private func finishes(within limit: Duration, _ work: @escaping @MainActor () async -> Void) async
            -> Bool
        {
            let done = DoneFlag()
            Task { @MainActor in
                await work()
                done.set()
            }
            let deadline = ContinuousClock.now + limit
            while !done.value, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(20))
            }
            return done.value
        }
    }
}

/// Set once, read from any task.
private final class DoneFlag: @unchecked Sendable {
    // Unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var done = false
    var value: Bool { lock.withLock { done } }
    func set() { lock.withLock { done = true } }
}

/// A text set once, read from any task.
private final class StartOutcome: @unchecked Sendable {
    // Unchecked: every access goes through the lock.
    private let lock = NSLock()
    private var text: String?
    var value: String? { lock.withLock { text } }
    func set(_ value: String) { lock.withLock { text = value } }
}

/// A socket that holds a port, as another process would.
final class ListeningSocket {
    private let descriptor: Int32

    init?(port: UInt16) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
    }

    func close() { Glibc.close(descriptor) }

    /// The machine's IPv4 addresses other than the loopback's.
    static func nonLoopbackIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let raw = entry.pointee.ifa_addr, raw.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    raw, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
                    NI_NUMERICHOST) == 0
            else { continue }
            let address = String(
                decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !address.hasPrefix("127.") { addresses.append(address) }
        }
        return addresses
    }
}
