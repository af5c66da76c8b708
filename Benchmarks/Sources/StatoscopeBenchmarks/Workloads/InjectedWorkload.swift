import Statoscope

/// Workload 4: reading an `@Injected` dependency at depth 1, 10, 100 and 1,000 of a tree whose root
/// injects it: steady (the value is cached); right after `inject` replaced the root's value
/// (every cached value is stale); right after a scope was linked at the root (the tree changed
/// shape, so every cached answer is stale).
///
/// Budget: depth 1,000 <= 1.5x depth 1, applied to each.
@MainActor
enum InjectedWorkload {
    static func run(_ context: WorkloadContext) {
        let depths = TreeSendWorkload.depths
        let chain = ChainNode.chain(depth: depths.last!)
        let root = chain[0]
        root.inject(BenchService(value: 1))

        let steady = depths.map { cached(readBy: chain[$0 - 1], depth: $0) }
        TreeSendWorkload.recordByDepth(Sampler.measure(steady, in: context), in: context)

        let injected = depths.map { afterInjection(at: root, readBy: chain[$0 - 1], depth: $0) }
        TreeSendWorkload.recordByDepth(Sampler.measure(injected, in: context), in: context)

        let relinked = depths.map { afterLinking(at: root, readBy: chain[$0 - 1], depth: $0) }
        TreeSendWorkload.recordByDepth(Sampler.measure(relinked, in: context), in: context)
    }

    /// Reads of a value the reader has cached: nothing changed in the tree since it was resolved.
    static func cached(readBy reader: ChainNode, depth: Int) -> TimedCase {
        TimedCase(name: "@Injected read at depth \(depth), cached") { iterations in
            var sum = 0
            for _ in 0..<iterations {
                sum &+= reader.service.value
            }
            return UInt64(truncatingIfNeeded: sum)
        }
    }

    /// Each iteration replaces the value the root injected (which makes every resolved value in the
    /// tree stale), then `reader` reads.
    static func afterInjection(at root: ChainNode, readBy reader: ChainNode, depth: Int) -> TimedCase {
        read(by: reader, afterEach: "inject replacing the root's value", depth: depth) { index in
            root.inject(BenchService(value: index))
        }
    }

    /// Each iteration links a new scope at the root, in place of the previous one (the tree changes
    /// shape: unlinking and linking), then `reader` reads.
    static func afterLinking(at root: ChainNode, readBy reader: ChainNode, depth: Int) -> TimedCase {
        read(by: reader, afterEach: "scope linked at the root", depth: depth) { _ in
            root.sibling = ChainNode()
        }
    }

    /// Each iteration makes `change` (given the iteration's number), then `reader` reads: the figure is
    /// the change plus the first read after it, microseconds against which calling `change` is noise.
    private static func read(
        by reader: ChainNode, afterEach change: String, depth: Int,
        _ makeChange: @escaping @MainActor (Int) -> Void
    ) -> TimedCase {
        TimedCase(name: "\(change) + read at depth \(depth)") { iterations in
            var sum = 0
            for index in 0..<iterations {
                makeChange(index)
                sum &+= reader.service.value
            }
            return UInt64(truncatingIfNeeded: sum)
        }
    }
}
