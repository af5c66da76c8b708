import Foundation
import Statoscope
import StatoscopeExamples
import StatoscopeTesting
import Testing

/// The live count with its stream effect really running, on a server the test plays: what reaches
/// the app, and that restarting, closing and dismissing really stop the connection at its source.
@MainActor
@Suite(.timeLimit(.minutes(20)))
struct LiveCountRunTests {
    @Test func pushesReachTheCounterAndClosingTheViewClosesTheConnection() async throws {
        let (server, app, live) = try await appWithLiveCountConnected()
        server.push(CounterDTO(count: 5))
        await waitUntil("the push reaches the counter") { app.counter.viewDisplaysTotalCount == 5 }
        #expect(live.viewDisplaysServerCount == 5)

        app.send(.userClosesLiveCount)
        // Dismissed in the same send: nothing is in flight any more.
        #expect(app.liveCount == nil)
        #expect(live.effectsState.effects.isEmpty)
        await waitUntil("the connection is closed at its source") { server.connectionsClosed == 1 }
        server.push(CounterDTO(count: 6))
        await app.effectsState.waitUntilSubtreeSettled()
        #expect(app.counter.viewDisplaysTotalCount == 5)
        #expect(live.viewDisplaysServerCount == 5)
    }

    @Test func reconnectingClosesTheOldConnectionAndListensOnTheNewOne() async throws {
        let (server, app, live) = try await appWithLiveCountConnected()
        // A released root's effects are cancelled by a sweep: the app is held to the end.
        defer { withExtendedLifetime(app) {} }
        live.send(.userConnects)
        await waitUntil("the second connection opens") { server.connectionsOpened == 2 }
        await waitUntil("the first connection is closed") { server.connectionsClosed == 1 }
        server.push(CounterDTO(count: 8))
        await waitUntil("the push on the new connection arrives") { live.viewDisplaysServerCount == 8 }
        #expect(live.effectsState.effects.count == 1)

        server.endAll()
        await waitUntil("the end arrives") { !live.viewShowsLive }
        #expect(live.viewDisplaysError == "the server closed the live updates")
        #expect(live.effectsState.effects.isEmpty)
    }

    @Test func theUnconfiguredClientFailsWithAMessage() async throws {
        let live = LiveCount()
        live.send(.userConnects)
        // StatoscopeTesting's `waitUntil` counts its own turns: other suites holding the main actor
        // do not run it down.
        let settled = await waitUntil("the connection fails") { live.effectsState.effects.isEmpty }
        #expect(settled)
        #expect(!live.viewShowsLive)
        #expect(live.viewDisplaysError == "no LiveCountAPI injected")
    }

    /// The app on a played server, once the live count the user opened has connected.
    private func appWithLiveCountConnected() async throws -> (PlayedLiveServer, DemoApp, LiveCount) {
        let server = PlayedLiveServer()
        let app = DemoApp()
        app.inject(CounterAPI.echoing)
        app.inject(server.api)
        app.send(.userOpensLiveCount)
        let live = try #require(app.liveCount)
        await waitUntil("the first connection opens") { server.connectionsOpened == 1 }
        return (server, app, live)
    }

}

/// A live count server the test plays: it counts the connections opened and closed, and pushes to
/// the open ones when told.
private final class PlayedLiveServer: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [Int: AsyncThrowingStream<CounterDTO, any Error>.Continuation] = [:]
    private var opened = 0
    private var closed = 0

    var connectionsOpened: Int { lock.withLock { opened } }
    var connectionsClosed: Int { lock.withLock { closed } }

    var api: LiveCountAPI {
        LiveCountAPI(name: "played") { [self] in
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: CounterDTO.self)
            let id = lock.withLock {
                opened += 1
                open[opened] = continuation
                return opened
            }
            continuation.onTermination = { [self] _ in
                lock.withLock {
                    open[id] = nil
                    closed += 1
                }
            }
            return stream
        }
    }

    func push(_ dto: CounterDTO) {
        for continuation in lock.withLock({ Array(open.values) }) { continuation.yield(dto) }
    }

    func endAll() {
        for continuation in lock.withLock({ Array(open.values) }) { continuation.finish() }
    }
}
