#if canImport(Testing)
    import Testing
#endif

/// Settings for every plan run in a task, unless a plan says otherwise.
///
/// Set them for a whole Swift Testing suite with the ``Testing/Trait/strictEffects`` and
/// ``Testing/Trait/strictState`` traits, or for an `XCTestCase` by overriding `invokeTest()`:
///
/// <!-- compiled with: SyncedCounterApp -->
/// <!-- compiled inside: final class CounterTests: XCTestCase { … } -->
/// ```swift
/// override func invokeTest() {
///     TestPlanDefaults.$strictEffects.withValue(true) { super.invokeTest() }
/// }
/// ```
public enum TestPlanDefaults {
    /// Whether effects still pending at the end of a plan's line fail it; `false` unless set.
    ///
    /// Not the default, because a plan may send an effect's completion event directly and leave the
    /// effect pending, as the earlier Statoscope's README example does. A plan's
    /// ``TestPlan/strictEffects(_:)`` wins.
    @TaskLocal public static var strictEffects = false

    /// Whether a state change that no check reads before the next step fails the plan; `false`
    /// unless set.
    ///
    /// Not the default, because a plan is a feature's acceptance criteria: its `THEN`s name what the
    /// reader should care about, and a plan that had to list every flag an event touches would read
    /// as a dump of the state. Plans written for the earlier Statoscope, which had no such mode, keep
    /// passing too. Turn it on where a forgotten change would be a bug, and turn on
    /// ``showsSkipped`` to see what lenient plans let pass. A plan's ``TestPlan/strictState(_:)``
    /// wins.
    @TaskLocal public static var strictState = false

    /// Whether what the lenient settings let pass is printed as notes; `false` unless set. A plan's
    /// ``TestPlan/showingSkipped(_:)`` wins.
    @TaskLocal public static var showsSkipped = false
}

#if canImport(Testing)
    /// Turns one of the ``TestPlanDefaults`` on for every plan run by a suite's tests, or by one test.
    ///
    /// ```swift
    /// @Suite(.strictEffects, .strictState)
    /// struct CounterAcceptance {
    ///     // The suite's tests.
    /// }
    /// ```
    public struct PlanDefaultTrait: SuiteTrait, TestTrait, TestScoping {
        private let setting: TaskLocal<Bool>

        fileprivate init(_ setting: TaskLocal<Bool>) {
            self.setting = setting
        }

        /// Applies to every test of the suite, nested suites included.
        public var isRecursive: Bool { true }

        /// Runs the test with the setting on.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await setting.withValue(true) {
                try await function()
            }
        }
    }

    /// The trait that makes plans strict about pending effects.
    public typealias StrictEffectsTrait = PlanDefaultTrait

    extension Trait where Self == PlanDefaultTrait {
        /// Makes the plans run by this suite's tests (or this test) strict about pending effects.
        public static var strictEffects: Self { PlanDefaultTrait(TestPlanDefaults.$strictEffects) }

        /// Makes the plans run by this suite's tests (or this test) strict about state changes.
        public static var strictState: Self { PlanDefaultTrait(TestPlanDefaults.$strictState) }

        /// Makes the plans run by this suite's tests (or this test) show what they let pass.
        public static var showingSkipped: Self { PlanDefaultTrait(TestPlanDefaults.$showsSkipped) }
    }
#endif
