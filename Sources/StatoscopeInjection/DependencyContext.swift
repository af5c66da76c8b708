@_spi(StatoscopeInternals) import StatoscopeCore

/// Which of its declared values a dependency gives a subtree where nothing overrides it: the live
/// ``Injectable/defaultValue``, the ``Injectable/previewValue`` for a preview, or, in a test, the
/// ``Injectable/testValue``.
///
/// A live app needs none: where no scope above set one, ``live`` applies, and ``preview`` when Xcode
/// renders previews (see ``ProcessEnvironment``). Any scope can set one for its subtree:
///
/// <!-- compiled with: Scopes -->
/// <!-- compiled inside: @MainActor func previewSample(app: App) { … } -->
/// ```swift
/// app.useDependencies(.preview)   // `app` and its subtree read preview values, in the app too
/// ```
///
/// Test plans set a test context on the scope `GIVEN` builds; a live test opts in with
/// `requireTestDependencies()` from `StatoscopeTesting`.
public struct DependencyContext: Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        case live
        case preview
        case test(TestDependencyRules)
        /// `.live` or `.preview` set on a subtree below a test context: the test's rules still apply.
        case withinTest(Subtree, TestDependencyRules)
    }

    /// What a subtree below a test context asked for.
    package enum Subtree: Sendable {
        /// `.live`, which a test does not honour: its reads follow the test's rules.
        case live
        /// `.preview`: its reads get declared preview values, and a read reaching a live value is
        /// reported as in the test.
        case preview
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
        case .live, .withinTest(.live, _): "live"
        case .preview, .withinTest(.preview, _): "preview"
        case .test: "test"
        }
    }

    /// The rules of the test this context is in, if any.
    package var testRules: TestDependencyRules? {
        switch kind {
        case .live, .preview: nil
        case .test(let rules), .withinTest(_, let rules): rules
        }
    }

    /// This context, set on a subtree, as it applies below `outer`, the context nearest above the
    /// subtree: `.live` and `.preview` below a test context keep the test's rules, so that a test
    /// never reads a live value unawares.
    func nested(in outer: DependencyContext?) -> DependencyContext {
        guard let rules = outer?.testRules else { return self }
        switch kind {
        case .live: return DependencyContext(.withinTest(.live, rules))
        case .preview: return DependencyContext(.withinTest(.preview, rules))
        case .test, .withinTest: return self
        }
    }

    /// This context, set on a scope that already has `existing`: a test's context and a subtree's
    /// (`.live`, `.preview`) set on one scope both apply, in either order, the subtree's within the
    /// test's, as they would on a scope and its parent; otherwise the later replaces the earlier.
    func set(over existing: DependencyContext?) -> DependencyContext {
        switch (kind, existing?.kind) {
        case (.test(let rules), .live?), (.test(let rules), .withinTest(.live, _)?):
            DependencyContext(.withinTest(.live, rules))
        case (.test(let rules), .preview?), (.test(let rules), .withinTest(.preview, _)?):
            DependencyContext(.withinTest(.preview, rules))
        case (.live, _), (.preview, _):
            nested(in: existing)
        default:
            self
        }
    }

    /// The value a reader gets where nothing overrides `Value`, as the `Injectable` form below gives
    /// it; nil for any other type (a protocol), which declares no value.
    func fallback<Value: Sendable>(
        _ type: Value.Type, reader: @autoclosure () -> MissingDependency.Reader?
    ) -> Value? {
        guard let declared = type as? any Injectable.Type else { return nil }
        return fallback(declared, reader: reader()) as any Sendable as? Value
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
        case .test(let rules), .withinTest(.live, let rules):
            if let provided = rules.provided[ObjectIdentifier(Value.self)] as? Value { return provided }
            let (value, isLive) = DeclaredValueProbe.probing { Value.testValue }
            if isLive, !Value.isProvidedByTests, !rules.allows(Value.self), let reader = reader() {
                rules.report(MissingDependency(typeName: "\(Value.self)", reader: reader, subtree: subtree))
            }
            return value
        case .withinTest(.preview, let rules):
            if let provided = rules.provided[ObjectIdentifier(Value.self)] as? Value { return provided }
            let (value, isLive) = DeclaredValueProbe.probing { Value.previewValue }
            if isLive, !Value.isProvidedByTests, !rules.allows(Value.self), let reader = reader() {
                rules.report(MissingDependency(typeName: "\(Value.self)", reader: reader, subtree: subtree))
            }
            return value
        }
    }

    /// What a subtree below a test context asked for, if this is one.
    private var subtree: Subtree? {
        if case .withinTest(let subtree, _) = kind { return subtree }
        return nil
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
    /// What the test itself gives, by type, where nothing in the tree overrides it: a plan's clock.
    package let provided: [ObjectIdentifier: any Sendable]

    package init(
        allowedTypes: Set<ObjectIdentifier> = [], allowsEveryType: Bool = false,
        provided: [ObjectIdentifier: any Sendable] = [:],
        report: @escaping @Sendable (MissingDependency) -> Void
    ) {
        self.allowedTypes = allowedTypes
        self.allowsEveryType = allowsEveryType
        self.provided = provided
        self.report = report
    }

    func allows<Value>(_ type: Value.Type) -> Bool {
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
    /// What the reader's subtree asked for below the test context, if it set `.live` or `.preview`.
    package let subtree: DependencyContext.Subtree?

    package init(typeName: String, reader: Reader, subtree: DependencyContext.Subtree? = nil) {
        self.typeName = typeName
        self.reader = reader
        self.subtree = subtree
    }

    /// `Counter at App.counter read @Injected APIClient`, for a failure message, and what the
    /// reader's subtree asked for, if anything.
    package var description: String {
        let read =
            switch reader {
            case .scope(let typeName, let path):
                "\(typeName) at \(path) read @Injected \(self.typeName)"
            case .effect(let path):
                "an effect of \(path) read @Injected \(typeName)"
            }
        switch subtree {
        case nil:
            return read
        case .preview:
            return "\(read) (its subtree is set to .preview and \(typeName) declares no previewValue)"
        case .live:
            return "\(read) (its subtree is set to .live, which a test does not honour)"
        }
    }
}
