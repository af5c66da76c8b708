import Observation
@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInstruments

#if canImport(Combine)
    import Combine
#endif

/// A scope that a view reads but that no view redraws for: neither `@Observable` nor an
/// `ObservableObject`, so that a change of its state reaches no view.
package struct UnobservableScope: Error, CustomStringConvertible {
    /// The scope's type, as its declaration names it.
    package let scopeTypeName: String

    /// The problem with a view's reading `scope`; nil when views can observe it.
    package init?(_ scope: any Scope) {
        if scope is any Observable { return nil }
        #if canImport(Combine)
            if scope is any ObservableObject { return nil }
        #endif
        scopeTypeName = "\(type(of: scope))"
    }

    package var description: String {
        "a view reads \(scopeTypeName), which is neither @Observable nor an ObservableObject, so no view redraws when its state changes: add @Observable to the declaration of \(scopeTypeName)"
    }
}

extension Scope {
    /// Reports to ``ErrorReporting``, once per scope type in the scope's tree, that a view reads a
    /// scope no view redraws for; does nothing for a scope views can observe.
    package func reportIfViewsCannotObserve() {
        guard let problem = UnobservableScope(self) else { return }
        var root = ScopeRuntimeTable.runtime(for: self)
        while let parent = root.parent { root = parent }
        guard root.unobservableTypesReported.insert(ObjectIdentifier(Self.self)).inserted else { return }
        ErrorReporting.report(ErrorReport(error: problem, source: .observation, scope: self))
    }
}
