@_spi(StatoscopeInternals) import StatoscopeCore

// How the effect vocabulary reads in text (event logs, state diffs, descriptions, error reports):
// named as users write it, with no module in front. Without these, a value nested in an event or a
// property, `accountLoaded(EffectResult<Int>.success(1))` say, would name the module that declares
// it, which is an implementation detail of `import Statoscope`.

extension EffectResult: CustomDebugStringConvertible {
    /// `EffectResult<Int>.success(1)`, `EffectResult<Int>.failure(...)`.
    public var debugDescription: String {
        switch self {
        case .success(let value): "EffectResult<\(Success.self)>.success(\(String(reflecting: value)))"
        case .failure(let failure): "EffectResult<\(Success.self)>.failure(\(failure))"
        }
    }
}

extension StreamEnd: CustomDebugStringConvertible {
    /// `StreamEnd.finished`, `StreamEnd.failed(...)`.
    public var debugDescription: String {
        switch self {
        case .finished: "StreamEnd.finished"
        case .failed(let error): "StreamEnd.failed(\(Redaction.describe(error)))"
        }
    }
}

extension EffectKeyPolicy: CustomDebugStringConvertible {
    /// `EffectKeyPolicy.keepOlder`, `EffectKeyPolicy.debounce(0.5 seconds)`.
    public var debugDescription: String {
        switch self {
        case .cancelOlder: "EffectKeyPolicy.cancelOlder"
        case .keepOlder: "EffectKeyPolicy.keepOlder"
        case .debounce(let interval): "EffectKeyPolicy.debounce(\(interval))"
        case .throttle(let interval): "EffectKeyPolicy.throttle(\(interval))"
        }
    }
}

extension EffectClock: CustomDebugStringConvertible {
    /// `EffectClock`: a clock's closures say nothing worth reading.
    public var debugDescription: String { "EffectClock" }
}
