import Foundation

/// Turns an event into an ``EventValue`` with its sensitive values redacted: the one encoding that
/// analytics and recordings share, so they follow the same redaction rules.
enum EventEncoding {
    /// Set in an encoder's `userInfo` while ``Sensitive`` values must encode redacted.
    static let redactsSensitiveValues = CodingUserInfoKey(rawValue: "org.statoscope.redactsSensitiveValues")!

    /// The event as JSON-modelled values, redacted: `{"caseName": {parameters}}` for an enum event,
    /// every parameter redacted for a case that ``SensitiveWhen`` marks sensitive.
    static func redactedValue(of event: any Encodable, isSensitiveCase: Bool) throws -> EventValue {
        let value = try self.value(of: event, redacting: true)
        guard isSensitiveCase else { return value }
        guard case .object(let cases) = value, cases.count == 1, let (name, parameters) = cases.first else {
            return value.redacted
        }
        return .object([name: parameters.redacted])
    }

    /// The analytics event of a tracked `When`: its case's name and its redacted parameters.
    static func analyticsEvent(of when: any Encodable, isSensitiveCase: Bool, scopePath: String) throws
        -> AnalyticsEvent
    {
        let value: EventValue
        do {
            value = try redactedValue(of: when, isSensitiveCase: isSensitiveCase)
        } catch {
            throw AnalyticsEncodingError(event: Redaction.describe(when), reason: "\(error)")
        }
        guard let (name, parameters) = caseNameAndParameters(of: value) else {
            throw AnalyticsEncodingError(
                event: Redaction.describe(when),
                reason: "it does not encode as an enum case with its values (\(value))")
        }
        return AnalyticsEvent(name: name, parameters: parameters, scopePath: scopePath)
    }

    /// Any encodable value as JSON-modelled values.
    static func value(of encodable: any Encodable, redacting: Bool = false) throws -> EventValue {
        if let value = try EventValueEncoder(userInfo: [redactsSensitiveValues: redacting]).value(
            of: encodable)
        {
            return value
        }
        let encoder = JSONEncoder()
        encoder.userInfo[redactsSensitiveValues] = redacting
        return try JSONDecoder().decode(EventValue.self, from: encoder.encode(encodable))
    }

    /// The case name and parameters of an enum event's value, `{"caseName": {parameters}}`.
    static func caseNameAndParameters(of value: EventValue) -> (
        name: String, parameters: [String: EventValue]
    )? {
        guard case .object(let cases) = value, cases.count == 1, let (name, parameters) = cases.first else {
            return nil
        }
        switch parameters {
        case .object(let values): return (name, values)
        case .null: return (name, [:])
        default: return (name, ["value": parameters])
        }
    }
}
