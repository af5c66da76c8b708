import Statoscope

/// A counter whose taps save the count through an effect: what a test plan drives in workload 7, and
/// what workload 8 records and replays (its events are `Codable`).
@MainActor
final class PlanCounter: Scope {
    var count = 0
    var saving = false

    enum When: Codable, Sendable {
        case tap
        case saved(Int)
    }

    struct Save: Effect, Equatable {
        let count: Int
        func runEffect() async throws -> Int { count }
    }

    func update(_ when: When) throws {
        switch when {
        case .tap:
            count += 1
            saving = true
            effectsState.enqueue(Save(count: count).map(When.saved))
        case .saved(let saved):
            count = saved
            saving = false
        }
    }
}
