import Statoscope

/// A scope's acceptance criteria as code: the steps of a GIVEN / WHEN / THEN flow, run by
/// ``runTest(assertRelease:assertNoPendingEffects:fileID:filePath:line:column:)``.
///
/// Start a plan with ``Statoscope/Scope/GIVEN(_:fileID:filePath:line:column:function:_:)`` and chain
/// verbs; every verb records a step, `throws`, and returns the plan, so one `try` covers the chain.
/// Nothing runs before `runTest()`:
///
/// <!-- compiled with: SyncedCounterApp -->
/// <!-- compiled in a function -->
/// ```swift
/// try Counter.GIVEN { Counter() }
///     .WHEN(.userTappedIncrementButton)
///     .THEN(\.viewDisplaysTotalCount, equals: 1)
///     .runTest()
/// ```
///
/// Effects never run in a plan: they are recorded when enqueued, checked with `THEN_Enqueued` and
/// completed by hand with ``WHEN_EffectCompletes(_:with:fileID:filePath:line:column:)``, so a plan
/// is synchronous and deterministic.
public class TestPlan<S: Scope> {
    package let core: PlanCore
    let line: PlanLine
    let path: ScopePath<S>
    let depth: Int
    /// Whether the specification names the path in each step: set for a single verb addressed at a
    /// subscope, whose step stands among the parent's.
    let namesPath: Bool

    init(core: PlanCore, line: PlanLine, path: ScopePath<S>, depth: Int, namesPath: Bool = false) {
        self.core = core
        self.line = line
        self.path = path
        self.depth = depth
        self.namesPath = namesPath
    }

    /// Records a step that runs against the scope this plan addresses.
    func add(
        _ role: PlanStep.Role, _ keyword: SpecKeyword, at location: StepLocation,
        describe: @escaping @MainActor () -> String,
        perform: @escaping @MainActor (PlanRun, S) -> StepOutcome
    ) throws -> Self {
        try addReaching(role, keyword, at: location, describe: describe) { run, reached in
            switch reached {
            case .success(let scope):
                return perform(run, scope)
            case .failure(let unreachable):
                return .failed(.unreachableScope, unreachable.message)
            }
        }
    }

    /// Records a step that runs whether or not the scope it addresses can be reached: for a check
    /// that has something to say of a scope that is gone, such as the effects its dismissal ended.
    func addReaching(
        _ role: PlanStep.Role, _ keyword: SpecKeyword, at location: StepLocation,
        describe: @escaping @MainActor () -> String,
        perform: @escaping @MainActor (PlanRun, Result<S, UnreachableScope>) -> StepOutcome
    ) throws -> Self {
        try core.checkBuilding()
        let path = self.path
        let text: @MainActor () -> String
        if namesPath {
            text = { "in \(Humanized.propertyPath(path.describe())): \(describe())" }
        } else {
            text = describe
        }
        line.append(
            PlanStep(role: role, keyword: keyword, location: location, depth: depth, describe: text) { run in
                perform(run, path.resolve(run, location))
            })
        return self
    }

    /// Records, among this plan's steps, the steps `add` records on a handle addressing `childPath`: a
    /// verb aimed at a subscope is the same verb, aimed at the scope itself, on that handle.
    func addressing<Child: Scope>(
        _ childPath: ScopePath<Child>, _ add: (TestPlan<Child>) throws -> TestPlan<Child>
    ) throws -> Self {
        _ = try add(TestPlan<Child>(core: core, line: line, path: childPath, depth: depth, namesPath: true))
        return self
    }

    /// Runs a body that adds steps, marking the plan abandoned if it throws: the thrown error fails
    /// the test, and a "never run" failure would only repeat it.
    func building<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            core.abandon()
            throw error
        }
    }
}
