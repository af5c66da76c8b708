import Statoscope

/// A plan addressing a subscope, from `WITH(\.child)`: its verbs
/// act on the subscope, and ``POP()`` goes back to the plan of the parent.
///
/// ```swift
/// try App.GIVEN { App() }
///     .WITH(\.counter)
///         .WHEN(.userTappedIncrementButton)
///         .THEN(\.viewDisplaysTotalCount, equals: 1)
///     .POP()
///     .THEN(\.title, equals: "1 tap")
///     .runTest()
/// ```
public final class NestedTestPlan<S: Scope, Parent: Scope>: TestPlan<S> {
    private let parent: TestPlan<Parent>

    init(parent: TestPlan<Parent>, path: ScopePath<S>) {
        self.parent = parent
        super.init(core: parent.core, line: parent.line, path: path, depth: parent.depth + 1)
    }

    /// Goes back to the plan of the parent scope; the steps after it address the parent again.
    public func POP() -> TestPlan<Parent> {
        parent
    }
}

extension TestPlan {
    /// Addresses a subscope until ``NestedTestPlan/POP()``: the verbs after this call send events to,
    /// and check, the scope at `subscope`, resolved again at each step.
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> NestedTestPlan<Child, S> {
        try nested(
            path.appending(subscope),
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The same, for a subscope held by an optional property; the steps addressing it fail while it is
    /// nil.
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> NestedTestPlan<Child, S> {
        try nested(
            path.appending(subscope),
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func nested<Child: Scope>(
        _ childPath: ScopePath<Child>, at location: StepLocation
    ) throws -> NestedTestPlan<Child, S> {
        try core.checkBuilding()
        line.append(withHeading(childPath, at: location))
        return NestedTestPlan(parent: self, path: childPath)
    }

    /// The step that shows `WITH`'s subscope in the specification, above the steps addressing it.
    func withHeading<Child: Scope>(_ childPath: ScopePath<Child>, at location: StepLocation) -> PlanStep {
        PlanStep(
            role: .note, keyword: .with, location: location, depth: depth,
            describe: { Humanized.propertyPath(childPath.describe()) }, perform: { _ in .passed })
    }
}
