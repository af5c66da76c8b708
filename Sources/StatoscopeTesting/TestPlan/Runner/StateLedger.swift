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
    package struct Change: Equatable {
        package let path: String
        package let before: String
        package let after: String
    }

    private var baseline: [String: ObservedValue] = [:]
    private var unchecked: [Change] = []
    private var changedBy: StepLocation?

    package init() {}

    /// Starts from the state of `scopes`, with nothing to check: a line just built, or a branch
    /// brought to its fork point.
    package func rebase(on scopes: [(scope: any Scope, path: String)]) {
        baseline = Self.snapshot(scopes)
        unchecked.removeAll()
        changedBy = nil
    }

    /// Records what an action at `location` changed; hands back what the previous one changed and
    /// left unchecked, with where it happened.
    package func actionRan(
        at location: StepLocation, leaving scopes: [(scope: any Scope, path: String)]
    ) -> (changes: [Change], at: StepLocation)? {
        let leftover = takeUnchecked()
        let current = Self.snapshot(scopes)
        unchecked = current.compactMap { path, value in
            guard let before = baseline[path], !before.isSame(as: value) else { return nil }
            return Change(path: path, before: before.text, after: value.text(comparedWith: before))
        }
        .sorted { $0.path < $1.path }
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

    private static func snapshot(_ scopes: [(scope: any Scope, path: String)]) -> [String: ObservedValue] {
        var values: [String: ObservedValue] = [:]
        for (scope, path) in scopes {
            for (name, value) in ObservedValue.properties(of: scope) {
                values["\(path).\(name)"] = value
            }
        }
        return values
    }
}
