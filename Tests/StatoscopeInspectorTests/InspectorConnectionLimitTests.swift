import Foundation
import Statoscope
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

@testable import StatoscopeInspector

#if canImport(Glibc)
    import Glibc
#endif

/// What the inspector does when clients, or the app, use up file descriptors: it caps its own
/// connections below the process's limit, says so to a client beyond the cap, and keeps listening
/// when an accept fails for want of descriptors.
extension InspectorTests {
    @MainActor
    @Suite(.timeLimit(.minutes(20))) struct InspectorConnectionLimitTests: InspectorProbing {
        @Test func theCapIsHalfTheProcessesDescriptorLimit() {
            var limits = rlimit()
            #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0)
            let expected = min(Int(clamping: limits.rlim_cur) / 2, 10_000)
            #expect(ConnectionCap.forThisProcess().limit == expected)
        }

        @Test func aConnectionBeyondTheCapIsRefusedSayingSoAndAClosedOneFreesItsPlace() async throws {
            let inspector = try await ConnectionCap.$limitForTesting.withValue(3) {
                try await Inspector.start(root: Account())
            }
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            // Idle clients, which send nothing: each holds a place until it closes.
            var idle: [RawConnection] = []
            for _ in 0..<3 { idle.append(try #require(RawConnection(port: port))) }
            var patience = TestPatience()
            while inspector.listener.cap.heldCount < 3, await patience.pause() {}
            #expect(inspector.listener.cap.heldCount == 3)
            let beyond = await answerOnAThread(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(beyond?.status == 503, "beyond the cap: \(String(describing: beyond))")
            #expect(
                beyond?.body
                    == "refused: the inspector serves at most 3 connections at a time; close some and try again\n"
            )
            idle.removeFirst().shut()
            while inspector.listener.cap.heldCount > 2, await patience.pause() {}
            let served = await answerOnAThread(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(served?.status == 200, "once one closed: \(String(describing: served))")
            for connection in idle { connection.shut() }
            await inspector.stop()
        }

        @Test func anAcceptWithoutDescriptorsLeavesItListeningAndTheClientIsServedOnceTheyFreeUp()
            async throws
        {
            let inspector = try await Inspector.start(root: Account())
            let port = UInt16(inspector.url.port ?? 0)
            let token = InspectorRequests(inspector: inspector.url).token
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #expect(descriptor >= 0)
            // The app holds every descriptor left: the connection waits, and the accept fails.
            let hog = DescriptorHog()
            let client = RawConnection(connecting: descriptor, port: port)
            var patience = TestPatience()
            while inspector.listener.acceptsWithoutDescriptors.withLock({ $0 }) == 0, await patience.pause() {
            }
            hog.release()
            let refusedAccepts = inspector.listener.acceptsWithoutDescriptors.withLock { $0 }
            #expect(refusedAccepts > 0, "the accept never failed: the hog held \(hog.count) descriptors")
            let connected = try #require(
                client, "the client could not connect while the hog held every descriptor")
            let answer = await Task.detached {
                connected.send(Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"))
                return RawAnswer(text: connected.receive(within: testPatience, until: Raw.complete))
            }.value
            connected.shut()
            #expect(answer.status == 200, "the waiting client got \(answer)")
            let later = await answerOnAThread(
                Raw.get("/?token=\(token)", host: "127.0.0.1:\(port)"), port: port)
            #expect(later?.status == 200, "a later client got \(String(describing: later))")
            await inspector.stop()
        }
    }
}
