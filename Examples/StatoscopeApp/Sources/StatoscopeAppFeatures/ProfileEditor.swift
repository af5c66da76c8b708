// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The profile's edit sheet: the fields the user types in. Saving is the profile screen's work, which
/// owns the request and closes the sheet once the server stored the profile.
@Observable
public final class ProfileEditor: IdentifiableScope {
    public private(set) var name: String
    public private(set) var email: String

    /// The sheet editing `profile`: a preview makes one too.
    public init(editing profile: Profile) {
        name = profile.name
        email = profile.email
    }

    /// The profile as typed.
    public var draft: Profile { Profile(name: name, email: email) }

    /// Whether the Save button takes taps: a name, and something that may be an email address.
    public var canSave: Bool {
        !name.allSatisfy(\.isWhitespace) && email.contains("@")
    }

    public enum When: Equatable, Sendable {
        case userTypedName(String)
        case userTypedEmail(String)
    }

    public func update(_ when: When) throws {
        switch when {
        case .userTypedName(let name): self.name = name
        case .userTypedEmail(let email): self.email = email
        }
    }
}
