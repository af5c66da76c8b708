/// What ``ErrorReporting`` receives when the ``SendAnimation`` of an animated send returns without
/// calling its `send`: the event was then sent after it, without the animation.
public struct AnimationNeverSent: Error, Sendable, CustomStringConvertible {
    /// The type of the scope the event was sent to.
    public let scopeTypeName: String
    /// The event, as text (values marked sensitive read `<redacted>`).
    public let event: String

    package init(scopeType: any Scope.Type, event: String) {
        scopeTypeName = String(describing: scopeType)
        self.event = event
    }

    /// Names the scope and the event.
    public var description: String {
        "the animation given to send(_:animation:) of \(scopeTypeName) never called its send: "
            + "\(event) was sent without the animation"
    }
}
