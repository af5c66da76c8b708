import Statoscope

/// A plan addressing a subscope, from `WITH(\.child)`: its verbs
/// act on the subscope, and ``POP()`` goes back to the plan of the parent.
///
/// <!-- compiled with: SyncedCounterApp -->
/// <!-- compiled in a function -->
/// ```swift
/// try App.GIVEN { App() }
///     .WITH(\.counter)
///         .WHEN(.userTappedIncrementButton)
///         .THEN(\.viewDisplaysTotalCount, equals: 1)
///     .POP()
///     .THEN(\.title, equals: "1 tap")
///     .runTest()
/// ```
///
/// `Parent` is the plan `POP()` returns: a ``TestPlan``, or another nested plan when `WITH` calls nest.
public final class NestedTestPlan<S: Scope, Parent>: TestPlan<S> {
    private let parent: Parent

    init<P: Scope>(parent: Parent, base: TestPlan<P>, path: ScopePath<S>) {
        self.parent = parent
        super.init(core: base.core, line: base.line, path: path, depth: base.depth + 1)
    }

    /// Goes back to the plan of the parent scope; the steps after it address the parent again.
    public func POP() -> Parent {
        parent
    }
}

extension NestedTestPlan {
    /// Addresses a subscope of this subscope until ``NestedTestPlan/POP()``, which comes back here.
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> NestedTestPlan<Child, NestedTestPlan<S, Parent>> {
        try nested(
            path.appending(subscope), returningTo: self,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The same, for a subscope held by an optional property.
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> NestedTestPlan<Child, NestedTestPlan<S, Parent>> {
        try nested(
            path.appending(subscope), returningTo: self,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension TestPlan {
    // Both forms are disfavoured so that on a nested plan, which inherits them, `WITH` picks the
    // nested plan's own, whose `POP()` comes back to it: the compiler otherwise finds the two
    // equally good when nothing after the call tells them apart.

    /// Addresses a subscope until ``NestedTestPlan/POP()``: the verbs after this call send events to,
    /// and check, the scope at `subscope`, resolved again at each step.
    @_disfavoredOverload
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> NestedTestPlan<Child, TestPlan<S>> {
        try nested(
            path.appending(subscope), returningTo: self as TestPlan<S>,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The same, for a subscope held by an optional property; the steps addressing it fail while it is
    /// nil.
    @_disfavoredOverload
    public func WITH<Child: Scope>(
        _ subscope: @autoclosure @escaping @MainActor () -> KeyPath<S, Child?>,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> NestedTestPlan<Child, TestPlan<S>> {
        try nested(
            path.appending(subscope), returningTo: self as TestPlan<S>,
            at: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    func nested<Child: Scope, Parent>(
        _ childPath: ScopePath<Child>, returningTo parent: Parent, at location: StepLocation
    ) throws -> NestedTestPlan<Child, Parent> {
        try core.checkBuilding()
        line.append(withHeading(childPath, at: location))
        return NestedTestPlan(parent: parent, base: self, path: childPath)
    }

    /// The step that shows `WITH`'s subscope in the specification, above the steps addressing it.
    func withHeading<Child: Scope>(_ childPath: ScopePath<Child>, at location: StepLocation) -> PlanStep {
        PlanStep(
            role: .note, keyword: .with, location: location, depth: depth,
            describe: { Humanized.propertyPath(childPath.describe()) }, perform: { _ in .passed })
    }
}
