// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// The events and the state are named for what the user does and sees: their names are their docs.

import Observation
import Statoscope

/// The profile as a line of text to share, shown in a popover from the profile screen.
@Observable
public final class ProfileShare: IdentifiableScope {
    public let text: String

    /// The share popover of `profile`: a preview makes one too.
    public init(sharing profile: Profile) {
        text = "\(profile.name) <\(profile.email)>"
    }

    public enum When: Equatable, Sendable {}

    public func update(_ when: When) throws {}
}
