@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

extension Scope {
    /// The scope as a developer wants to see it in a debugger or a log line: its type and place in
    /// the tree, then one line per property, by the name it was written with, and one per effect in
    /// flight.
    ///
    /// ```
    /// Counter at App.counter
    ///   viewDisplaysTotalCount = 1
    ///   detail: Detail
    ///   rows: [Row, Row]
    ///   @Injected api: APIClient
    ///   effect NetworkEffect<DTO>(...)
    /// ```
    ///
    /// Reading it links, creates and resolves nothing; values marked ``Sensitive`` print redacted.
    /// ``subtreeDescription`` shows the children's state too. A scope that declares its own
    /// `debugDescription` keeps it. `print(scope)` and `String(describing: scope)` show the same
    /// text, unless the scope has a `description` of its own.
    public var debugDescription: String {
        ScopeDescriptionWriting.$isWriting.withValue(true) { stateLines() }
    }

    /// The lines of ``debugDescription``; a scope in the state is named by its type.
    private func stateLines() -> String {
        let runtime = ScopeRuntimeTable.existingRuntime(for: self)
        let place = runtime.map { $0.nameInParent == nil ? "" : " at \($0.path)" } ?? ""
        // The dynamic type: a subclass seen through its base class is still described as itself.
        var lines = ["\(type(of: self))\(place)"]
        for property in ScopeProperty.all(of: self) {
            switch property {
            case .state(let name, let value):
                lines.append("  \(name) = \(ScopeProperty.render(value))")
            case .subscope(let subscope, let name):
                lines.append("  \(name): \(Self.heldScopes(in: subscope))")
            case .injected(let injected, let name):
                // The storage names the dependency; resolving it would touch the tree.
                let type =
                    (injected as? any DependencyDeclaration)?.typeName
                    ?? String("\(type(of: injected))".dropFirst("Injected<".count).dropLast())
                lines.append("  @Injected \(name): \(type)")
            }
        }
        for entry in runtime?.effects.inFlight ?? [] {
            lines.append("  effect \(ScopeProperty.render(entry.payload.pristine))")
        }
        return lines.joined(separator: "\n")
    }

    /// What a `@Subscope` holds, by type: `Detail`, `nil`, `[Row, Row]`. Read by reflection, since
    /// reading the property itself would link its child.
    private static func heldScopes(in storage: Any) -> String {
        guard let value = Mirror(reflecting: storage).children.first(where: { $0.label == "value" })?.value
        else { return "?" }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { "\(type(of: $0.value))" } ?? "nil"
        case .collection:
            return "[" + mirror.children.map { "\(type(of: $0.value))" }.joined(separator: ", ") + "]"
        default:
            return "\(type(of: value))"
        }
    }
}
