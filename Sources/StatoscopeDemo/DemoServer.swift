import FlyingFox
import Foundation
import StatoscopeExamples
import StatoscopeInspector

/// The embedded HTTP server the demo's effects talk to: the counter (`POST /counter`, and
/// `GET /counter/live`, which pushes it as server-sent events) and the profile (`GET` and
/// `PUT /profile`), on 127.0.0.1 only, at a port the system picks.
final class DemoServer: Sendable {
    /// How the server misbehaves, to show completions that arrive late or fail.
    struct Behaviour: Sendable {
        var delay: Duration = .zero
        var failing = false
    }

    /// How often a live connection gets a comment when nothing changes: it keeps the client's
    /// timeout from firing, and tells the server which connections are gone.
    static let keepAliveInterval = Duration.seconds(10)

    private let server: HTTPServer
    private let store: Store
    private let tasks: [Task<Void, any Error>]
    /// Where the server listens: `http://127.0.0.1:PORT/`.
    let baseURL: URL

    private init(server: HTTPServer, store: Store, tasks: [Task<Void, any Error>], baseURL: URL) {
        self.server = server
        self.store = store
        self.tasks = tasks
        self.baseURL = baseURL
    }

    /// Starts a server and returns once it listens.
    static func start(behaviour: Behaviour) async throws -> DemoServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
        let store = Store()
        await server.appendRoute("POST /counter") { request in
            try await respond(behaviour) {
                let sent = try JSONDecoder().decode(CounterDTO.self, from: try await request.bodyData)
                return try JSONEncoder().encode(await store.setCount(sent.count))
            }
        }
        await server.appendRoute("GET /counter/live") { _ in
            try await respond(
                behaviour,
                with: {
                    HTTPResponse(
                        statusCode: .ok,
                        headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                        body: HTTPBodySequence(from: EventStreamBody(events: await store.watchCount())))
                })
        }
        await server.appendRoute("GET /profile") { _ in
            try await respond(behaviour) { try JSONEncoder().encode(await store.profile) }
        }
        await server.appendRoute("PUT /profile") { request in
            try await respond(behaviour) {
                let sent = try JSONDecoder().decode(ProfileDTO.self, from: try await request.bodyData)
                return try JSONEncoder().encode(await store.setProfile(sent))
            }
        }
        let task = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 5)
        } catch {
            task.cancel()
            throw error
        }
        guard case .ip4(_, let port) = await server.listeningAddress else {
            task.cancel()
            throw DemoFailure("the embedded server did not report its port")
        }
        let keepAlive = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: keepAliveInterval)
                await store.keepWatchersAlive()
            }
        }
        return DemoServer(
            server: server, store: store, tasks: [task, keepAlive],
            baseURL: URL(string: "http://127.0.0.1:\(port)/")!)
    }

    /// Closes the live connections first, so that their clients see the server end them, then stops.
    func stop() async {
        await store.closeWatchers()
        await server.stop(timeout: 1)
        for task in tasks { task.cancel() }
    }

    /// Applies the behaviour: wait, then fail or answer with the body `answer` makes.
    private static func respond(
        _ behaviour: Behaviour, _ answer: @Sendable () async throws -> Data
    ) async throws -> HTTPResponse {
        try await respond(
            behaviour,
            with: {
                HTTPResponse(
                    statusCode: .ok, headers: [.contentType: "application/json"], body: try await answer())
            })
    }

    /// Applies the behaviour: wait, then fail or give the response `answer` makes.
    private static func respond(
        _ behaviour: Behaviour, with answer: @Sendable () async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        if behaviour.delay > .zero {
            try await Task.sleep(for: behaviour.delay)
        }
        guard !behaviour.failing else {
            return HTTPResponse(
                statusCode: .serviceUnavailable, body: Data("failing on purpose (--failing-server)".utf8))
        }
        do {
            return try await answer()
        } catch {
            return HTTPResponse(statusCode: .badRequest, body: Data("\(error)".utf8))
        }
    }

    /// What the server stores, shared by the requests it handles concurrently, and the live
    /// connections that watch the count.
    private actor Store {
        private(set) var count = 0
        private(set) var profile = ProfileDTO(name: "John Appleseed", email: "john@example.com")
        private var watchers: [UUID: AsyncStream<Data>.Continuation] = [:]

        func setCount(_ newCount: Int) -> CounterDTO {
            count = newCount
            // Pushed before the post is answered: the poster's own push is on its way first.
            publish(Self.event(CounterDTO(count: count)))
            return CounterDTO(count: count)
        }

        /// A new live connection's events: the count now, then each change, until it is closed.
        func watchCount() -> AsyncStream<Data> {
            let id = UUID()
            let (events, continuation) = AsyncStream.makeStream(of: Data.self)
            continuation.yield(Self.event(CounterDTO(count: count)))
            // A connection the client closed is noticed when a write to it fails, at the latest
            // at the next comment.
            continuation.onTermination = { _ in Task { await self.forget(id) } }
            watchers[id] = continuation
            return events
        }

        func keepWatchersAlive() {
            publish(Data(": still here\n\n".utf8))
        }

        func closeWatchers() {
            for continuation in watchers.values { continuation.finish() }
            watchers = [:]
        }

        private func forget(_ id: UUID) {
            watchers[id] = nil
        }

        private func publish(_ event: Data) {
            for continuation in watchers.values { continuation.yield(event) }
        }

        private static func event(_ dto: CounterDTO) -> Data {
            // JSONEncoder writes one line: a single `data:` field holds it.
            let json = (try? JSONEncoder().encode(dto)) ?? Data("{}".utf8)
            return Data("data: ".utf8) + json + Data("\n\n".utf8)
        }

        func setProfile(_ newProfile: ProfileDTO) -> ProfileDTO {
            profile = newProfile
            return profile
        }
    }
}
