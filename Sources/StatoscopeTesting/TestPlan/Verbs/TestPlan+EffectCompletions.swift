import Statoscope

extension TestPlan {
    /// Completes the pending effect of type `E` with `result`, as if its work had returned it.
    ///
    /// The result goes through the effect's `map` chain into a `When`, which is sent to the scope;
    /// the effect leaves the pending list. The step fails when no effect of that type is pending, or
    /// when more than one is (complete those in order with
    /// ``WHEN_OlderEffectCompletes(with:fileID:filePath:line:column:)``).
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Counter>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN_EffectCompletes(NetworkEffect<DTO>.self, with: DTO(count: 1))
    /// ```
    public func WHEN_EffectCompletes<E: Effect>(
        _ type: E.Type, with result: E.ResultType,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try completion(
            type, .success(result), .when,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Fails the pending effect of type `E` with `error`, as if its work had thrown it.
    ///
    /// An effect mapped with `mapToResult()` delivers the failure as a `When`; an unmapped one
    /// delivers nothing and its error goes to `ErrorReporting`, as in the app.
    public func WHEN_EffectFails<E: Effect>(
        _ type: E.Type, with error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try completion(
            type, .failure(error), .when,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Completes the oldest pending effect with `result`, whatever its type.
    ///
    /// Completes effects in the order they were enqueued, including several of one type. The step
    /// fails when no effect is pending, or when the oldest one produces another type than `Value`.
    public func WHEN_OlderEffectCompletes<Value>(
        with result: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try olderCompletion(
            with: result, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func completion<E: Effect>(
        _ type: E.Type, _ outcome: Result<E.ResultType, any Error>, _ keyword: SpecKeyword,
        at location: StepLocation
    ) throws -> Self {
        // The texts are made when read: a result may be a large value, and most runs never show them.
        let captured = Captured(outcome)
        let verb: @MainActor () -> String = {
            switch captured.value {
            case .success(let value): "WHEN_EffectCompletes(\(E.self).self, with: \(ValueText.brief(value)))"
            case .failure(let error): "WHEN_EffectFails(\(E.self).self, with: \(ValueText.brief(error)))"
            }
        }
        let words: @MainActor () -> String = {
            switch captured.value {
            case .success(let value): "`\(E.self)` completes with `\(ValueText.brief(value))`"
            case .failure(let error): "`\(E.self)` fails with `\(ValueText.brief(error))`"
            }
        }
        return try onSinglePending(E.self, keyword, verb: verb, words: words, at: location) { entry, scope in
            PendingEffects.complete(entry, of: scope, with: captured.value as Any)
        }
    }

    /// A step that finds the single pending effect of type `E` and acts on it, failing when none or
    /// several are pending, when a stream verb's effect is not an open stream, or when what it
    /// delivers makes an update throw.
    func onSinglePending<E: Effect>(
        _ type: E.Type, _ keyword: SpecKeyword, verb: @escaping @MainActor () -> String,
        words: @escaping @MainActor () -> String, needsStream: Bool = false,
        at location: StepLocation, _ act: @escaping @MainActor (PendingEffects.Entry, S) -> Void
    ) throws -> Self {
        let path = self.path
        return try add(
            .action, keyword, at: location, describe: words,
            perform: { run, scope in
                let step = { "\(verb()) on \(path.describe())" }
                switch PendingEffects.single(
                    E.self, of: scope, in: run, step: step(), needsStream: needsStream)
                {
                case .failure(let failure):
                    return failure.outcome
                case .success(let entry):
                    act(entry, scope)
                    return run.outcomeOfReportedErrors(during: step())
                }
            })
    }

    func olderCompletion<Value>(with result: Value, at location: StepLocation) throws -> Self {
        let path = self.path
        let captured = Captured(result)
        return try add(
            .action, .when, at: location,
            describe: { "the oldest pending effect completes with `\(ValueText.brief(captured.value))`" },
            perform: { run, scope in
                let step = {
                    "WHEN_OlderEffectCompletes(with: \(ValueText.brief(captured.value))) on \(path.describe())"
                }
                guard let oldest = PendingEffects.entries(of: scope).first else {
                    return .failed(
                        .missingEffect,
                        """
                        \(step()): no effect is pending
                        expected: a pending effect producing \(Value.self)
                        actual: pending effects: none
                        """ + run.fateLine(of: scope, named: "latest effect") { _ in true })
                }
                if let start = PendingEffects.startTime(of: oldest) {
                    return .failed(
                        .missingEffect,
                        """
                        \(step()): the oldest pending effect, \(ValueText.inline(oldest.payload.pristine)), has not \
                        started: it starts at \(start) on the plan's clock; let time pass with WHEN_TimePasses
                        expected: a started effect producing \(Value.self)
                        actual: it is scheduled
                        """)
                }
                let produces = EffectText.resultType(of: oldest.payload.pristine)
                guard produces == Value.self else {
                    return .failed(
                        .mismatchedResult,
                        """
                        \(step()): the oldest pending effect, \(ValueText.inline(oldest.payload.pristine)), \
                        produces \(produces)
                        expected: a result of type \(produces)
                        actual: a \(Value.self)
                        """)
                }
                PendingEffects.complete(
                    oldest, of: scope, with: Result<Value, any Error>.success(captured.value) as Any)
                return run.outcomeOfReportedErrors(during: step())
            })
    }
}
