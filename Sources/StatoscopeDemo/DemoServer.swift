import FlyingFox
import Foundation
import StatoscopeExamples

/// The embedded HTTP server the demo's effects talk to: the counter (`POST /counter`) and the
/// profile (`GET` and `PUT /profile`), on 127.0.0.1 only, at a port the system picks.
final class DemoServer: Sendable {
    /// How the server misbehaves, to show completions that arrive late or fail.
    struct Behaviour: Sendable {
        var delay: Duration = .zero
        var failing = false
    }

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    /// Where the server listens: `http://127.0.0.1:PORT/`.
    let baseURL: URL

    private init(server: HTTPServer, task: Task<Void, any Error>, baseURL: URL) {
        self.server = server
        self.task = task
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
        return DemoServer(server: server, task: task, baseURL: URL(string: "http://127.0.0.1:\(port)/")!)
    }

    func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }

    /// Applies the behaviour: wait, then fail or answer with the body `answer` makes.
    private static func respond(
        _ behaviour: Behaviour, _ answer: @Sendable () async throws -> Data
    ) async throws -> HTTPResponse {
        if behaviour.delay > .zero {
            try await Task.sleep(for: behaviour.delay)
        }
        guard !behaviour.failing else {
            return HTTPResponse(
                statusCode: .serviceUnavailable, body: Data("failing on purpose (--failing-server)".utf8))
        }
        do {
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "application/json"], body: try await answer())
        } catch {
            return HTTPResponse(statusCode: .badRequest, body: Data("\(error)".utf8))
        }
    }

    /// What the server stores, shared by the requests it handles concurrently.
    private actor Store {
        private(set) var count = 0
        private(set) var profile = ProfileDTO(name: "John Appleseed", email: "john@example.com")

        func setCount(_ newCount: Int) -> CounterDTO {
            count = newCount
            return CounterDTO(count: count)
        }

        func setProfile(_ newProfile: ProfileDTO) -> ProfileDTO {
            profile = newProfile
            return profile
        }
    }
}
