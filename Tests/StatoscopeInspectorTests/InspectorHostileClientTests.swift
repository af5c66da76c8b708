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

/// An app that keeps running whatever a client sends: malformed requests, stalled and silent clients,
/// a line that never ends.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(20))) struct InspectorHostileClientTests: InspectorProbing {
        @Test func malformedRequestsLeaveTheAppAndTheInspectorRunning() async throws {
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

        @Test func aLongLineWithoutAnEndNeitherStallsTheServerNorTheApp() async throws {
            let inspector = try await Inspector.start(root: Account())
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            // No token, no Host: a megabyte without a line break, from each of two clients that then wait.
            var hostileClients: [RawConnection] = []
            for _ in 0..<2 { hostileClients.append(try #require(RawConnection(port: port))) }
            let delivered = StartOutcome()
            for hostileClient in hostileClients {
                _ = await onAThread(within: .seconds(15)) {
                    if hostileClient.send(Array(repeating: UInt8(ascii: "A"), count: 1_000_000)) {
                        delivered.set("yes")
                    }
                }
            }
            #expect(delivered.value == "yes", "the server took none of the long lines")
            let good = await answerOnAThread(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(
                good?.status == 200, "after long lines, the inspector answered \(String(describing: good))")
            for hostileClient in hostileClients { hostileClient.shut() }
            let stopped = await finishes(within: testPatience) { await inspector.stop() }
            #expect(stopped)
        }
    }
}
