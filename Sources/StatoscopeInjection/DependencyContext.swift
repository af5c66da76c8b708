@_spi(StatoscopeInternals) import StatoscopeCore

/// Which of its declared values a dependency gives a subtree where nothing overrides it: the live
/// ``Injectable/defaultValue``, the ``Injectable/previewValue`` for a preview, or, in a test, the
/// ``Injectable/testValue``.
///
/// A live app needs none: ``live`` applies where no scope above set one. A preview sets
/// ``preview`` on its root:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func previewSample(app: App) { … } -->
/// ```swift
/// app.useDependencies(.preview)   // `app` and its subtree read preview values
/// ```
///
/// Test plans set a test context on the scope `GIVEN` builds; a live test opts in with
/// `requireTestDependencies()` from `StatoscopeTesting`.
public struct DependencyContext: Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        case live
        case preview
        case test(TestDependencyRules)
    }

    package let kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// Dependencies give their live ``Injectable/defaultValue``.
    public static let live = DependencyContext(.live)

    /// Dependencies give their ``Injectable/previewValue``, which is their default unless declared.
    public static let preview = DependencyContext(.preview)

    /// `live`, `preview` or `test`.
    public var description: String {
        switch kind {
        case .live: "live"
        case .preview: "preview"
        case .test: "test"
        }
    }

    /// The value a reader gets where nothing overrides `Value`. Under a test context, reaching the
    /// live value is reported, through the rules, for `reader`, unless `reader` is nil (a description
    /// of the tree, which reads without reporting) or tests may read it.
    func fallback<Value: Injectable>(
        _ type: Value.Type, reader: @autoclosure () -> MissingDependency.Reader?
    ) -> Value {
        switch kind {
        case .live:
            return Value.defaultValue
        case .preview:
            return Value.previewValue
        case .test(let rules):
            let (value, isLive) = DeclaredValueProbe.testValue(of: Value.self)
            if isLive, !Value.isProvidedByTests, !rules.allows(Value.self), let reader = reader() {
                rules.report(MissingDependency(typeName: "\(Value.self)", reader: reader))
            }
            return value
        }
    }
}

/// What a test context does when a dependency read would reach a live value: which types it lets
/// through, and where it reports the others.
package struct TestDependencyRules: Sendable {
    /// Types whose live value tests may read here.
    package var allowedTypes: Set<ObjectIdentifier>
    /// Whether every type's live value may be read here.
    package var allowsEveryType: Bool
    /// Receives each read that reached a live value; called where the read happens, on the main
    /// actor for a scope and on the effect's task for an effect.
    package let report: @Sendable (MissingDependency) -> Void

    package init(
        allowedTypes: Set<ObjectIdentifier> = [], allowsEveryType: Bool = false,
        report: @escaping @Sendable (MissingDependency) -> Void
    ) {
        self.allowedTypes = allowedTypes
        self.allowsEveryType = allowsEveryType
        self.report = report
    }

    func allows<Value: Injectable>(_ type: Value.Type) -> Bool {
        allowsEveryType || allowedTypes.contains(ObjectIdentifier(type))
    }
}

/// A dependency read under a test context that nothing overrides and that declares no test value.
package struct MissingDependency: Sendable, Equatable {
    /// Who read it.
    package enum Reader: Sendable, Equatable {
        /// A scope, with its type and its path in the tree.
        case scope(typeName: String, path: String)
        /// An effect started by the scope at that path.
        case effect(scopePath: String)
    }

    /// The dependency's type, as written.
    package let typeName: String
    package let reader: Reader

    /// `Counter at App.counter read @Injected APIClient`, for a failure message.
    package var description: String {
        switch reader {
        case .scope(let typeName, let path):
            "\(typeName) at \(path) read @Injected \(self.typeName)"
        case .effect(let path):
            "an effect of \(path) read @Injected \(typeName)"
        }
    }
}
