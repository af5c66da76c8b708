// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The examples are not a product: their package API is package for the demo and the tests only.

import Statoscope

/// The profile as the server sends and receives it.
///
/// The email is `Sensitive` here too, not only in the edit event: the server's answers are
/// recorded, and a recording must not hold the address.
package struct ProfileDTO: Codable, Sendable, Equatable, CustomStringConvertible {
    package var name: String
    package var email: Sensitive<String>

    package init(name: String, email: String) {
        self.name = name
        self.email = Sensitive(email)
    }

    package var description: String { "ProfileDTO(name: \(String(reflecting: name)), email: \(email))" }
}
