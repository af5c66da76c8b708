import Statoscope

extension TestPlan {
    /// Checks that an effect equal to `effect` is pending, or, given a `count`, that so many are:
    /// enqueued by an update and not yet completed or cancelled. Effects are compared as first
    /// enqueued, before any `map`.
    ///
    /// Without a `count`, exactly one is expected. A `count` is for an update that enqueues the same
    /// effect several times; a `count` of zero checks that none is pending; a negative `count` fails
    /// the step, naming it.
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func enqueuedSample(plan: TestPlan<Counter>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedIncrementButton)
    /// .THEN_Enqueued(NetworkEffect<DTO>(request: expectedRequest))
    /// ```
    public func THEN_Enqueued<E: Effect & Equatable>(
        _ effect: E, count expected: Int? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        // Without a count, the message shows how the closest pending effect differs.
        guard let expected else { return try enqueued(effect, at: location) }
        return try enqueuedCount(of: effect, expected, at: location)
    }

    /// Checks that the scope has no pending effect.
    public func THEN_NoEffects(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try noEffects(at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that no effect of type `E` is pending: none was enqueued, or each completed or was
    /// cancelled.
    public func THEN_NotEnqueued<E: Effect>(
        _ type: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try noEnqueued(type, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that no effect equal to `effect` is pending any more: it completed, or was cancelled,
    /// while other effects of its type may still be.
    ///
    /// <!-- compiled inside: func notEnqueuedSample(plan: TestPlan<Counter>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userTappedCancel)
    /// .THEN_NotEnqueued(NetworkEffect<DTO>(request: expectedRequest))
    /// ```
    public func THEN_NotEnqueued<E: Effect & Equatable>(
        _ effect: E,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try notEnqueued(
            effect, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks how many effects of type `E` are pending.
    ///
    /// A `count` of zero checks that none is pending; a negative `count` fails the step, naming it.
    ///
    /// <!-- compiled inside: func countSample(plan: TestPlan<Cart>) throws { _ = try plan … } -->
    /// ```swift
    /// .WHEN(.userAddsTwoItemsQuickly("a", "b"))
    /// .THEN_Enqueued(SaveCart.self, count: 2)
    /// ```
    public func THEN_Enqueued<E: Effect>(
        _ type: E.Type, count expected: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try enqueuedCount(
            type, expected, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that a pending effect of type `E` has a property equal to `expected`.
    ///
    /// <!-- compiled inside: func parameterSample(plan: TestPlan<Counter>) throws { _ = try plan … } -->
    /// ```swift
    /// .THEN_Enqueued(parameter: \NetworkEffect<DTO>.request.httpMethod, equals: "POST")
    /// ```
    public func THEN_Enqueued<E: Effect, Value: Equatable>(
        parameter keyPath: KeyPath<E, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try enqueued(
            parameter: keyPath, equals: expected,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func enqueued<E: Effect & Equatable>(_ effect: E, at location: StepLocation) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location, describe: { "`\(ValueText.brief(effect))` is enqueued" },
            perform: { run, scope in
                let pending = PendingEffects.effects(of: scope)
                let equal = pending.count { ($0 as? E) == effect }
                if equal == 1 { return .passed }
                if equal > 1 {
                    return .failed(
                        .unexpectedEffect,
                        """
                        THEN_Enqueued on \(path.describe()): \(equal) pending effects equal the expected one; \
                        when several are meant, say how many with THEN_Enqueued(_:count:)
                        expected: one \(ValueText.inline(effect)) pending
                        actual: \(equal) pending; pending effects: \(EffectText.list(pending))
                        """)
                }
                var message = """
                    THEN_Enqueued on \(path.describe()): no pending effect equals the expected one
                    expected: \(ValueText.inline(effect)) pending
                    actual: pending effects: \(EffectText.list(pending))
                    """
                if let closest = pending.last(where: { $0 is E }) as? E,
                    let difference = ValueText.difference(expected: effect, actual: closest)
                {
                    message += "\nnewest pending \(E.self), \(difference)"
                }
                message += run.fateLine(of: scope, named: "equal \(E.self)") { ($0 as? E) == effect }
                return .failed(.missingEffect, message)
            })
    }

    func noEffects(at location: StepLocation) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location, describe: { "no effect is pending" },
            perform: { _, scope in
                let pending = PendingEffects.effects(of: scope)
                guard !pending.isEmpty else { return .passed }
                return .failed(
                    .unexpectedEffect,
                    """
                    THEN_NoEffects on \(path.describe()) failed
                    expected: no pending effect
                    actual: pending effects: \(EffectText.list(pending))
                    """)
            })
    }

    func noEnqueued<E: Effect>(_ type: E.Type, at location: StepLocation) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location, describe: { "no `\(E.self)` is pending" },
            perform: { _, scope in
                let pending = PendingEffects.effects(of: scope).filter { $0 is E }
                guard !pending.isEmpty else { return .passed }
                return .failed(
                    .unexpectedEffect,
                    """
                    THEN_NotEnqueued(\(E.self).self) on \(path.describe()) failed
                    expected: no pending \(E.self)
                    actual: pending: \(EffectText.list(pending))
                    """)
            })
    }

    func enqueued<E: Effect, Value: Equatable>(
        parameter keyPath: KeyPath<E, Value>, equals expected: Value, at location: StepLocation
    ) throws -> Self {
        let path = self.path
        let property = KeyPathText.propertyPath(keyPath, root: E.self)
        let captured = Captured((keyPath: keyPath, expected: expected))
        return try add(
            .check, .then, at: location,
            describe: {
                let expected =
                    SensitiveProperties.isSensitive(property, root: E.self)
                    ? EventValue.redactionPlaceholder : ValueText.brief(captured.value.expected)
                return "a pending `\(E.self)` has \(Humanized.propertyPath(property)) `\(expected)`"
            },
            perform: { run, scope in
                let (keyPath, expected) = captured.value
                let pending = PendingEffects.effects(of: scope).compactMap { $0 as? E }
                let step =
                    "THEN_Enqueued(parameter: \(KeyPathText.code(keyPath)), equals: ...) on \(path.describe())"
                guard !pending.isEmpty else {
                    return .failed(
                        .missingEffect,
                        """
                        \(step): no \(E.self) is pending
                        expected: a pending \(E.self) whose \(property) is \(ValueText.inline(expected))
                        actual: pending effects: \(EffectText.list(PendingEffects.effects(of: scope)))
                        """ + run.fateLine(of: scope, named: "\(E.self)") { $0 is E })
                }
                let values = pending.map { $0[keyPath: keyPath] }
                guard !values.contains(expected) else { return .passed }
                if values.count == 1 {
                    return .failed(
                        .wrongValue,
                        "\(step) failed\n\(ValueText.mismatch(expected: expected, actual: values[0]))")
                }
                return .failed(
                    .wrongValue,
                    """
                    \(step) failed
                    expected: \(ValueText.inline(expected))
                    actual: \(values.map { ValueText.inline($0) }.joined(separator: ", ")) (one per pending \(E.self))
                    """)
            })
    }

    func notEnqueued<E: Effect & Equatable>(_ effect: E, at location: StepLocation) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location, describe: { "`\(ValueText.brief(effect))` is no longer pending" },
            perform: { _, scope in
                let pending = PendingEffects.effects(of: scope)
                guard pending.contains(where: { ($0 as? E) == effect }) else { return .passed }
                return .failed(
                    .unexpectedEffect,
                    """
                    THEN_NotEnqueued(\(ValueText.brief(effect))) on \(path.describe()): the effect is still pending
                    expected: no pending effect equal to \(ValueText.inline(effect))
                    actual: pending effects: \(EffectText.list(pending))
                    """)
            })
    }

    func enqueuedCount<E: Effect>(_ type: E.Type, _ expected: Int, at location: StepLocation) throws -> Self {
        try enqueuedCount(
            expected, "`\(E.self)`", call: "THEN_Enqueued(\(E.self).self, count: \(expected))",
            counted: " \(E.self)", latest: "latest \(E.self)", at: location
        ) { $0 is E }
    }

    func enqueuedCount<E: Effect & Equatable>(of effect: E, _ expected: Int, at location: StepLocation) throws
        -> Self
    {
        try enqueuedCount(
            expected, "`\(ValueText.brief(effect))`",
            call: "THEN_Enqueued(\(ValueText.brief(effect)), count: \(expected))", counted: "",
            latest: "latest equal \(E.self)", at: location
        ) { ($0 as? E) == effect }
    }

    /// The count check of both `THEN_Enqueued(_:count:)` verbs, counting the pending effects that
    /// `matches`; `counted` follows the numbers in the message, `latest` names the effect whose fate
    /// it tells when fewer are pending than expected.
    private func enqueuedCount(
        _ expected: Int, _ words: @autoclosure @escaping @MainActor () -> String,
        call: @autoclosure @escaping @MainActor () -> String,
        counted: String, latest: String,
        at location: StepLocation, matches: @escaping @MainActor (any Effect) -> Bool
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: location,
            describe: { "\(expected) \(words()) \(expected == 1 ? "is" : "are") pending" },
            perform: { run, scope in
                if let refusal = Self.refusal(ofNegative: expected, in: call(), on: path) { return refusal }
                let pending = PendingEffects.effects(of: scope)
                let matching = pending.count(where: matches)
                guard matching != expected else { return .passed }
                let fate = matching < expected ? run.fateLine(of: scope, named: latest, where: matches) : ""
                return .failed(
                    .wrongValue,
                    """
                    \(call()) on \(path.describe()) failed
                    expected: \(expected) pending\(counted)
                    actual: \(matching) pending\(counted); pending effects: \(EffectText.list(pending))
                    """ + fate)
            })
    }

    /// The failure of a check given a negative `count`, which no number of pending effects equals.
    @MainActor private static func refusal(ofNegative expected: Int, in call: String, on path: ScopePath<S>)
        -> StepOutcome?
    {
        guard expected < 0 else { return nil }
        return .failed(
            .misuse,
            """
            \(call) on \(path.describe()) failed
            expected: a count of zero or more
            actual: count: \(expected), which no number of pending effects can be
            """)
    }
}
