import Foundation

/// Turns an event into an ``EventValue`` with its sensitive values redacted: the one encoding that
/// analytics and recordings share, so they follow the same redaction rules.
package enum EventEncoding {
    /// Set in an encoder's `userInfo` while ``Sensitive`` values must encode redacted; the library's
    /// encoders then redact the cases that ``SensitiveWhen`` marks sensitive too.
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
    /// every ``Sensitive`` value redacted, and every case that ``SensitiveWhen`` marks sensitive
    /// (the event's own, or one inside it at any depth) with all its values redacted.
    package static func redactedValue(of event: any Encodable) throws -> EventValue {
        try value(of: event, redacting: true)
    }

    /// An enum event's case name and its values, redacted as ``redactedValue(of:)`` redacts them,
    /// without the object around them; `nil` when the event does not encode to an object of one
    /// member, or needs the `JSONEncoder` route: the caller then takes ``redactedValue(of:)``.
    ///
    /// `encoder`, from ``redactingEncoder()``, may be given again and again: one encoder's storage
    /// serves every event, where a new one allocates its own.
    package static func redactedCase(
        of event: any Encodable, using encoder: EventValueEncoder? = nil
    ) throws -> (name: String, value: EventValue)? {
        try (encoder ?? redactingEncoder()).member(of: event)
    }

    /// An encoder that redacts sensitive values, for ``redactedCase(of:using:)``.
    package static func redactingEncoder() -> EventValueEncoder {
        EventValueEncoder(userInfo: redactingUserInfo)
    }

    /// A case that ``SensitiveWhen`` marks sensitive, redacted: its name, all its values redacted.
    package static func redactedSensitiveCase(_ value: any Encodable) throws -> EventValue {
        // The encoder redacts the case itself, as it redacts every sensitive case it meets.
        if let redacted = try redactingEncoder().value(of: value) { return redacted }
        // Not through `SensitiveCasesRedacted`, which hands sensitive cases here: every value is
        // redacted after, so what the case holds needs no looking into.
        let encoder = JSONEncoder()
        encoder.userInfo[redactsSensitiveValues] = true
        return try JSONDecoder().decode(EventValue.self, from: encoder.encode(value)).redactedCase
    }

    /// Any encodable value as JSON-modelled values; `redacting`, with its sensitive values and
    /// cases redacted.
    package static func value(of encodable: any Encodable, redacting: Bool = false) throws -> EventValue {
        if let value = try EventValueEncoder(userInfo: redacting ? redactingUserInfo : plainUserInfo).value(
            of: encodable)
        {
            return value
        }
        let encoder = JSONEncoder()
        encoder.userInfo[redactsSensitiveValues] = redacting
        let data =
            try redacting ? encoder.encode(SensitiveCasesRedacted(encodable)) : encoder.encode(encodable)
        return try JSONDecoder().decode(EventValue.self, from: data)
    }
}
