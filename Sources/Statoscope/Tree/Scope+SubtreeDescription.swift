extension Scope {
    /// A readable description of this scope and everything below it, for debugging.
    ///
    /// One block per scope, indented by depth: its type and name in its parent, its state (stored
    /// properties), the `@Injected` dependencies it reads, the values injected at it, and its effects
    /// in flight:
    ///
    /// ```
    /// App
    ///   title = "Home"
    ///   injects APIClient = APIClient(...)
    ///   counter: Counter
    ///     viewDisplaysTotalCount = 1
    ///     @Injected api: APIClient = APIClient(...)
    ///     effect NetworkEffect<DTO>(...)
    ///   detail = nil
    /// ```
    public var subtreeDescription: String {
        SubtreeDescription(root: ScopeRuntimeTable.runtime(for: self)).text
    }
}

/// Renders a subtree, walking it with an explicit stack so that a very deep tree cannot overflow.
@MainActor
struct SubtreeDescription {
    /// The deepest indentation; deeper scopes say their depth instead, so a very deep tree's text
    /// grows with its size, not with the square of its depth.
    static let indentLimit = 32

    private(set) var lines: [String] = []

    var text: String { lines.joined(separator: "\n") }

    init(root: ScopeRuntime) {
        var stack: [(runtime: ScopeRuntime, depth: Int)] = [(root, 0)]
        while let (runtime, depth) = stack.popLast() {
            let children = describe(runtime, depth: depth)
            stack.append(contentsOf: children.reversed().map { ($0, depth + 1) })
        }
    }

    /// Adds the lines of one scope and returns its children, in declaration order.
    private mutating func describe(_ runtime: ScopeRuntime, depth: Int) -> [ScopeRuntime] {
        let indent = String(repeating: "  ", count: min(depth, Self.indentLimit))
        let header = String(describing: runtime.scopeType)
        if depth == 0 {
            lines.append(header)
        } else {
            let deep = depth > Self.indentLimit ? "(depth \(depth)) " : ""
            lines.append("\(indent)\(deep)\(runtime.nameInParent ?? "?"): \(header)")
        }
        guard let scope = runtime.scope else {
            lines.append("\(indent)  (released)")
            return []
        }
        var children: [ScopeRuntime] = []
        for property in ScopeProperty.all(of: scope) {
            switch property {
            case .state(let name, let value):
                lines.append("\(indent)  \(name) = \(ScopeProperty.render(value))")
            case .subscope(let subscope, let name):
                if subscope.isEmptyOptional {
                    lines.append("\(indent)  \(name) = nil")
                }
                children += subscope.linkChildren(to: runtime, name: name)
            case .injected(let injected, let name):
                lines.append("\(indent)  @Injected \(name): \(injected.describeResolved(in: runtime))")
            }
        }
        for (_, value) in runtime.injected.sorted(by: { "\(type(of: $0.value))" < "\(type(of: $1.value))" }) {
            lines.append("\(indent)  injects \(type(of: value)) = \(ScopeProperty.render(value))")
        }
        for entry in runtime.effects.inFlight {
            lines.append("\(indent)  effect \(ScopeProperty.render(entry.payload.pristine))")
        }
        return children
    }
}

/// A `@Superscope` property's storage, skipped by the description: it points up, not down.
protocol SuperscopeStorage {}

extension Superscope: SuperscopeStorage {}

/// An `@Injected` property's storage, shown with the value the scope resolves.
protocol InjectedStorage {
    @MainActor func describeResolved(in runtime: ScopeRuntime) -> String
}

extension Injected: InjectedStorage {
    @MainActor
    func describeResolved(in runtime: ScopeRuntime) -> String {
        "\(Value.self) = \(ScopeProperty.render(runtime.resolve(Value.self)))"
    }
}
