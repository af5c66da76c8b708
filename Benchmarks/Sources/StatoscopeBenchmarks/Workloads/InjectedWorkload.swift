import Statoscope

/// Workload 4: reading an `@Injected` dependency at depth 1, 10, 100 and 1,000 of a tree whose root
/// injects it; steady (the value is cached) and right after an `injectObject` invalidated every cache.
///
/// Budget: depth 1,000 <= 1.5x depth 1, applied to both.
@MainActor
enum InjectedWorkload {
    static func run(_ context: WorkloadContext) {
        let depths = TreeSendWorkload.depths
        let chain = ChainNode.chain(depth: depths.last!)
        let root = chain[0]
        root.injectObject(BenchService(value: 1))

        let steady = depths.map { depth in
            let node = chain[depth - 1]
            return TimedCase(name: "@Injected read at depth \(depth), cached") { iterations in
                var sum = 0
                for _ in 0..<iterations {
                    sum &+= node.service.value
                }
                return UInt64(truncatingIfNeeded: sum)
            }
        }
        TreeSendWorkload.recordByDepth(Sampler.measure(steady, in: context), in: context)

        let invalidated = depths.map { afterInjection(at: root, readBy: chain[$0 - 1], depth: $0) }
        TreeSendWorkload.recordByDepth(Sampler.measure(invalidated, in: context), in: context)
    }

    /// Each iteration injects anew at the root (which invalidates every resolved value in the tree),
    /// then `reader` reads: the figure is one `injectObject` plus the first read after it.
    static func afterInjection(at root: ChainNode, readBy reader: ChainNode, depth: Int) -> TimedCase {
        TimedCase(name: "injectObject at root + @Injected read at depth \(depth)") { iterations in
            var sum = 0
            for index in 0..<iterations {
                root.injectObject(BenchService(value: index))
                sum &+= reader.service.value
            }
            return UInt64(truncatingIfNeeded: sum)
        }
    }
}
