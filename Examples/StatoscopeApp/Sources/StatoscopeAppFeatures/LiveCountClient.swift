import Statoscope

/// The server's live count, as a dependency: a long-lived connection on which the server pushes the
/// count it holds, then each change of it.
public struct LiveCountClient: Injectable {
    /// Opens a connection, which lasts until the server closes it, it fails, or its reader stops.
    public var updates: @Sendable () -> AsyncThrowingStream<Int, any Error>

    /// A client made of its one connection.
    public init(updates: @escaping @Sendable () -> AsyncThrowingStream<Int, any Error>) {
        self.updates = updates
    }

    /// With nothing injected there is no server to listen to: the connection fails at once, saying so.
    public static var defaultValue: LiveCountClient {
        LiveCountClient {
            AsyncThrowingStream { $0.finish(throwing: APIError(message: "no LiveCountClient injected")) }
        }
    }

    /// What previews read: a simulated server that pushes its count at once.
    public static var previewValue: LiveCountClient {
        .simulated(SimulatedServer(latency: .zero))
    }

    /// A client of the simulated server that runs inside the app.
    public static func simulated(_ server: SimulatedServer) -> LiveCountClient {
        LiveCountClient { server.countUpdates() }
    }
}
