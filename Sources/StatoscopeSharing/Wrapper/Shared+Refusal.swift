@_spi(StatoscopeInternals) import StatoscopeCore

extension Shared {
    /// Reports a refused write of `reader`'s value to ``ErrorReporting``, naming the key, the store
    /// and the writer's path; logs it only while the error handlers run, whose own writes these are.
    ///
    /// `box` is the value's box if known, and `runtime` the writer's if it has one: a scope being
    /// released is named from what it had, and nothing is made for it.
    @MainActor
    static func refuse<Reader: Scope>(
        _ cause: WriteRefusalCause, by reader: Reader, box: SharedBox<Value>?, runtime: ScopeRuntime?,
        storage storageKeyPath: ReferenceWritableKeyPath<Reader, Shared<Value>>
    ) {
        let source = reader[keyPath: storageKeyPath].source
        let refusal = SharedValueWriteRefused(
            key: box?.name ?? source.keyName, store: storeText(of: source, box: box, runtime: runtime),
            cause: cause)
        let report =
            if let runtime {
                ErrorReport(error: refusal, source: .sharing, runtime: runtime)
            } else {
                ErrorReport(error: refusal, source: .sharing, scope: reader)
            }
        guard !Dispatcher.isHandlingReport else {
            return ErrorReporting.logger.error("\(report.description)", source: LogSource.name)
        }
        ErrorReporting.report(report)
    }

    /// The store holding the value, with where it saves it if the key is persisted.
    @MainActor
    private static func storeText(of source: Source, box: SharedBox<Value>?, runtime: ScopeRuntime?)
        -> String
    {
        guard case .key(let key) = source else { return "no store (its scope owns it)" }
        guard let store = box?.store ?? runtime.map(SharedStore.serving) else {
            return "the store of a scope released before it read the value"
        }
        guard key.format != nil else { return store.description }
        return "\(store.description) (saved at \(store.storage.location(of: key.name)))"
    }
}

extension Shared.Source {
    /// The key's name, or `owned`, as the value's box names it.
    var keyName: String {
        switch self {
        case .key(let key): return key.name
        case .owned: return "owned"
        }
    }
}
