import Statoscope
import StatoscopeInjection

extension Scope {
    /// For a live test: makes a read of a dependency that nothing overrides, and whose type declares
    /// no test value, fail the test, as it fails a plan's step.
    ///
    /// <!-- compiled with: Scopes -->
    /// <!-- compiled inside: @MainActor func liveTestSample(app: App) { … } -->
    /// ```swift
    /// app.requireTestDependencies(allowingLive: EffectClock.self)
    /// app.inject(APIClient.mock)
    /// ```
    ///
    /// Applies to this scope's subtree, to the scopes linked later and to the effects started from
    /// now on; it reports at the line that called it, naming the dependency's type and the scope (or
    /// the effect's scope) that read it. A read of a type listed in `types`, or of one that says tests
    /// may read it (`Injectable/isProvidedByTests`), is not reported. An effect's `@Injected`
    /// properties are checked when it starts, on the task that sent the event that started it: an
    /// effect started by the test's `send` fails the test, whichever thread its code later reads on.
    public func requireTestDependencies(
        allowingLive types: any Injectable.Type..., fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        // An effect's task may not see where this test's failures go: it is taken here, on the test's.
        let capture = PlanIssueReporter.capture
        let rules = TestDependencyRules(
            allowedTypes: Set(types.map { ObjectIdentifier($0) }),
            report: { read in
                let failure = PlanFailure(
                    .missingDependency, LiveTestDependencies.message(read), at: location)
                if let capture {
                    PlanIssueReporter.$capture.withValue(capture) { PlanIssueReporter.report(failure) }
                } else {
                    PlanIssueReporter.report(failure)
                }
            })
        useDependencies(DependencyContext(.test(rules)))
    }
}

/// The failure a live test reports for a dependency it does not provide.
enum LiveTestDependencies {
    static func message(_ read: MissingDependency) -> String {
        """
        \(read.description), which the test does not provide: nothing overrides it and \
        \(read.typeName) declares no testValue, so it read its live value
        expected: \(read.typeName) injected, a testValue declared on \(read.typeName), or \
        requireTestDependencies(allowingLive: \(read.typeName).self)
        actual: the live \(read.typeName).defaultValue
        """
    }
}
