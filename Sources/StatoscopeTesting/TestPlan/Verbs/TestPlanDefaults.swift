#if canImport(Testing)
    import Testing
#endif

/// Settings for every plan run in a task, unless a plan says otherwise.
///
/// Set them for a whole Swift Testing suite with the ``Testing/Trait/strictEffects`` trait, or for an
/// `XCTestCase` by overriding `invokeTest()`:
///
/// ```swift
/// override func invokeTest() {
///     TestPlanDefaults.$strictEffects.withValue(true) { super.invokeTest() }
/// }
/// ```
public enum TestPlanDefaults {
    /// Whether effects still pending at the end of a plan's line fail it; `false` unless set.
    ///
    /// Not the default, because a plan may send an effect's completion event directly and leave the
    /// effect pending, as seed 003's own test does. A plan's ``TestPlan/strictEffects(_:)`` wins.
    @TaskLocal public static var strictEffects = false
}

#if canImport(Testing)
    /// Makes every plan run by a suite's tests, or by one test, strict about pending effects.
    ///
    /// ```swift
    /// @Suite(.strictEffects)
    /// struct CounterAcceptance { ... }
    /// ```
    public struct StrictEffectsTrait: SuiteTrait, TestTrait, TestScoping {
        /// Applies to every test of the suite, nested suites included.
        public var isRecursive: Bool { true }

        /// Runs the test with ``TestPlanDefaults/strictEffects`` on.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await TestPlanDefaults.$strictEffects.withValue(true) {
                try await function()
            }
        }
    }

    extension Trait where Self == StrictEffectsTrait {
        /// Makes the plans run by this suite's tests (or this test) strict about pending effects.
        public static var strictEffects: Self { StrictEffectsTrait() }
    }
#endif
