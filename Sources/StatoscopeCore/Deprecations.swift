// The core's former names, in one place. Each keeps compiling with a deprecation warning that names
// its replacement, and does what the replacement does.

extension Scope {
    /// The former name of ``sendThrowing(_:)``: nothing about it is unsafe; it throws.
    @available(*, deprecated, renamed: "sendThrowing(_:)")
    @inlinable
    public func sendUnsafe(_ when: When) throws {
        try sendThrowing(when)
    }
}

/// The former name of ``InstrumentRegistration``, which every instrument returns, not only middleware.
@available(*, deprecated, renamed: "InstrumentRegistration")
public typealias MiddlewareRegistration = InstrumentRegistration
