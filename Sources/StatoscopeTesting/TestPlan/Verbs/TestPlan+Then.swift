import Statoscope

extension TestPlan {
    /// Checks that a property of the scope equals `expected`.
    ///
    /// The key path is taken as an autoclosure evaluated on the main actor, so `\.property` can be
    /// written from a nonisolated test although the scope is main-actor isolated. On failure the
    /// message shows both values, and a line-by-line diff when they are structures.
    public func THEN<Value: Equatable>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try equality(
            keyPath, expected, .then,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks one more property; the same as ``THEN(_:equals:fileID:filePath:line:column:)``, shown as
    /// "And" in the specification.
    public func AND<Value: Equatable>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Value>, equals expected: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try equality(
            keyPath, expected, .and,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks a property with a closure that throws when the value is wrong.
    ///
    /// The closure runs on the main actor. Throw to fail the step at its line, with the error as the
    /// message; `#expect` and `XCTAssert` inside it work too, but from a nonisolated Swift Testing test
    /// they cannot tell which test is running (see <doc:HowFailuresAreReported>).
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled inside: func sample(plan: TestPlan<Cart>) throws { _ = try plan … } -->
    /// ```swift
    /// .THEN(\.items) { items in
    ///     guard items.count == 2 else { throw CheckFailure("two items, got \(items.count)") }
    /// }
    /// ```
    public func THEN<Value>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Value>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column,
        _ check: @escaping @MainActor (Value) throws -> Void
    ) throws -> Self {
        let path = self.path
        return try add(
            .check, .then, at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            describe: { "\(Self.words(keyPath())) passes its check" },
            perform: { run, scope in
                let keyPath = keyPath()
                run.checked(KeyPathText.propertyPath(keyPath, root: S.self), of: path.describe())
                let value = scope[keyPath: keyPath]
                do {
                    try check(value)
                    return .passed
                } catch {
                    return .failed(
                        .wrongValue,
                        """
                        THEN(\(KeyPathText.code(keyPath))) { ... } on \(path.describe()): the check threw \
                        \(ValueText.error(error))
                        expected: a value the check accepts
                        actual: \(ValueText.inline(value))
                        """)
                }
            })
    }

    /// Checks that an optional property is nil.
    public func THEN_Nil<Wrapped>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Wrapped?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try nilness(
            keyPath, isNil: true,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that an optional property is not nil.
    public func THEN_NotNil<Wrapped>(
        _ keyPath: @autoclosure @escaping @MainActor () -> KeyPath<S, Wrapped?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Self {
        try nilness(
            keyPath, isNil: false,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The check of `THEN_Nil` (`expectsNil`) and of `THEN_NotNil`, which differ only in the answer
    /// they expect.
    private func nilness<Wrapped>(
        _ keyPath: @escaping @MainActor () -> KeyPath<S, Wrapped?>, isNil expectsNil: Bool,
        at location: StepLocation
    ) throws -> Self {
        let path = self.path
        let verb = expectsNil ? "THEN_Nil" : "THEN_NotNil"
        return try add(
            .check, .then, at: location,
            describe: { "\(Self.words(keyPath())) is \(expectsNil ? "empty" : "set")" },
            perform: { run, scope in
                let keyPath = keyPath()
                run.checked(KeyPathText.propertyPath(keyPath, root: S.self), of: path.describe())
                let value = scope[keyPath: keyPath]
                guard (value == nil) != expectsNil else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    \(verb)(\(KeyPathText.code(keyPath))) on \(path.describe()) failed
                    expected: \(expectsNil ? "nil" : "a \(Wrapped.self)")
                    actual: \(value.map { ValueText.inline($0) } ?? "nil")
                    """)
            })
    }

    private func equality<Value: Equatable>(
        _ keyPath: @escaping @MainActor () -> KeyPath<S, Value>, _ expected: Value, _ keyword: SpecKeyword,
        at location: StepLocation
    ) throws -> Self {
        let path = self.path
        let captured = Captured(expected)
        return try add(
            .check, keyword, at: location,
            describe: {
                "\(Self.words(keyPath())) is `\(Self.specificationText(of: captured.value, at: keyPath()))`"
            },
            perform: { run, scope in
                let keyPath = keyPath()
                run.checked(KeyPathText.propertyPath(keyPath, root: S.self), of: path.describe())
                let actual = scope[keyPath: keyPath]
                let expected = captured.value
                guard actual != expected else { return .passed }
                return .failed(
                    .wrongValue,
                    """
                    THEN(\(KeyPathText.code(keyPath)), equals: ...) on \(path.describe()) failed
                    \(ValueText.mismatch(expected: expected, actual: actual))
                    """)
            })
    }

    /// A value a check expects at `keyPath`, for the specification: `<redacted>` for a property the
    /// app declared `@Sensitive`, whose key path reads the plain value.
    static func specificationText(of value: Any, at keyPath: AnyKeyPath) -> String {
        let property = KeyPathText.propertyPath(keyPath, root: S.self)
        guard !SensitiveProperties.isSensitive(property, root: S.self) else {
            return EventValue.redactionPlaceholder
        }
        return ValueText.brief(value)
    }

    /// A property of the scope in words, for the specification.
    static func words(_ keyPath: AnyKeyPath) -> String {
        Humanized.propertyPath(KeyPathText.propertyPath(keyPath, root: S.self))
    }
}
