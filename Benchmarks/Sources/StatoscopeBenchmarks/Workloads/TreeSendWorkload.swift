import Statoscope

/// Workload 3: `send` to a scope at depth 1, 10, 100 and 1,000 of a tree built with `@Subscope`.
///
/// Budget: depth 1,000 <= 1.5x depth 1.
@MainActor
enum TreeSendWorkload {
    static let depths = [1, 10, 100, 1_000]

    static func run(_ context: WorkloadContext) {
        let chain = ChainNode.chain(depth: depths.last!)
        let cases = depths.map { depth in
            let node = chain[depth - 1]
            return TimedCase(name: "send at depth \(depth)") { iterations in
                for index in 0..<iterations {
                    node.send(.add(index & 7))
                }
                return UInt64(truncatingIfNeeded: node.total)
            }
        }
        recordByDepth(Sampler.measure(cases, in: context), in: context)
    }

    /// Records figures measured at `depths`, in order: depth 1 is the baseline, depth 1,000 has the
    /// budget, the depths between are reported.
    static func recordByDepth(_ results: [Measured], in context: WorkloadContext) {
        context.recordBaseline(results[0])
        for (depth, result) in zip(depths, results).dropFirst() {
            context.record(result, against: results[0], budget: depth == 1_000 ? .ratio(atMost: 1.5) : nil)
        }
    }
}
