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

/// What the inspector serves: state that looks like markup is sent as data, and no secret reaches
/// anything served.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(20))) struct InspectorRedactionTests: InspectorProbing {
        @Test func stateThatLooksLikeMarkupIsSentAsDataNotAsAPage() async throws {
            let markup = TrickyMarkup()
            let inspector = try await Inspector.start(root: markup, replayingInto: { TrickyMarkup() })
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

        @Test func noSecretReachesAnythingServed() async throws {
            let vault = TrickyVault()
            let inspector = try await Inspector.start(root: vault, replayingInto: { TrickyVault() })
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
                    TrickyCredentials(
                        user: "ada", pin: Sensitive(73_915), recovery: Sensitive("rec-secret-1"),
                        hints: [Sensitive("hint-secret-2")])))
            vault.send(.keep(token: Sensitive("tok-secret-3")))
            vault.send(.remember("k", Sensitive("mem-secret-4")))
            vault.send(.login(Sensitive("pw-secret-5")))
            #expect(await vault.effectsState.settlesWithinTestPatience())
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
            #expect(streamed.contains("TrickyLogin"), "the stream missed the effect")
            let all = served.joined(separator: "\n")
            for secret in TrickySecrets.all {
                #expect(!all.contains(secret), "\(secret) was served: \(Self.around(secret, in: all))")
            }
        }
    }
}

extension InspectorTests.InspectorRedactionTests {
    @Test func aSensitiveCaseNestedAtAnyDepthIsRedactedInTheStreamTheRecordingAndTheTestPlan() async throws {
        let intercom = TrickyIntercom()
        let inspector = try await Inspector.start(root: intercom, replayingInto: { TrickyIntercom() })
        let port = UInt16(inspector.url.port ?? 0)
        let token = InspectorRequests(inspector: inspector.url).token
        let host = "127.0.0.1:\(port)"
        let forwarded = Nesting.all.count
        let stream = Task.detached {
            guard let connection = RawConnection(port: port) else { return "" }
            defer { connection.shut() }
            connection.send(Raw.get("/events?token=\(token)", host: host))
            return connection.receive(within: .seconds(30)) {
                $0.contains("\"kind\":\"eventFailed\"") && $0.contains("of TrickyIntercom threw")
                    && $0.contains("passed = \(forwarded)")
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        // Text in quotes is escaped in the stream's JSON: the deepest nesting checked has none.
        let deepest = Nesting(kind: .anEnum, depth: 4)
        intercom.send(.refuse(deepest.secret))
        intercom.send(.forwardFailing(deepest.secret))
        for nesting in Nesting.all {
            intercom.send(.forward(nesting.secret))
        }
        #expect(await intercom.effectsState.settlesWithinTestPatience())
        let streamed = await stream.value
        var served = ["/events": streamed]
        for target in ["/recording", "/test-plan", "/", "/state?event=4"] {
            let separator = target.contains("?") ? "&" : "?"
            let answer = await Raw.exchange(
                Raw.get(target + separator + "token=\(token)", host: host), port: port)
            served[target] = answer?.text ?? ""
        }
        await inspector.stop()
        for (target, text) in served {
            #expect(
                !text.contains(NestedSecret.code), "\(target): \(Self.around(NestedSecret.code, in: text))")
        }
        #expect(
            served["/events"]?.contains(#""text":"refuse("# + deepest.redactedText + ")") == true,
            "\(streamed.suffix(3000))")
        #expect(served["/events"]?.contains(#"typedCode(<redacted>)"#) == true)
        #expect(served["/recording"]?.contains(#"{"typedCode":{"_0":"<redacted>"}}"#) == true)
        #expect(served["/test-plan"]?.contains(#".WHEN(.forward(.typedCode("<redacted>")))"#) == true)
        let second = Nesting.all[1]
        #expect(served["/state?event=4"]?.contains("last = \(second.redactedTextOnItsOwn)") == true)
    }
}
