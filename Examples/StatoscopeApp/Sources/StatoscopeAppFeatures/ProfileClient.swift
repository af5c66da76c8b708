import Statoscope

/// The profile's server, as a dependency: the effects read it with `@Injected`.
public struct ProfileClient: Injectable {
    /// Reads the user's profile.
    public var load: @Sendable () async throws -> Profile
    /// Stores the profile; the server answers with the profile it stored.
    public var save: @Sendable (Profile) async throws -> Profile

    /// A client made of its two requests.
    public init(
        load: @escaping @Sendable () async throws -> Profile,
        save: @escaping @Sendable (Profile) async throws -> Profile
    ) {
        self.load = load
        self.save = save
    }

    /// With nothing injected there is no server to talk to: every request says so.
    public static var defaultValue: ProfileClient {
        let unconfigured = APIError(message: "no ProfileClient injected")
        return ProfileClient(load: { throw unconfigured }, save: { _ in throw unconfigured })
    }

    /// What previews read: a simulated server that answers at once.
    public static var previewValue: ProfileClient {
        .simulated(SimulatedServer(latency: .zero))
    }

    /// A client of the simulated server that runs inside the app.
    public static func simulated(_ server: SimulatedServer) -> ProfileClient {
        ProfileClient(load: { try await server.profile() }, save: { try await server.storeProfile($0) })
    }
}
