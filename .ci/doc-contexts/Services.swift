// What the Statoscope module's doc comments take as known outside its scopes: the data an app loads,
// the effects that load it and the services it reports to. Its scopes are in Scopes.swift.
// <!-- compiled with: Networking -->
import Foundation
import Statoscope

struct Profile: Codable, Equatable, Sendable {
    var name: String
    var email: String
}

struct ProfileError: Error {
    let underlying: any Error
}

struct APIClient: Injectable {
    var load: @Sendable () async throws -> DTO
    var loadProfile: @Sendable () async throws -> Profile

    static var defaultValue: APIClient { .mock }
    static let mock = APIClient(
        load: { DTO(count: 1) }, loadProfile: { Profile(name: "Ada", email: "ada@example.com") })
}

struct LoadProfile: Effect, Equatable {
    @Injected var api: APIClient

    func runEffect() async throws -> Profile {
        try await api.loadProfile()
    }
}

struct Credentials: Equatable, Sendable {
    var email: String
    var password: Sensitive<String>
}

/// Logs in, and returns the user's name.
struct Login: Effect, Equatable {
    let credentials: Credentials

    init(_ credentials: Credentials) {
        self.credentials = credentials
    }

    func runEffect() async throws -> String {
        credentials.email
    }
}

struct Search: Effect, Equatable {
    let query: String

    init(_ query: String) {
        self.query = query
    }

    func runEffect() async throws -> [String] {
        [query]
    }
}

enum MyAnalytics {
    static func track(_ name: String, parameters: [String: EventValue]) {}
}

enum CrashReporter {
    static func record(_ error: any Error, context: String) {}
}
