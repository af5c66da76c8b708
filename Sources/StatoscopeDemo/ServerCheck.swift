import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks that a server answers at all before a session starts, so that an unreachable server is
/// one clear message and a failing exit rather than a session of failed requests.
enum ServerCheck {
    static func requireReachable(_ baseURL: URL) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("profile"))
        request.timeoutInterval = 5
        do {
            // Any HTTP answer will do, errors included: --failing-server answers 503 on purpose.
            _ = try await URLSession.shared.data(for: request)
        } catch {
            throw DemoFailure(
                "cannot reach the server at \(baseURL.absoluteString): \(error.localizedDescription)")
        }
    }
}
