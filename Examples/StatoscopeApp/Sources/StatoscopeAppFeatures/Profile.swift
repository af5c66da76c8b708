/// The user's profile, as the server stores it.
///
/// `nonisolated` so that the code compiles in an app target with Xcode's default main-actor isolation
/// too: the simulated server, an actor, makes one.
nonisolated public struct Profile: Equatable, Sendable {
    /// The name other people see.
    public var name: String
    /// Where the server writes to.
    public var email: String

    /// A profile with a name and an email address.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}
