@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

extension Scope {
    /// Asks to be told of every change to `key`'s value, as an event of this scope's own, built by
    /// `event` from the new value.
    ///
    /// <!-- compiled with: SharingApp -->
    /// <!-- compiled inside: enum ReceiveChangesSample { … } -->
    /// <!-- declarations at the top level -->
    /// ```swift
    /// final class Badge: Scope {
    ///     var text = ""
    ///     enum When { case appeared, unreadCountChanged(Int) }
    ///     func update(_ when: When) throws {
    ///         switch when {
    ///         case .appeared: receiveChanges(of: .unreadCount, as: When.unreadCountChanged)
    ///         case .unreadCountChanged(let count): text = count == 0 ? "" : "\(count)"
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// A change made by an update reaches this scope's `update` after that update returns, before the
    /// `send` that made it returns; a change found by ``SharedStore/reload()`` reaches it at once. The
    /// store is the one the scope resolves now: ask once the scope is in its tree. Asking again
    /// replaces the earlier request; the request ends when the scope is released. A scope out of the
    /// app, dismissed or being unlinked by the update that makes the change, is not told of it (and
    /// nothing is reported); linked again, it is told of the changes that follow.
    public func receiveChanges<Value>(
        of key: SharedKey<Value>, as event: @escaping @MainActor (Value) -> When
    ) {
        let runtime = ScopeRuntimeTable.runtime(for: self)
        let box = SharedStore.serving(runtime).box(for: key, reader: runtime)
        box.observe(by: self, runtime: runtime) { [weak self] value in
            self?.send(event(value))
        }
    }
}
