import Statoscope

/// Workload 9: dismissing a presented subtree of 1,000 scopes, each with an effect in flight, while
/// the dismissed top is still held (as a view would hold it).
///
/// Baseline: the same subtree built and its effects started, then every scope's effects cancelled by
/// hand. Both sides build the tree and start 1,000 tasks; the ratio is what finding and ending the
/// subtree's work on dismissal adds. Reported, with no budget.
@MainActor
enum DismissalWorkload {
    static let size = 1_000

    static func run(_ context: WorkloadContext) {
        let gate = ParkingGate()
        let root = ScreenNode(gate: gate)
        let byHand = TimedCase(name: "build \(size) scopes, start an effect each, cancel each by hand") {
            iterations in
            var cancelled = 0
            for _ in 0..<iterations {
                let (_, all) = ScreenNode.subtree(count: size, gate: gate)
                for node in all {
                    cancelled += node.effectsState.effects.count
                    node.effectsState.cancelAllEffects()
                }
            }
            return UInt64(cancelled)
        }
        let dismissed = TimedCase(name: "build \(size) scopes, start an effect each, dismiss the subtree") {
            iterations in
            var held: [ScreenNode] = []
            for _ in 0..<iterations {
                let (top, _) = ScreenNode.subtree(count: size, gate: gate)
                root.send(.present(top))
                root.send(.present(nil))
                held.append(top)
            }
            return UInt64(held.count)
        }
        let results = Sampler.measure([byHand, dismissed], in: context)
        context.recordBaseline(results[0])
        context.record(results[1], against: results[0])
    }
}
