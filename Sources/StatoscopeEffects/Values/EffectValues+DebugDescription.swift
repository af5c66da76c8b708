@_spi(StatoscopeInternals) import StatoscopeCore

// How the effect vocabulary reads in text (event logs, state diffs, descriptions, error reports):
// named as users write it, with no module in front. Printed alone, a value reads as a case, as any
// enum does (`success(1)`); nested in an event or a property, it reads with its type
// (`accountLoaded(EffectResult<Int>.success(1))`) where Swift would otherwise name the module that
// declares it, an implementation detail of `import Statoscope`.

extension EffectResult: CustomStringConvertible, CustomDebugStringConvertible {
    /// `success(1)`, `failure(...)`.
    public var description: String {
        switch self {
        case .success(let value): "success(\(String(reflecting: value)))"
        case .failure(let failure): "failure(\(failure))"
        }
    }

    /// `EffectResult<Int>.success(1)`.
    public var debugDescription: String { "EffectResult<\(Success.self)>.\(description)" }
}

extension StreamEnd: CustomStringConvertible, CustomDebugStringConvertible {
    /// `finished`, `failed(...)`.
    public var description: String {
        switch self {
        case .finished: "finished"
        case .failed(let error): "failed(\(String(reflecting: error)))"
        }
    }

    /// `StreamEnd.finished`.
    public var debugDescription: String { "StreamEnd.\(description)" }
}

extension EffectKeyPolicy: CustomStringConvertible, CustomDebugStringConvertible {
    /// `keepOlder`, `debounce(0.5 seconds)`.
    public var description: String {
        switch self {
        case .cancelOlder: "cancelOlder"
        case .keepOlder: "keepOlder"
        case .debounce(let interval): "debounce(\(interval))"
        case .throttle(let interval): "throttle(\(interval))"
        case .throttleLatest(let interval): "throttleLatest(\(interval))"
        }
    }

    /// `EffectKeyPolicy.keepOlder`.
    public var debugDescription: String { "EffectKeyPolicy.\(description)" }
}

extension EffectClock: CustomDebugStringConvertible {
    /// `EffectClock`: a clock's closures say nothing worth reading.
    public var debugDescription: String { "EffectClock" }
}

extension RetryFailure: CustomStringConvertible, CustomDebugStringConvertible {
    /// The error's text, any value the app marks sensitive redacted: `HTTP 503`. Text made from the
    /// error reads as it did before the effect retried.
    public var description: String { Redaction.describe(error) }

    /// `RetryFailure(attempts: 3, error: HTTP 503)`, the error as in ``description``.
    public var debugDescription: String { "RetryFailure(attempts: \(attempts), error: \(description))" }
}

extension RetryAttempt: CustomStringConvertible {
    /// `RetryAttempt(number: 2, maxAttempts: 3, error: HTTP 503, delay: 1.0 seconds)`, any value the
    /// app marks sensitive in the error redacted.
    public var description: String {
        "RetryAttempt(number: \(number), maxAttempts: \(maxAttempts), error: \(Redaction.describe(error)), "
            + "delay: \(delay))"
    }
}

extension DelayedEvent: CustomStringConvertible {
    /// `DelayedEvent(querySettled, after: 0.3 seconds)`, an event the app marks sensitive redacted.
    public var description: String { "DelayedEvent(\(Redaction.describe(event)), after: \(delay))" }
}
