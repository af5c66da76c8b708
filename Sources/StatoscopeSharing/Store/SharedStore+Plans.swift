@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

extension SharedStore {
    /// Gives the root of a test plan's line a store of its own, in memory, with the default write
    /// delay on the plan's virtual time, unless the plan's builder injected one there: each line, and
    /// so each `FORK` branch, starts from empty values that no other plan sees.
    package static func provideForPlan(to root: some Scope) {
        let key = ObjectIdentifier(SharedStore.self)
        if let runtime = ScopeRuntimeTable.existingRuntime(for: root),
            runtime.dependencies.injected[key] != nil
        {
            return
        }
        root.inject(SharedStore(storage: InMemoryStorage()))
    }

    /// The store `scope` reads its shared values from.
    package static func resolved(by scope: some Scope) -> SharedStore {
        SharedStore.serving(ScopeRuntimeTable.runtime(for: scope))
    }

    /// The value of `key` as `scope` reads it, loading it if no scope read it yet, without telling
    /// observers.
    package static func current<Value>(_ key: SharedKey<Value>, readBy scope: some Scope) -> Value {
        let runtime = ScopeRuntimeTable.runtime(for: scope)
        return SharedStore.serving(runtime).box(for: key, reader: runtime).current
    }

    /// What the storage holds for `key`, decoded, or why it cannot say.
    package func saved<Value>(_ key: SharedKey<Value>) -> Result<Value?, SavedValueProblem> {
        guard let format = key.format else { return .failure(.notPersisted) }
        do {
            guard let data = try storage.load(key.name) else { return .success(nil) }
            return .success(try format.decode(data))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }
}

/// Why a check cannot read what was saved.
package enum SavedValueProblem: Error, CustomStringConvertible {
    case notPersisted
    case unreadable(String)

    package var description: String {
        switch self {
        case .notPersisted:
            return "the key is kept in memory, never saved: declare it with SharedKey.persisted"
        case .unreadable(let reason): return "what is saved cannot be read: \(reason)"
        }
    }
}
