import Foundation

/// Turns an event into an ``EventValue`` with its sensitive values redacted: the one encoding that
/// analytics and recordings share, so they follow the same redaction rules.
package enum EventEncoding {
    /// Set in an encoder's `userInfo` while ``Sensitive`` values must encode redacted.
    package static let redactsSensitiveValues = CodingUserInfoKey(
        rawValue: "org.statoscope.redactsSensitiveValues")!

    // SAFETY: Sound because these are never written after they are made, and hold `Bool`s only:
    // reading them from any thread is safe. They are `[CodingUserInfoKey: Any]` only because that is
    // what an `Encoder` hands out. Made once, since a dictionary per event cost a sixth of encoding it.
    /// The `userInfo` of an encoder that redacts sensitive values, and of one that does not.
    private nonisolated(unsafe) static let redactingUserInfo: [CodingUserInfoKey: Any] = [
        redactsSensitiveValues: true
    ]
    // SAFETY: Sound as `redactingUserInfo` is.
    private nonisolated(unsafe) static let plainUserInfo: [CodingUserInfoKey: Any] = [
        redactsSensitiveValues: false
    ]

    /// The event as JSON-modelled values, redacted: `{"caseName": {parameters}}` for an enum event,
    /// every parameter redacted for a case that ``SensitiveWhen`` marks sensitive.
    package static func redactedValue(of event: any Encodable, isSensitiveCase: Bool) throws -> EventValue {
        let value = try self.value(of: event, redacting: true)
        guard isSensitiveCase else { return value }
        guard case .object(let cases) = value, cases.count == 1, let (name, parameters) = cases.first else {
            return value.redacted
        }
        return .object([name: parameters.redacted])
    }

    /// An enum event's case name and its values, redacted as ``redactedValue(of:isSensitiveCase:)``
    /// redacts them, without the object around them; `nil` when the event does not encode to an
    /// object of one member, or needs the `JSONEncoder` route: the caller then takes
    /// ``redactedValue(of:isSensitiveCase:)``.
    ///
    /// `encoder`, from ``redactingEncoder()``, may be given again and again: one encoder's storage
    /// serves every event, where a new one allocates its own.
    package static func redactedCase(
        of event: any Encodable, isSensitiveCase: Bool, using encoder: EventValueEncoder? = nil
    ) throws -> (name: String, value: EventValue)? {
        guard let (name, value) = try (encoder ?? redactingEncoder()).member(of: event) else {
            return nil
        }
        return (name, isSensitiveCase ? value.redacted : value)
    }

    /// An encoder that redacts sensitive values, for ``redactedCase(of:isSensitiveCase:using:)``.
    package static func redactingEncoder() -> EventValueEncoder {
        EventValueEncoder(userInfo: redactingUserInfo)
    }

    /// Any encodable value as JSON-modelled values.
    package static func value(of encodable: any Encodable, redacting: Bool = false) throws -> EventValue {
        if let value = try EventValueEncoder(userInfo: redacting ? redactingUserInfo : plainUserInfo).value(
            of: encodable)
        {
            return value
        }
        let encoder = JSONEncoder()
        encoder.userInfo[redactsSensitiveValues] = redacting
        return try JSONDecoder().decode(EventValue.self, from: encoder.encode(encodable))
    }
}
