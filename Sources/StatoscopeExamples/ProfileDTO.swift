// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their public API is public for the demo and the tests only.

import Statoscope

/// The profile as the server sends and receives it.
///
/// The email is `Sensitive` here too, not only in the edit event: the server's answers are
/// recorded, and a recording must not hold the address.
public struct ProfileDTO: Codable, Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var email: Sensitive<String>

    public init(name: String, email: String) {
        self.name = name
        self.email = Sensitive(email)
    }

    public var description: String { "ProfileDTO(name: \(String(reflecting: name)), email: \(email))" }
}
