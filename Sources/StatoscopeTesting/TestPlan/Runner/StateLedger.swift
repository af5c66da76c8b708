import Statoscope

/// What strict state keeps between steps: the state of every scope of the line after the latest
/// action, and the changes that action made which no check has read yet.
///
/// Properties are named by their path from the root (`App.detail.title`), as checks name what they
/// read, so a check marks the changes it covers by comparing paths. Values are compared with `==`
/// when their type is `Equatable`, else by their dump; child scopes by identity.
@MainActor
package final class StateLedger {
    /// A property an action changed.
    package struct Change {
        package let path: String
        let old: ObservedValue
        let new: ObservedValue

        /// The value before, as failure messages show it: formatted only when reported.
        package var before: String { old.text }
        /// The value after.
        package var after: String { new.text(comparedWith: old) }
    }

    /// A property of one scope, as the snapshots key it: no path is built unless it changed.
    private struct Slot: Hashable {
        let scope: ObjectIdentifier
        let name: String
    }

    /// A scope of the line, and where it sits while it is not linked yet: a child created with its
    /// parent and first read at a later step is named, and reads its shared values, as it will once
    /// linked, so that a change is reported at the step that made it.
    package struct Listed {
        package let scope: any Scope
        let unlinked: PlanRun.UnlinkedPlace?

        /// Where the scope sits now, from the root: `App.rows[2]`, as checks name it.
        @MainActor package var path: String {
            if let unlinked { return unlinked.path }
            return ScopeRuntimeTable.existingRuntime(forObject: scope)?.path ?? "\(type(of: scope))"
        }
    }

    private struct WeakScope {
        weak var scope: (any Scope)?
        let unlinked: PlanRun.UnlinkedPlace?
    }

    private var baseline: [Slot: ObservedValue] = [:]
    /// What the running action checked itself (a tap checks that its dialog is gone), counted once
    /// the action's changes are recorded.
    private var checkedByAction: [String] = []
    /// The scopes of the line's tree, held weakly, and the tree's generation when they were listed:
    /// listing walks the tree by reflection, and most steps leave its shape as it was. Linking a
    /// child changes the generation, so a child listed as not linked yet still is.
    private var listed: (scopes: [WeakScope], generation: UInt64)?
    private var unchecked: [Change] = []
    private var changedBy: StepLocation?

    package init() {}

    /// The live scopes of the line, listed again only when the tree changed shape.
    package func scopes(of run: PlanRun) -> [Listed] {
        if let listed, listed.generation == ScopeTree.generation {
            let live = listed.scopes.compactMap { weak in
                weak.scope.map { Listed(scope: $0, unlinked: weak.unlinked) }
            }
            if live.count == listed.scopes.count { return live }
        }
        let scopes = run.scopes.map { Listed(scope: $0, unlinked: run.unlinked[ObjectIdentifier($0)]) }
        listed = (scopes.map { WeakScope(scope: $0.scope, unlinked: $0.unlinked) }, ScopeTree.generation)
        return scopes
    }

    /// Starts from the state of `scopes`, with nothing to check: a line just built, or a branch
    /// brought to its fork point.
    package func rebase(on scopes: [Listed]) {
        baseline = Self.snapshot(scopes)
        unchecked.removeAll()
        checkedByAction.removeAll()
        changedBy = nil
    }

    /// The running action read `path` itself: the changes it makes there count as checked.
    package func actionChecked(_ path: String) {
        checkedByAction.append(path)
    }

    /// Records what an action at `location` changed; hands back what the previous one changed and
    /// left unchecked, with where it happened.
    package func actionRan(
        at location: StepLocation, leaving scopes: [Listed]
    ) -> (changes: [Change], at: StepLocation)? {
        let leftover = takeUnchecked()
        let current = Self.snapshot(scopes)
        var paths: [ObjectIdentifier: String] = [:]
        for (slot, value) in current {
            guard let before = baseline[slot], !before.isSame(as: value) else { continue }
            if paths.isEmpty {
                for listed in scopes { paths[ObjectIdentifier(listed.scope)] = listed.path }
            }
            unchecked.append(
                Change(path: "\(paths[slot.scope] ?? "?").\(slot.name)", old: before, new: value))
        }
        unchecked.sort { $0.path < $1.path }
        for path in checkedByAction { checked(path) }
        checkedByAction.removeAll()
        changedBy = location
        baseline = current
        return leftover
    }

    /// Hands back what the latest action changed and left unchecked, and forgets it.
    package func takeUnchecked() -> (changes: [Change], at: StepLocation)? {
        defer {
            unchecked.removeAll()
            changedBy = nil
        }
        guard let changedBy, !unchecked.isEmpty else { return nil }
        return (unchecked, changedBy)
    }

    /// Whether the latest action left changes no check has read yet.
    package var hasUnchecked: Bool { !unchecked.isEmpty }

    /// A check read `path`: the changes at it, inside it, or around it count as checked.
    package func checked(_ path: String) {
        guard !unchecked.isEmpty else { return }
        unchecked.removeAll { Self.covers(path, $0.path) || Self.covers($0.path, path) }
    }

    /// Whether `outer` is `inner` or holds it: `App.cart` holds `App.cart.items` and `App.rows[0]`.
    private static func covers(_ outer: String, _ inner: String) -> Bool {
        guard inner.hasPrefix(outer) else { return false }
        guard inner.count > outer.count else { return true }
        let next = inner[inner.index(inner.startIndex, offsetBy: outer.count)]
        return next == "." || next == "["
    }

    private static func snapshot(_ scopes: [Listed]) -> [Slot: ObservedValue] {
        var values: [Slot: ObservedValue] = [:]
        for listed in scopes {
            let id = ObjectIdentifier(listed.scope)
            for (name, value) in ObservedValue.properties(
                of: listed.scope, resolver: listed.unlinked?.resolver)
            {
                values[Slot(scope: id, name: name)] = value
            }
        }
        return values
    }

}
