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

/// What `InspectingARunningApp.md` promises of who may read: the token, the Host and Origin checks.
/// Requests go through raw sockets, byte for byte as the test writes them. One inspector at a time,
/// like the other suites.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(20))) struct InspectorAccessTests: InspectorProbing {
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
                    "hostile.example:\(port)", "127.0.0.1.nip.io:\(port)",
                    "localhost.hostile.example:\(port)",
                    "127.0.0.1:\(port).hostile.example", "127.0.0.1:1", "localhost:\(Int(port) + 1)",
                    "localhost:\(port)0", "[::ffff:127.0.0.1]:\(port)", "0.0.0.0:\(port)",
                    "127.0.0.2:\(port)",
                    "2130706433:\(port)", "127.1:\(port)", "hostile.example@127.0.0.1:\(port)",
                    "127.0.0.1:\(port)@hostile.example", "", " ", "127.0.0.1:\(port), hostile.example",
                    "hostile.example", "localhost.:\(port)",
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
                    ["Host: 127.0.0.1:\(port)", "Host: hostile.example:\(port)"],
                    ["Host: hostile.example:\(port)", "Host: 127.0.0.1:\(port)"],
                ] {
                    let answer = await Raw.exchange(
                        Raw.get("/?token=\(token)", host: nil, headers: pair), port: port)
                    #expect(answer?.status == 400, "\(pair) answered \(String(describing: answer))")
                    #expect(answer?.text.contains("more than one Host header") == true)
                }
            }
        }

        @Test func anAbsoluteFormTargetNamingAnotherHostIsRefused() async throws {
            try await withInspector { _, port, token in
                // RFC 9112 §3.2.2: a server uses the target's authority and ignores Host.
                let answer = await Raw.exchange(
                    Raw.get("http://hostile.example:\(port)/?token=\(token)", host: "127.0.0.1:\(port)"),
                    port: port)
                #expect(answer?.status != 200, "answered \(String(describing: answer))")
            }
        }

        @Test func aPageOfAnotherOriginIsRefused() async throws {
            try await withInspector { _, port, token in
                let host = "127.0.0.1:\(port)"
                let refused = [
                    ["Origin: null"], ["Origin: http://127.0.0.1:\(Int(port) + 1)"],
                    ["Origin: https://127.0.0.1:\(port)"],
                    ["Origin: http://localhost:\(port)0"],
                    ["Origin: http://localhost:\(port).hostile.example"],
                    ["Origin: http://hostile.example"], ["Sec-Fetch-Site: cross-site"],
                    ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: cross-site"],
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
                // Two Origin headers, either way round: refused whichever a reader would take.
                for pair in [
                    ["Origin: http://hostile.example", "Origin: http://127.0.0.1:\(port)"],
                    ["Origin: http://127.0.0.1:\(port)", "Origin: http://hostile.example"],
                ] {
                    let twice = await Raw.exchange(
                        Raw.get("/?token=\(token)", host: host, headers: pair), port: port)
                    #expect(twice?.status == 400, "\(pair) answered \(String(describing: twice))")
                    #expect(twice?.text.contains("more than one Origin header") == true)
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
                                        "Origin: http://hostile.example",
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
    }
}
