import Foundation
import Statoscope
import StatoscopeTestSupport
import StatoscopeTesting
import Testing

@testable import StatoscopeInspector

#if canImport(Glibc)
    import Glibc
#endif

/// How the inspector keeps its clients from using up the file descriptors: it caps its own
/// connections below the process's limit, and says so to a client beyond the cap. What it does when
/// the app holds every descriptor is `InspectorDescriptorTests`'s, which must run alone.
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
    }
}
