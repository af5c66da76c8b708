import Foundation

/// Turns an event into an ``EventValue`` with its sensitive values redacted: the one encoding that
/// analytics and recordings share, so they follow the same redaction rules.
package enum EventEncoding {
    /// Set in an encoder's `userInfo` while ``Sensitive`` values must encode redacted.
    package static let redactsSensitiveValues = CodingUserInfoKey(
        rawValue: "org.statoscope.redactsSensitiveValues")!

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

    /// Any encodable value as JSON-modelled values.
    package static func value(of encodable: any Encodable, redacting: Bool = false) throws -> EventValue {
        if let value = try EventValueEncoder(userInfo: [redactsSensitiveValues: redacting]).value(
            of: encodable)
        {
            return value
        }
        let encoder = JSONEncoder()
        encoder.userInfo[redactsSensitiveValues] = redacting
        return try JSONDecoder().decode(EventValue.self, from: encoder.encode(encodable))
    }
}
