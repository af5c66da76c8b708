/// An app-wide middleware passed on an event of another scope than the one it was called for.
///
/// `next` takes the event the middleware received, or one made from it with
/// ``ScopeEvent/with(when:)``: an event made in an earlier call, for another scope, cannot be
/// delivered to this one.
public struct EventScopeMismatch: Error, CustomStringConvertible {
    /// Where the event was sent: the scope the middleware was called for.
    public let scopePath: String
    /// Where the event passed on had been sent.
    public let passedScopePath: String

    @usableFromInline
    init(scopePath: String, passedScopePath: String) {
        self.scopePath = scopePath
        self.passedScopePath = passedScopePath
    }

    /// Names both scopes by their paths.
    public var description: String {
        "an app-wide middleware passed on an event of \(passedScopePath) to \(scopePath), which takes only its own events"
    }
}
