import Statoscope

/// A scope with `Codable` events and no effects: what workload 8 records and replays, and the
/// plain work workload 7's plans are compared with.
@MainActor
final class TallyScope: Scope {
    var total = 0
    var events = 0

    enum When: Codable, Sendable {
        case add(Int)
        case reset
    }

    func update(_ when: When) throws {
        events += 1
        switch when {
        case .add(let value): total &+= value
        case .reset: total = 0
        }
    }
}

/// Every tally event is tracked once analytics is installed (workload 2's tracked row).
extension TallyScope.When: TrackedWhen {}
