/// An app-wide middleware passed on an event that is not of the receiving scope's `When` type.
public struct EventTypeMismatch: Error, CustomStringConvertible {
    /// The scope the event was sent to.
    public let scopeTypeName: String
    /// The scope's event type.
    public let expectedTypeName: String
    /// What the middleware passed on instead.
    public let passedTypeName: String

    @usableFromInline
    init(scopeType: Any.Type, whenType: Any.Type, passed: Any) {
        scopeTypeName = String(describing: scopeType)
        expectedTypeName = String(reflecting: whenType)
        passedTypeName = String(reflecting: type(of: passed))
    }

    /// Names the scope and both types.
    public var description: String {
        "an app-wide middleware passed \(passedTypeName) to \(scopeTypeName), whose events are \(expectedTypeName)"
    }
}
