import Statoscope

extension TestPlan {
    /// The pending stream effect of type `E` produces `element`, as if its sequence had.
    ///
    /// The element goes through the effect's `map` chain into a `When`, which is sent to the scope;
    /// the stream stays pending, ready for more. The step fails when no stream of that type is
    /// pending, or when more than one is.
    ///
    /// <!-- compiled with: Streams -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Launch>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedLaunch)
    /// .WHEN_StreamYields(Countdown.self, 3)
    /// .THEN(\.remaining, equals: 3)
    /// .WHEN_StreamEnds(Countdown.self)
    /// .THEN(\.launched, equals: true)
    /// ```
    public func WHEN_StreamYields<E: StreamEffect>(
        _ type: E.Type, _ element: E.Element,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let captured = Captured(element)
        return try streamStep(
            type, .element(element),
            verb: { "WHEN_StreamYields(\(E.self).self, \(ValueText.brief(captured.value)))" },
            words: { "`\(E.self)` yields `\(ValueText.brief(captured.value))`" },
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The pending stream effect of type `E` ends, as if its sequence had finished.
    ///
    /// The event its chain makes of the end (`onEnd(_:)`), if any, is sent to the
    /// scope, and the stream leaves the pending list.
    public func WHEN_StreamEnds<E: StreamEffect>(
        _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try streamStep(
            type, .end(.finished), verb: { "WHEN_StreamEnds(\(E.self).self)" }, words: { "`\(E.self)` ends" },
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The pending stream effect of type `E` fails with `error`, as if its sequence had thrown it.
    ///
    /// A stream mapped with `mapToResult()` delivers the failure as a last `When`, one with an
    /// `onEnd` event delivers that; otherwise nothing is delivered and the error goes to
    /// `ErrorReporting`, as in the app. The stream leaves the pending list.
    public func WHEN_StreamFails<E: StreamEffect>(
        _ type: E.Type, with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let captured = Captured(error)
        return try streamStep(
            type, .end(.failed(error)),
            verb: { "WHEN_StreamFails(\(E.self).self, with: \(ValueText.brief(captured.value)))" },
            words: { "`\(E.self)` fails with `\(ValueText.brief(captured.value))`" },
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func streamStep<E: StreamEffect>(
        _ type: E.Type, _ signal: PlanStreamSignal<E.Element>, verb: @escaping @MainActor () -> String,
        words: @escaping @MainActor () -> String,
        at location: StepLocation
    ) throws -> Self {
        let captured = Captured(signal)
        return try onSinglePending(E.self, .when, verb: verb, words: words, needsStream: true, at: location) {
            entry, scope in
            switch captured.value {
            case .element(let element):
                PendingEffects.yield(entry, of: scope, element: element)
            case .end(let end):
                PendingEffects.end(entry, of: scope, end)
            }
        }
    }
}

/// What a plan feeds a pending stream: an element, or its end.
private enum PlanStreamSignal<Element> {
    case element(Element)
    case end(StreamEnd)
}
