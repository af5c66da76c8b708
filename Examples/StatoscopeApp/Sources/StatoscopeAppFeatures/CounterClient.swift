import Statoscope

/// The counter's server, as a dependency: the effects read it with `@Injected`; the app injects a
/// client at its root, and tests inject their own.
public struct CounterClient: Injectable {
    /// Reads the count the server holds.
    public var load: @Sendable () async throws -> Int
    /// Stores a count; the server answers with the count it stored.
    public var save: @Sendable (Int) async throws -> Int

    /// A client made of its two requests.
    public init(
        load: @escaping @Sendable () async throws -> Int, save: @escaping @Sendable (Int) async throws -> Int
    ) {
        self.load = load
        self.save = save
    }

    /// With nothing injected there is no server to talk to: every request says so.
    public static var defaultValue: CounterClient {
        let unconfigured = APIError(message: "no CounterClient injected")
        return CounterClient(load: { throw unconfigured }, save: { _ in throw unconfigured })
    }

    /// What previews read: a simulated server that answers at once.
    public static var previewValue: CounterClient {
        .simulated(SimulatedServer(latency: .zero))
    }

    /// A client of the simulated server that runs inside the app.
    public static func simulated(_ server: SimulatedServer) -> CounterClient {
        CounterClient(load: { try await server.count() }, save: { try await server.storeCount($0) })
    }
}
