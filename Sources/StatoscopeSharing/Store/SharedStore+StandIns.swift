@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

extension SharedStore {
    /// The store the scope of `runtime` reads its shared values from: the one injected nearest above
    /// it, or the process's.
    ///
    /// In a tree kept apart from the live app (a replay's), a stand-in of that tree's own, made for
    /// each store the tree would read: in memory, starting from each key's default, so that the tree
    /// changes none of the app's values, tells none of their readers and saves nothing.
    static func serving(_ runtime: ScopeRuntime) -> SharedStore {
        let store = runtime.resolve(SharedStore.self)
        guard let standIns = runtime.dependencyStandIns else { return store }
        return standIns.standIn(for: store) {
            SharedStore(storage: InMemoryStorage(), schedule: .never)
        }
    }
}
