@_spi(StatoscopeInternals) import StatoscopeCore

/// A dependency read where nothing provides a value: no scope from the reader up to its root
/// injected one, and its type declares none, as a protocol injected with
/// ``Scope/inject(_:as:)`` does not.
///
/// There is no value to return, so the read stops the program after a scope's read reports this
/// error to ``ErrorReporting`` (source ``ErrorReport/Source/dependency``); the message names the type,
/// the reader and the fix. An effect's `@Injected` properties are checked when it starts: an effect
/// that would read such a type does not run, and this error is reported as its failure, naming the
/// effect and its scope. A test plan checks before each step that every scope's dependencies are
/// provided, and fails the step instead.
public struct MissingDependencyError: Error, Sendable, CustomStringConvertible {
    /// The dependency's type, as written: `any ChatClient`.
    public let typeName: String
    /// Who read it: `Chat at App.chat`, `the effect SendMessage of App.chat`, `an effect of App.chat`,
    /// or `an effect`.
    public let reader: String

    init(typeName: String, reader: MissingDependency.Reader?) {
        self.typeName = typeName
        switch reader {
        case .scope(let scopeType, let path): self.reader = "\(scopeType) at \(path)"
        case .effect(let path): self.reader = "an effect of \(path)"
        case nil: self.reader = "an effect"
        }
    }

    init(typeName: String, effect: String, scopePath: String) {
        self.typeName = typeName
        reader = "the effect \(effect) of \(scopePath)"
    }

    /// What was read, why nothing provides it, and how to provide it.
    public var description: String {
        """
        \(reader) read @Injected \(typeName), which nothing provides: no scope from it up to its root \
        injected one, and \(typeName) declares no value of its own. Inject one at the root: \
        root.inject(value, as: (\(typeName)).self)
        """
    }

    /// Reports the error for the scope of `runtime`, then stops.
    @MainActor
    func report(for runtime: ScopeRuntime) -> Never {
        ErrorReporting.report(ErrorReport(error: self, source: .dependency, runtime: runtime))
        stop()
    }

    /// Stops the program with the message: the read has no value to return.
    func stop() -> Never {
        preconditionFailure(description)
    }
}
