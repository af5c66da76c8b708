#if canImport(Testing)
    import Statoscope
    import Testing

    /// Runs each test of a suite, or one test, inside `withIsolatedInstruments`:
    /// the app-wide instruments a test installs see only that test's events, effects and reports,
    /// though Swift Testing runs tests in parallel, and stop when the test ends.
    ///
    /// ```swift
    /// import StatoscopeTesting
    /// import Testing
    ///
    /// @Suite(.isolatedInstruments)
    /// struct AnalyticsTests {
    ///     // Each test installs its own sink and counts only its own events.
    /// }
    /// ```
    public struct IsolatedInstrumentsTrait: SuiteTrait, TestTrait, TestScoping {
        fileprivate init() {}

        /// Applies to every test of the suite, nested suites included.
        public var isRecursive: Bool { true }

        /// An isolation for each run of a test function (each argument of a parameterized one),
        /// none for a suite as a whole: tests of one suite never share one.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            testCase == nil ? nil : self
        }

        /// Runs the test with instruments of its own.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await withIsolatedInstruments {
                try await function()
            }
        }
    }

    extension Trait where Self == IsolatedInstrumentsTrait {
        /// Gives each test of this suite (or this test) app-wide instruments of its own: see
        /// ``IsolatedInstrumentsTrait``.
        public static var isolatedInstruments: Self { IsolatedInstrumentsTrait() }
    }
#endif
