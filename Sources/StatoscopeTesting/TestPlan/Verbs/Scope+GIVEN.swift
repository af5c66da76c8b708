import Statoscope

extension Scope {
    /// Starts a test plan whose scope `builder` makes.
    ///
    /// The builder runs on the main actor when the plan runs, once for the main line and once more
    /// for each `FORK`; build the scope inside it, so the plan can check that the scope is released
    /// after the run. Callable from any context, including nonisolated `XCTestCase` methods:
    ///
    /// <!-- compiled with: SyncedCounterApp -->
    /// <!-- compiled in a function -->
    /// ```swift
    /// try Counter.GIVEN { Counter() }
    ///     .THEN(\.viewDisplaysTotalCount, equals: 0)
    ///     .runTest()
    /// ```
    ///
    /// A `title` names the starting point in the plan's specification ("a counter at zero"); by
    /// default the specification names the scope's type. The location parameters default to the
    /// caller's and tell where `GIVEN` failures (a builder that throws, a leaked scope, a plan never
    /// run) are reported.
    nonisolated public static func GIVEN(
        _ title: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, function: StaticString = #function,
        _ builder: @escaping @MainActor () throws -> Self
    ) throws -> TestPlan<Self> {
        let core = PlanCore(
            given: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            function: "\(function)", title: title, scopeTypeName: "\(Self.self)", build: builder)
        return TestPlan(core: core, line: core.main, path: .root, depth: 0)
    }
}
