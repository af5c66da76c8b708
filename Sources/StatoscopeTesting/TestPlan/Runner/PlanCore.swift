import Statoscope

/// What every handle of one plan shares: the builder, the main line, the settings, and whether the
/// plan ran.
///
/// The handles given to `FORK` and `WITH` bodies point here too, so the plan is "run" whichever handle
/// `runTest()` is called on, and "never run" is reported once, when the last handle goes away.
///
/// `@unchecked Sendable`: a plan is built by one test on one thread, then run on the main actor while
/// that thread waits inside `runTest()`; no two threads ever touch it at once. The nonisolated suites
/// (`StrictStateTests`, `ForkTests`, the XCTest `EndToEndXCTests`) build plans off the main actor and
/// run them on it, which CI's ThreadSanitizer run checks.
// SAFETY: Sound as the comment above says: one thread at a time, since the builder waits in
// `runTest()` (blocked on `MainQueue.sync`) while the main actor runs the plan.
package final class PlanCore: @unchecked Sendable {
    package let given: StepLocation
    /// The test function that built the plan, for the specification's title and file name.
    package let function: String
    /// What `GIVEN` was told the scope is, if anything: the specification's wording.
    package let title: String?
    package let scopeTypeName: String
    package let build: @MainActor () throws -> any Scope
    package let main: PlanLine
    /// Whether effects left pending at the end of a line fail the plan; nil defers to
    /// ``TestPlanDefaults/strictEffects``.
    package var strict: Bool?
    /// Whether a change no check reads fails the plan; nil defers to ``TestPlanDefaults/strictState``.
    package var strictState: Bool?
    /// Whether what lenient settings let pass is shown; nil defers to ``TestPlanDefaults/showsSkipped``.
    package var showsSkipped: Bool?
    package var clearing = PendingEffectsClearing.none
    /// Dependencies injected into the scope `GIVEN` builds, before any step of any line.
    package var dependencies: [@MainActor (any Scope) -> Void] = []
    /// The values `.injecting(_:)` injects, by type, for the reads made while `GIVEN` builds the tree.
    package var injectedValues: [ObjectIdentifier: any Sendable] = [:]
    /// Dependency types whose live value the plan lets its scopes read.
    package var liveDependencies: Set<ObjectIdentifier> = []
    /// Whether the plan lets its scopes read every dependency's live value.
    package var allowsEveryLiveDependency = false
    package private(set) var hasRun = false
    /// Set when building the plan threw: the test already fails with that error.
    private var isAbandoned = false

    package init(
        given: StepLocation, function: String, title: String?, scopeTypeName: String,
        build: @escaping @MainActor () throws -> any Scope
    ) {
        self.given = given
        self.function = function
        self.title = title
        self.scopeTypeName = scopeTypeName
        self.build = build
        self.main = PlanLine(end: given)
    }

    deinit {
        guard !hasRun, !isAbandoned else { return }
        PlanIssueReporter.report(
            PlanFailure(
                .neverRun,
                """
                The plan GIVEN \(scopeTypeName) was built but never run: end its chain with .runTest()
                expected: runTest() called
                actual: the plan was released without running
                """, at: given))
    }

    /// Throws if the plan can take no more steps.
    package func checkBuilding() throws {
        if hasRun { throw TestPlanError.alreadyRun(scopeTypeName) }
    }

    /// Marks the plan as run; throws if it already was.
    package func markRun() throws {
        try checkBuilding()
        hasRun = true
    }

    /// Building the plan threw: the error fails the test, a "never run" report would only add noise.
    package func abandon() {
        isAbandoned = true
    }
}

/// A plan used in a way it cannot be: thrown by the verbs and by `runTest()`.
package enum TestPlanError: Error, CustomStringConvertible {
    case alreadyRun(String)

    package var description: String {
        switch self {
        case .alreadyRun(let type):
            return "The plan GIVEN \(type) already ran: a plan runs once and takes no step after its run"
        }
    }
}
