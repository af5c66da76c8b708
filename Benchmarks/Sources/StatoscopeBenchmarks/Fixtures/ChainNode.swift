import Statoscope

/// A dependency the tree injects at its root and every node reads.
struct BenchService: Injectable {
    let value: Int
    static var defaultValue: BenchService { BenchService(value: 0) }
}

/// A scope with one optional child: a chain of them is the deepest tree of a given size.
@MainActor
final class ChainNode: Scope {
    var total = 0
    @Subscope var child: ChainNode? = nil
    /// A second child, outside the chain: replacing it changes the tree's shape.
    @Subscope var sibling: ChainNode? = nil
    @Injected var service: BenchService

    enum When: Sendable {
        case add(Int)
    }

    func update(_ when: When) throws {
        switch when {
        case .add(let value):
            total &+= value
        }
    }

    /// A chain `depth` scopes deep, linked with `@Subscope`; element `d - 1` is the scope at depth `d`
    /// (the root is at depth 1).
    static func chain(depth: Int) -> [ChainNode] {
        var nodes = [ChainNode()]
        while nodes.count < depth {
            let child = ChainNode()
            nodes[nodes.count - 1].child = child
            nodes.append(child)
        }
        return nodes
    }
}
