@_spi(StatoscopeInternals) import StatoscopeCore

extension EventEncoding {
    /// The analytics event of a tracked `When`: its case's name and its redacted parameters.
    /// `encoder`, from ``EventEncoding/redactingEncoder()``, is one to encode with event after event.
    static func analyticsEvent(
        of when: any Encodable, scopePath: String, using encoder: EventValueEncoder? = nil
    ) throws -> AnalyticsEvent {
        let value: EventValue
        do {
            // Most events: the case and its values, without the object around them.
            if let (name, value) = try redactedCase(of: when, using: encoder) {
                return AnalyticsEvent(name: name, parameters: parameters(of: value), scopePath: scopePath)
            }
            value = try redactedValue(of: when)
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

    /// The case name and parameters of an enum event's value, `{"caseName": {parameters}}`.
    static func caseNameAndParameters(of value: EventValue) -> (
        name: String, parameters: [String: EventValue]
    )? {
        guard case .object(let cases) = value, cases.count == 1, let (name, parameters) = cases.first else {
            return nil
        }
        return (name, self.parameters(of: parameters))
    }

    /// An enum case's values as an event's parameters: named, none, or one named `value`.
    private static func parameters(of value: EventValue) -> [String: EventValue] {
        switch value {
        case .object(let values): values
        case .null: [:]
        default: ["value": value]
        }
    }
}
