import Statoscope

/// A scope the plan could not reach: a key path on the way led to nil.
package struct UnreachableScope: Error {
    package let message: String
}

/// How a plan reaches the scope its steps address, starting from the root its `GIVEN` built.
///
/// Resolved again at every step, so a subscope replaced during the flow (a new detail after
/// navigation, say) is the one the next step sees.
package struct ScopePath<S: Scope> {
    /// The path in words: `App`, `App.detail`, `App.detail.list`.
    package let describe: @MainActor () -> String
    /// The path as the tree names it (`App.detail.list`), optional chaining left out: where the
    /// scope stood, for a check about one that is gone.
    @MainActor
    package var treePath: String {
        describe().filter { $0 != "?" && $0 != "!" }
    }

    /// Whether this is the root itself.
    package let isRoot: Bool
    /// The scope at the end of the path in the current line, or why there is none.
    package let resolve: @MainActor (PlanRun, StepLocation) -> Result<S, UnreachableScope>

    /// The path to the root of the run.
    package static var root: ScopePath<S> {
        // Named once: checks under strict state ask for it at every step.
        let name = "\(S.self)"
        return ScopePath(
            describe: { name }, isRoot: true,
            resolve: { run, _ in
                guard let scope = run.root as? S else {
                    return .failure(UnreachableScope(message: "the plan has no \(S.self) to run against"))
                }
                return .success(scope)
            })
    }

    /// The path to a subscope held by a non-optional property.
    package func appending<Child: Scope>(
        _ keyPath: @escaping @MainActor () -> KeyPath<S, Child>
    ) -> ScopePath<Child> {
        appending(keyPath, child: { $0 })
    }

    /// The path to a subscope held by an optional property; nil makes the steps addressing it fail.
    package func appending<Child: Scope>(
        _ keyPath: @escaping @MainActor () -> KeyPath<S, Child?>
    ) -> ScopePath<Child> {
        appending(keyPath, child: { $0 })
    }

    /// The path to the scope of one case of a `ScopeDestination` held by an optional property; nil,
    /// or another case, makes the steps addressing it fail with a message naming the case shown.
    package func appending<Destination: ScopeDestination, Child: Scope>(
        _ keyPath: @escaping @MainActor () -> KeyPath<S, Destination?>,
        case embed: @escaping @Sendable (Child) -> Destination
    ) -> ScopePath<Child> {
        let parent = self
        let describe: @MainActor () -> String = {
            "\(parent.describe()).\(KeyPathText.propertyPath(keyPath(), root: S.self))"
        }
        return ScopePath<Child>(describe: describe, isRoot: false) { run, location in
            parent.resolve(run, location).flatMap { scope in
                let shown = scope[keyPath: keyPath()]
                guard let reached = shown?.scope(ifCase: embed) else {
                    let expected = DestinationCaseText.code(of: embed)
                    return .failure(
                        UnreachableScope(
                            message: """
                                \(describe()) is not \(expected), so this step has no \(Child.self) to address
                                expected: \(expected)
                                actual: \(DestinationCaseText.code(of: shown))
                                """))
                }
                run.reach(reached, through: describe, at: location)
                return .success(reached)
            }
        }
    }

    /// The path through a property holding `Held`, from which `child` takes the subscope. Both kinds
    /// of property go through here, so they name the path, reach the scope and fail alike; only an
    /// optional one can hold nil, which fails the steps addressing it with a message naming the path.
    private func appending<Held, Child: Scope>(
        _ keyPath: @escaping @MainActor () -> KeyPath<S, Held>, child: @escaping @MainActor (Held) -> Child?
    ) -> ScopePath<Child> {
        let parent = self
        let describe: @MainActor () -> String = {
            "\(parent.describe()).\(KeyPathText.propertyPath(keyPath(), root: S.self))"
        }
        return ScopePath<Child>(describe: describe, isRoot: false) { run, location in
            parent.resolve(run, location).flatMap { scope in
                guard let reached = child(scope[keyPath: keyPath()]) else {
                    return .failure(
                        UnreachableScope(
                            message: """
                                \(describe()) is nil, so this step has no \(Child.self) to address
                                expected: a \(Child.self)
                                actual: nil
                                """))
                }
                run.reach(reached, through: describe, at: location)
                return .success(reached)
            }
        }
    }
}
