import CustomDump
import Statoscope

// Messages and specifications dump values with CustomDump, which reflects a struct's stored
// properties: these values of the effect vocabulary would show a `Duration` as its two words, and
// the scope type a delayed event's `When` comes from. They show as they print instead.

extension RetryAttempt: CustomDumpStringConvertible {
    /// `RetryAttempt(number: 2, maxAttempts: 3, error: HTTP 503, delay: 1.0 seconds)`.
    public var customDumpDescription: String { description }
}

extension RetryFailure: CustomDumpStringConvertible {
    /// `RetryFailure(attempts: 3, error: HTTP 503)`.
    public var customDumpDescription: String { debugDescription }
}

extension DelayedEvent: CustomDumpStringConvertible {
    /// `DelayedEvent(textSettled, after: 0.3 seconds)`.
    public var customDumpDescription: String { description }
}
