@_spi(StatoscopeInternals) import StatoscopeCore
import StatoscopeInjection

extension Scope {
    /// A readable description of this scope and everything below it, for debugging.
    ///
    /// One block per scope, indented by depth: its type (and its name in its parent); its properties
    /// in declaration order (state with its value, an absent child as `nil`, an `@Injected` property
    /// with the value it resolves to); the values injected at it; its effects in flight; then its
    /// children's blocks. A `Home` scope with a title, a `counter` child whose tap posted the count,
    /// and an injected `APIClient`:
    ///
    /// <!-- output: subtree-description -->
    /// ```
    /// Home
    ///   title = "Home"
    ///   detail = nil
    ///   injects APIClient = APIClient(https://staging.example.com)
    ///   counter: Counter
    ///     viewDisplaysTotalCount = 1
    ///     @Injected api: APIClient = APIClient(https://staging.example.com)
    ///     effect PostCount(count: 1)
    /// ```
    public var subtreeDescription: String {
        ScopeDescriptionWriting.$isWriting.withValue(true) { SubtreeDescription(root: self).text }
    }
}

/// Renders a subtree, walking it with an explicit stack so that a very deep tree cannot overflow.
/// It reads the tree as it stands: describing links, moves and creates nothing.
@MainActor
struct SubtreeDescription {
    /// The deepest indentation; deeper scopes say their depth instead, so a very deep tree's text
    /// grows with its size, not with the square of its depth.
    static let indentLimit = 32

    private(set) var lines: [String] = []
    /// The scopes described so far: a scope met again (a row listed twice, or a scope whose
    /// property holds one above it, a link that was refused) is named, not described again, so a
    /// description of a tree that holds a cycle ends.
    private var described: Set<ObjectIdentifier> = []

    var text: String { lines.joined(separator: "\n") }

    private struct Pending {
        let scope: any Scope
        let runtime: ScopeRuntime?
        /// Where its `@Injected` and `@Shared` properties resolve: its own runtime once linked, else
        /// (an initial child never read yet) the parent's, where it will be linked.
        let resolver: ScopeRuntime?
        let name: String?
        let depth: Int
    }

    init(root: any Scope) {
        let runtime = ScopeRuntimeTable.existingRuntime(forObject: root)
        described.insert(ObjectIdentifier(root))
        var stack = [Pending(scope: root, runtime: runtime, resolver: runtime, name: nil, depth: 0)]
        while let next = stack.popLast() {
            stack.append(contentsOf: describe(next).reversed())
        }
    }

    /// Adds the lines of one scope and returns its children, in declaration order.
    private mutating func describe(_ item: Pending) -> [Pending] {
        let indent = String(repeating: "  ", count: min(item.depth, Self.indentLimit))
        let header = String(describing: type(of: item.scope))
        if let name = item.name {
            let deep = item.depth > Self.indentLimit ? "(depth \(item.depth)) " : ""
            lines.append("\(indent)\(deep)\(name): \(header)")
        } else {
            lines.append(header)
        }
        if item.runtime?.lifetime == .dismissed, item.depth == 0 {
            lines.append("\(indent)  (dismissed)")
        }
        var children: [Pending] = []
        var childIndex = 0
        let declared = TreeReading.children(of: item.scope, runtime: item.runtime)
        for property in ScopeProperty.all(of: item.scope, resolver: item.resolver) {
            switch property {
            case .state(let name, let value):
                lines.append("\(indent)  \(name) = \(ScopeProperty.render(value))")
            case .subscope(let subscope, let name):
                if subscope.isEmptyOptional {
                    lines.append("\(indent)  \(name) = nil")
                }
                let count = subscope.namedChildren(name: name).count
                for child in declared[childIndex..<childIndex + count] {
                    if let elsewhere = child.linkedElsewhere {
                        lines.append(
                            "\(indent)  \(child.name): \(type(of: child.scope)), linked at \(elsewhere)")
                    } else if !described.insert(ObjectIdentifier(child.scope)).inserted {
                        lines.append("\(indent)  \(child.name): \(type(of: child.scope)), shown above")
                    } else {
                        children.append(
                            Pending(
                                scope: child.scope, runtime: child.runtime,
                                resolver: child.resolver(under: item.resolver), name: child.name,
                                depth: item.depth + 1))
                    }
                }
                childIndex += count
            case .injected(let injected, let name):
                lines.append("\(indent)  @Injected \(name): \(injected.describeResolved(in: item.resolver))")
            }
        }
        if let runtime = item.runtime {
            // Named by the type each value is injected as: a protocol's, for one injected as one.
            for (_, injection) in runtime.dependencies.injected.sorted(by: {
                "\($0.value.type)" < "\($1.value.type)"
            }) {
                let type = DependencyTypeName.of(injection.type)
                lines.append("\(indent)  injects \(type) = \(ScopeProperty.render(injection.value))")
            }
            for entry in runtime.effects.inFlight {
                lines.append("\(indent)  effect \(ScopeProperty.render(entry.payload.pristine))")
            }
        }
        return children
    }
}
